/**
 * Russian letters in Latin as the site's addresses spell them (a simplified passport
 * transliteration): the blog's slugs and the landing pages' places.
 */
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

/** The text in lower case with its Russian letters in Latin; other characters as they are. */
export const toLatin = (text: string) => [...text.toLowerCase()].map((c) => LATIN[c] ?? c).join('');
