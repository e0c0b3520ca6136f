import { z } from 'zod';

/**
 * Characters that show nothing by themselves: white space, control and format characters (the
 * zero-width space and joiners, direction marks, the BOM, tags), the default-ignorable ones
 * (variation selectors, Hangul fillers), combining marks without a letter to sit on, lone
 * surrogates, and the blank Braille pattern (U+2800), a favourite of "empty" spam.
 */
const INVISIBLE = String.raw`\p{White_Space}\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}\p{M}\u2800`;
const VISIBLE = new RegExp(`[^${INVISIBLE}]`, 'u');
/**
 * What trimming takes off either end: white space and the zero-width characters and soft hyphen
 * that mean nothing there. Not every invisible character: a variation selector or a tag ends an
 * emoji (❤️, a regional flag), and a combining mark belongs to the letter before it.
 */
const EDGE = String.raw`\s\u00AD\u180E\u200B-\u200D\u2060`;
const EDGES = new RegExp(`^[${EDGE}]+|[${EDGE}]+$`, 'gu');

export const INVISIBLE_ONLY_TEXT = 'Текст не может состоять только из пробелов и невидимых символов';

/** Whether a person could see anything of the text. */
export const hasVisibleCharacter = (text: string) => VISIBLE.test(text);

/** The text without white space and zero-width characters at its ends. */
export const trimWritten = (text: string) => text.replace(EDGES, '');

/**
 * Text a person wrote (a name, a message, a comment, a description, a reason): trimmed, and refused
 * with a Russian field error when it holds no visible character. Empty text passes here: a required
 * field says so with its own `.min(1, …)` after this, an optional one stays empty. `error` is the
 * message when the value is not a string at all.
 */
export const writtenText = (error?: string) =>
  z
    .string(error ? { error } : undefined)
    .overwrite(trimWritten)
    .refine((text) => text === '' || hasVisibleCharacter(text), {
      message: INVISIBLE_ONLY_TEXT,
      abort: true,
    });
