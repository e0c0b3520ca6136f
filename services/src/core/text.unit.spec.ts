import { z } from 'zod';
import { INVISIBLE_ONLY_TEXT, hasVisibleCharacter, writtenText } from './text';

/**
 * Issue 40, item 4: text a person wrote is trimmed and refused when nothing of it can be seen — a
 * chat message, a name or a comment of zero-width spaces, direction marks, Hangul fillers or blank
 * Braille used to be accepted as text.
 */
const message = writtenText('Введите сообщение').min(1, 'Введите сообщение').max(20, 'Не больше 20 символов');
const messagesOf = (value: unknown) =>
  (message.safeParse(value).error?.issues ?? []).map((issue) => issue.message);

const INVISIBLE_TEXTS: [string, string][] = [
  ['zero-width spaces', '\u200B\u200B\u200B'],
  ['joiners, a word joiner and the BOM', '\u200C\u200D\u2060\uFEFF'],
  ['direction marks and isolates', '\u200E\u200F\u2066\u2069'],
  ['a soft hyphen among spaces', ' \u00AD \u3000 '],
  ['Hangul fillers', '\u3164\u3164\uFFA0'],
  ['the blank Braille pattern', '\u2800\u2800'],
  ['combining marks without a letter', '\u0301\u0308'],
  ['variation selectors and tags', '\uFE0F\u{E0041}\u{E0042}'],
  ['control characters', '\u0001\u0007\u007F'],
  ['a mix of them with line breaks', '\u200B\n\u3164\t\u2800\r\n\u200D'],
];

describe('writtenText, the rule of text a person wrote', () => {
  it.each(INVISIBLE_TEXTS)('refuses a text of only %s, with a Russian message', (_kind, text) => {
    const problems = messagesOf(text);
    expect(problems).toHaveLength(1);
    // trimmed to nothing, the field's own required message; otherwise the invisible-text one
    expect(['Введите сообщение', INVISIBLE_ONLY_TEXT]).toContain(problems[0]);
  });

  it('says which: nothing written, or nothing visible written', () => {
    expect(messagesOf('\u200B \u200B')).toEqual(['Введите сообщение']);
    expect(messagesOf('\u3164\u2800')).toEqual([INVISIBLE_ONLY_TEXT]);
    expect(messagesOf(42)).toEqual(['Введите сообщение']);
  });

  it('trims white space and zero-width characters off the ends, and keeps the text between', () => {
    expect(message.parse('\u200B  Добрый день!\u00A0\u2060\n')).toBe('Добрый день!');
    expect(message.parse('Да\u200Bнет')).toBe('Да\u200Bнет');
    // the limits count what is left: 20 letters between invisible ends fit in 20
    expect(message.parse(`\u200B${'я'.repeat(20)}\u200B`)).toHaveLength(20);
  });

  it('keeps the characters that end an emoji or a letter', () => {
    const heart = 'Спасибо ❤\uFE0F';
    const england = 'Флаг \u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    const stressed = 'Замок\u0301';
    expect([heart, england, stressed].map((text) => writtenText().parse(text))).toEqual([
      heart,
      england,
      stressed,
    ]);
  });

  it('accepts any text with one visible character, in any script, digits and emoji alike', () => {
    for (const text of ['Я', '7', '!', '😀', '日本', 'a\u200B', '\u3164x'])
      expect(hasVisibleCharacter(text)).toBe(true);
    expect(hasVisibleCharacter('')).toBe(false);
  });

  it('lets an optional field stay empty, and still refuses an invisible one', () => {
    const description = z.object({ description: writtenText().max(240).default('') });
    expect(description.parse({})).toEqual({ description: '' });
    expect(description.parse({ description: ' \u200B ' })).toEqual({ description: '' });
    expect(description.safeParse({ description: '\u2800' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['description'], message: INVISIBLE_ONLY_TEXT }),
    ]);
  });
});
