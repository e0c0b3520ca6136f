import type { AppContext } from '../core/context';
import { DEMO_CORRELATION } from '../core/demo';
import { checkPhoto } from './images';
import { recordPhoto } from './upload';

/** a street of houses at a time of day: the sky's colours, the houses' walls and how many windows are lit */
const SCENES = [
  { sky: ['#8ec5fc', '#e0f0ff'], walls: ['#c8553d', '#f2d0a4', '#588b8b'], lit: 0.2 },
  { sky: ['#fbc2a4', '#fde7d9'], walls: ['#6d597a', '#b56576', '#e56b6f'], lit: 0.5 },
  { sky: ['#1e3c72', '#2a5298'], walls: ['#3d405b', '#81b29a', '#e07a5f'], lit: 0.8 },
];

/** A photograph-like picture drawn here (nothing is downloaded): houses with windows under a sky. */
function scene(n: number, width = 800, height = 600): string {
  const { sky, walls, lit } = SCENES[n % SCENES.length];
  let seed = 7 + n;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const houses: string[] = [];
  for (let x = 0, i = 0; x < width; i++) {
    const w = 140 + Math.floor(random() * 120);
    const h = 220 + Math.floor(random() * 260);
    const top = height - 60 - h;
    houses.push(
      `<rect x="${x}" y="${top}" width="${w - 8}" height="${h}" fill="${walls[i % walls.length]}"/>`,
    );
    for (let wy = top + 20; wy < height - 90; wy += 44)
      for (let wx = x + 16; wx < x + w - 36; wx += 36)
        houses.push(
          `<rect x="${wx}" y="${wy}" width="20" height="26" fill="${random() < lit ? '#ffe8a3' : '#2b3a4a'}"/>`,
        );
    x += w;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#s)"/>
    ${houses.join('')}
    <rect y="${height - 60}" width="${width}" height="60" fill="#55585c"/>
  </svg>`;
}

/**
 * A few photos of the demo's first agency, uploaded as its owner would (stored once by content,
 * their sizes made by the `images` worker); drawn locally, with a little grain, as JPEG.
 */
export async function seedDemoPhotos(ctx: AppContext, agencyId: string, ownerId: string, count = 3) {
  const sharp = (await import('sharp')).default;
  const paths: string[] = [];
  for (let n = 0; n < count; n++) {
    const jpeg = await sharp(Buffer.from(scene(n)))
      .jpeg({ quality: 85 })
      .toBuffer();
    const photo = await checkPhoto(jpeg);
    if ('refusal' in photo) throw new Error(`a demo photo was refused: ${photo.refusal}`);
    const recorded = await recordPhoto(
      ctx,
      { agencyId, uploadedBy: ownerId, photo },
      { correlationId: DEMO_CORRELATION },
    );
    paths.push(recorded.path);
  }
  return paths;
}
