/** Russian letters as the blog's addresses spell them (a simplified passport transliteration). */
const LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/**
 * An address made from a title: «Ипотека в 2026 году: что изменилось» → ipoteka-v-2026-godu-chto-izmenilos,
 * at most 80 characters, cut at a word. A title with no letter or digit gives 'zapis'.
 */
export function slugFrom(title: string): string {
  const words = [...title.toLowerCase()]
    .map((c) => LATIN[c] ?? c)
    .join('')
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
