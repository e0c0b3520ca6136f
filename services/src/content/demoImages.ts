import { z } from 'zod';
import { DomainError } from '../core/errors';
import { defineRoute } from '../core/route';

/**
 * The demo content's pictures, drawn here as SVG (nothing downloaded, nothing stored): blog
 * illustrations, category pictures, the slider's backgrounds and the investment objects' houses.
 * `/storage/demo-content/<kind>-<n>.svg`, deterministic per name.
 */
type Kind = 'blog' | 'category' | 'slide' | 'investment';

const PALETTES = [
  { bg: '#e8f1fb', main: '#2f6db5', accent: '#f2a541', soft: '#b9d3f0' },
  { bg: '#eef7ee', main: '#2e8b57', accent: '#f26b5b', soft: '#bfe3c9' },
  { bg: '#fbf1e6', main: '#c0622f', accent: '#3c7dd9', soft: '#f3d3b8' },
  { bg: '#f2edf9', main: '#6b4fb3', accent: '#2bb3a3', soft: '#d6cbef' },
  { bg: '#fdf6d8', main: '#8a6d1f', accent: '#d9534f', soft: '#f1e3a6' },
  { bg: '#e6f6f7', main: '#17808a', accent: '#f08a24', soft: '#b5e2e6' },
];

const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>`;

/** a house with a roof, a door and windows, at x, y (its bottom left), w wide */
const house = (x: number, y: number, w: number, wall: string, roof: string, glass: string) => {
  const h = w * 0.7;
  return `<polygon points="${x - w * 0.08},${y - h} ${x + w / 2},${y - h - w * 0.45} ${x + w * 1.08},${y - h}" fill="${roof}"/>
<rect x="${x}" y="${y - h}" width="${w}" height="${h}" fill="${wall}"/>
<rect x="${x + w * 0.42}" y="${y - h * 0.5}" width="${w * 0.16}" height="${h * 0.5}" fill="${roof}"/>
<rect x="${x + w * 0.1}" y="${y - h * 0.78}" width="${w * 0.2}" height="${w * 0.16}" fill="${glass}"/>
<rect x="${x + w * 0.7}" y="${y - h * 0.78}" width="${w * 0.2}" height="${w * 0.16}" fill="${glass}"/>`;
};

/** Six themes of the blog's illustrations: a house and its key, papers, a percent, a crane, a room, a chart. */
function illustration(n: number, w: number, h: number): string {
  const p = PALETTES[n % PALETTES.length];
  const cx = w / 2;
  const ground = h * 0.82;
  const scene = [
    // a house and its key
    () =>
      house(cx - w * 0.2, ground, w * 0.3, '#ffffff', p.main, p.soft) +
      `<circle cx="${cx + w * 0.22}" cy="${h * 0.42}" r="${h * 0.09}" fill="none" stroke="${p.accent}" stroke-width="${h * 0.035}"/>
<rect x="${cx + w * 0.22 - h * 0.017}" y="${h * 0.5}" width="${h * 0.035}" height="${h * 0.26}" fill="${p.accent}"/>
<rect x="${cx + w * 0.22}" y="${h * 0.66}" width="${h * 0.07}" height="${h * 0.03}" fill="${p.accent}"/>`,
    // papers with a stamp and a pen
    () =>
      [0, 1, 2]
        .map(
          (i) =>
            `<rect x="${cx - w * 0.16 + i * w * 0.03}" y="${h * 0.16 + i * h * 0.03}" width="${w * 0.3}" height="${h * 0.62}" rx="8" fill="#ffffff" stroke="${p.soft}" stroke-width="4"/>`,
        )
        .join('') +
      [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<rect x="${cx - w * 0.07}" y="${h * 0.3 + i * h * 0.07}" width="${w * (i % 2 ? 0.15 : 0.19)}" height="${h * 0.025}" fill="${p.soft}"/>`,
        )
        .join('') +
      `<circle cx="${cx + w * 0.1}" cy="${h * 0.68}" r="${h * 0.07}" fill="none" stroke="${p.accent}" stroke-width="6"/>
<rect x="${cx + w * 0.2}" y="${h * 0.2}" width="${h * 0.04}" height="${h * 0.5}" rx="6" fill="${p.main}" transform="rotate(25 ${cx + w * 0.2} ${h * 0.45})"/>`,
    // a percent sign over coins
    () =>
      [0, 1, 2, 3]
        .map(
          (i) =>
            `<ellipse cx="${cx + w * 0.18}" cy="${ground - i * h * 0.06}" rx="${w * 0.08}" ry="${h * 0.035}" fill="${p.accent}" stroke="#ffffff" stroke-width="3"/>`,
        )
        .join('') +
      `<circle cx="${cx - w * 0.16}" cy="${h * 0.32}" r="${h * 0.08}" fill="none" stroke="${p.main}" stroke-width="${h * 0.04}"/>
<circle cx="${cx - w * 0.02}" cy="${h * 0.66}" r="${h * 0.08}" fill="none" stroke="${p.main}" stroke-width="${h * 0.04}"/>
<line x1="${cx - w * 0.02}" y1="${h * 0.22}" x2="${cx - w * 0.16}" y2="${h * 0.76}" stroke="${p.main}" stroke-width="${h * 0.04}" stroke-linecap="round"/>`,
    // a crane over a rising building
    () =>
      `<rect x="${cx - w * 0.05}" y="${h * 0.36}" width="${w * 0.2}" height="${ground - h * 0.36}" fill="${p.main}"/>` +
      [0, 1, 2, 3, 4]
        .map((i) =>
          [0, 1, 2]
            .map(
              (j) =>
                `<rect x="${cx - w * 0.03 + j * w * 0.06}" y="${h * 0.4 + i * h * 0.08}" width="${w * 0.035}" height="${h * 0.045}" fill="${p.soft}"/>`,
            )
            .join(''),
        )
        .join('') +
      `<rect x="${cx - w * 0.28}" y="${h * 0.12}" width="${w * 0.02}" height="${ground - h * 0.12}" fill="${p.accent}"/>
<rect x="${cx - w * 0.34}" y="${h * 0.12}" width="${w * 0.52}" height="${h * 0.025}" fill="${p.accent}"/>
<line x1="${cx + w * 0.12}" y1="${h * 0.145}" x2="${cx + w * 0.12}" y2="${h * 0.3}" stroke="${p.main}" stroke-width="3"/>
<rect x="${cx + w * 0.1}" y="${h * 0.3}" width="${w * 0.04}" height="${h * 0.03}" fill="${p.main}"/>`,
    // a room: a window, a sofa and a lamp
    () =>
      `<rect x="${cx - w * 0.3}" y="${h * 0.14}" width="${w * 0.22}" height="${h * 0.36}" fill="${p.soft}" stroke="#ffffff" stroke-width="10"/>
<rect x="${cx - w * 0.05}" y="${h * 0.54}" width="${w * 0.34}" height="${h * 0.18}" rx="18" fill="${p.main}"/>
<rect x="${cx - w * 0.07}" y="${h * 0.48}" width="${w * 0.06}" height="${h * 0.26}" rx="14" fill="${p.main}"/>
<rect x="${cx + w * 0.26}" y="${h * 0.48}" width="${w * 0.06}" height="${h * 0.26}" rx="14" fill="${p.main}"/>
<line x1="${cx + w * 0.36}" y1="${h * 0.3}" x2="${cx + w * 0.36}" y2="${ground}" stroke="${p.accent}" stroke-width="5"/>
<polygon points="${cx + w * 0.32},${h * 0.3} ${cx + w * 0.4},${h * 0.3} ${cx + w * 0.38},${h * 0.2} ${cx + w * 0.34},${h * 0.2}" fill="${p.accent}"/>`,
    // a chart going up
    () =>
      [0.5, 0.42, 0.55, 0.35, 0.28, 0.2]
        .map(
          (top, i) =>
            `<rect x="${cx - w * 0.3 + i * w * 0.1}" y="${h * top}" width="${w * 0.06}" height="${ground - h * top}" rx="6" fill="${i % 2 ? p.main : p.soft}"/>`,
        )
        .join('') +
      `<polyline points="${[0.45, 0.38, 0.5, 0.3, 0.23, 0.14].map((y, i) => `${cx - w * 0.27 + i * w * 0.1},${h * y}`).join(' ')}" fill="none" stroke="${p.accent}" stroke-width="8" stroke-linejoin="round"/>`,
  ][n % 6];
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="${p.bg}"/>
<circle cx="${w * 0.85}" cy="${h * 0.2}" r="${h * 0.22}" fill="${p.soft}" opacity=".6"/>
<circle cx="${w * 0.1}" cy="${h * 0.85}" r="${h * 0.3}" fill="${p.soft}" opacity=".45"/>
<rect y="${ground}" width="${w}" height="${h - ground}" fill="${p.soft}"/>${scene()}`,
  );
}

/** a wide background of the slider: a sky, a city's skyline, light */
function slideBackground(n: number): string {
  const w = 1440;
  const h = 480;
  const p = PALETTES[(n + 2) % PALETTES.length];
  let seed = 11 + n * 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const towers: string[] = [];
  for (let x = w * 0.45; x < w;) {
    const tw = 50 + random() * 70;
    const th = 120 + random() * 260;
    towers.push(
      `<rect x="${x}" y="${h - th}" width="${tw - 6}" height="${th}" fill="${p.main}" opacity=".85"/>`,
    );
    for (let wy = h - th + 16; wy < h - 20; wy += 26)
      for (let wx = x + 8; wx < x + tw - 20; wx += 18)
        if (random() < 0.5) towers.push(`<rect x="${wx}" y="${wy}" width="8" height="12" fill="${p.soft}"/>`);
    x += tw;
  }
  return svg(
    w,
    h,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.main}"/><stop offset="1" stop-color="${p.accent}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="${w * 0.78}" cy="${h * 0.25}" r="70" fill="#ffffff" opacity=".35"/>
<rect x="0" y="0" width="${w * 0.5}" height="${h}" fill="#000000" opacity=".18"/>${towers.join('')}`,
  );
}

/** an investment object: a street of houses under the sky (the demo listings' photos' style) */
function building(n: number): string {
  const w = 800;
  const h = 600;
  const p = PALETTES[n % PALETTES.length];
  let seed = 5 + n * 13;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const parts: string[] = [];
  const floors = 4 + (n % 6);
  const fw = 420;
  const top = h - 80 - floors * 56;
  parts.push(`<rect x="${(w - fw) / 2}" y="${top}" width="${fw}" height="${floors * 56}" fill="${p.main}"/>`);
  for (let f = 0; f < floors; f++)
    for (let k = 0; k < 7; k++)
      parts.push(
        `<rect x="${(w - fw) / 2 + 22 + k * 56}" y="${top + 14 + f * 56}" width="30" height="34" fill="${random() < 0.3 ? '#ffe8a3' : p.soft}"/>`,
      );
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="${p.bg}"/><circle cx="${90 + n * 40}" cy="90" r="46" fill="#ffe7a3"/>
${parts.join('')}<rect y="${h - 80}" width="${w}" height="80" fill="${p.soft}"/>
<rect x="${(w - fw) / 2 - 20}" y="${top - 16}" width="${fw + 40}" height="16" fill="${p.accent}"/>`,
  );
}

const NAME = /^(blog|category|slide|investment)-(\d{1,3})$/;

export const isDemoDrawing = (name: string) => {
  const match = NAME.exec(name);
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 99;
};

export function drawContentImage(kind: Kind, n: number): string {
  switch (kind) {
    case 'blog':
      return illustration(n, 1200, 675);
    case 'category':
      return illustration(n + 3, 600, 400);
    case 'slide':
      return slideBackground(n);
    case 'investment':
      return building(n);
  }
}

/** `/storage/demo-content/<kind>-<n>.svg` of the demo content */
export const demoContentPath = (kind: Kind, n: number) => `/storage/demo-content/${kind}-${n}.svg`;

export const demoContentImageRoute = defineRoute({
  method: 'get',
  path: '/storage/demo-content/{name}',
  tags: ['Служебное'],
  summary: 'Демо-иллюстрации блога, слайдов и инвестиций (SVG, <вид>-<номер>.svg)',
  auth: 'public',
  params: z.object({ name: z.string() }),
  errors: [404],
  produces: 'image/svg+xml',
  response: z.string(),
  handle({ params, res }) {
    const name = params.name.replace(/\.svg$/, '');
    if (!params.name.endsWith('.svg') || !isDemoDrawing(name)) throw new DomainError('NOT_FOUND');
    const [kind, n] = name.split('-') as [Kind, string];
    res
      .type('image/svg+xml')
      .set('Cache-Control', 'public, max-age=86400')
      .send(drawContentImage(kind, Number(n)));
  },
});
