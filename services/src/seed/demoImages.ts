import { z } from 'zod';
import { DomainError } from '../core/errors';
import { defineRoute } from '../core/route';

const PALETTES = [
  ['#dfe8f1', '#8fb3d9', '#3d6a99', '#f4d9b0'],
  ['#f1ebe0', '#d9b88f', '#99703d', '#b0d4f4'],
  ['#e3f1e0', '#9fd98f', '#4f993d', '#f4b0c8'],
  ['#ece0f1', '#b98fd9', '#6a3d99', '#f4e6b0'],
  ['#f1e0e0', '#d98f8f', '#993d3d', '#b0f4ea'],
];

/**
 * Demo photos drawn as SVG (a facade with windows, or a room with a window), so the demo data
 * needs no image files and no network. Deterministic per number.
 */
export function demoImageSvg(n: number): string {
  const [wall, accent, dark, light] = PALETTES[n % PALETTES.length];
  const room = n % 2 === 0;
  if (room) {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 688 504" width="688" height="504">
<rect width="688" height="504" fill="${wall}"/><rect y="380" width="688" height="124" fill="${accent}"/>
<rect x="${220 + (n % 5) * 20}" y="70" width="220" height="220" rx="6" fill="${light}" stroke="#fff" stroke-width="14"/>
<line x1="${330 + (n % 5) * 20}" y1="70" x2="${330 + (n % 5) * 20}" y2="290" stroke="#fff" stroke-width="10"/>
<rect x="60" y="300" width="200" height="110" rx="16" fill="${dark}"/><rect x="480" y="250" width="120" height="160" rx="8" fill="${dark}" opacity=".8"/>
</svg>`;
  }
  const floors = 5 + (n % 9);
  const windows: string[] = [];
  for (let f = 0; f < floors; f++) {
    for (let w = 0; w < 6; w++)
      windows.push(
        `<rect x="${190 + w * 52}" y="${440 - (f + 1) * (360 / floors)}" width="30" height="${Math.max(12, 360 / floors - 16)}" fill="${(f + w + n) % 4 ? light : '#fff'}"/>`,
      );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 688 504" width="688" height="504">
<rect width="688" height="504" fill="#cfe3f5"/><rect y="440" width="688" height="64" fill="${accent}"/>
<rect x="170" y="${440 - 370}" width="330" height="370" fill="${dark}"/>${windows.join('')}
<circle cx="${80 + (n % 7) * 10}" cy="90" r="40" fill="#ffe7a3"/>
</svg>`;
}

/** The demo listings' photos: `<number>.svg`, drawn on request (served outside /api, documented with it). */
export const demoImageRoute = defineRoute({
  method: 'get',
  path: '/storage/demo/{name}',
  tags: ['Служебное'],
  summary: 'Демо-фото объявлений (SVG, <номер>.svg)',
  auth: 'public',
  params: z.object({ name: z.string() }),
  errors: [404],
  produces: 'image/svg+xml',
  response: z.string(),
  handle({ params, res }) {
    const match = /^(\d{1,5})\.svg$/.exec(params.name);
    if (!match) throw new DomainError('NOT_FOUND');
    res
      .type('image/svg+xml')
      .set('Cache-Control', 'public, max-age=86400')
      .send(demoImageSvg(Number(match[1])));
  },
});
