/**
 * Words that only say what kind of street follows, in full and short as DaData, the gazetteer and
 * people spell them («ул», «пр-кт», «б-р»): never searched for, since a listing may spell them otherwise.
 */
export const STREET_KIND_WORDS: readonly string[] = [
  'ул',
  'улица',
  'пр-кт',
  'пр-т',
  'пр',
  'просп',
  'проспект',
  'б-р',
  'бул',
  'бульвар',
  'пер',
  'переулок',
  'наб',
  'набережная',
  'ш',
  'шоссе',
  'пл',
  'площадь',
  'проезд',
  'пр-д',
  'туп',
  'тупик',
];
