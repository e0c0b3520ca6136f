import { toLatin } from '../core/transliterate';

/**
 * An address made from a title: «Ипотека в 2026 году: что изменилось» → ipoteka-v-2026-godu-chto-izmenilos,
 * at most 80 characters, cut at a word. A title with no letter or digit gives 'zapis'.
 */
export function slugFrom(title: string): string {
  const words = toLatin(title)
    .replace(/[^a-z0-9]+/g, '-')
    .split('-')
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > 80) break;
    slug = next;
  }
  return slug.length >= 2 ? slug : slug ? `${slug}-1` : 'zapis';
}
