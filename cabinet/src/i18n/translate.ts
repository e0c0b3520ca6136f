import { useTranslate } from 'react-admin';
import type { moderationMessages } from '../moderation/ru';
import type { noAccessMessages } from '../NoAccess';
import type { profileMessages } from '../profile/ru';
import type { publicationMessages } from '../publications/ru';
import type { cabinetMessages } from './ru';

/** The dotted paths to the strings of a messages object: `{ a: { b: 'x' } }` gives 'a.b'. */
type Keys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Keys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A key of the cabinet's own messages (i18n/ru.ts), e.g. 'resources.bookings.actions.accept'. */
export type MessageKey =
  | Keys<typeof cabinetMessages>
  | Keys<typeof moderationMessages>
  | Keys<typeof noAccessMessages>
  | Keys<typeof profileMessages>
  | Keys<typeof publicationMessages>;

/** The values a message's `%{name}` placeholders take (and `smart_count` for its plural forms). */
export type MessageValues = Record<string, string | number>;

/**
 * react-admin's translate for the cabinet's own keys: a key that is not in the messages is a type
 * error. (Only the type comes from the messages: a screen's chunk does not carry them.)
 */
export const useCabinetTranslate = (): ((key: MessageKey, values?: MessageValues) => string) =>
  useTranslate();

/** A checked key for the props react-admin translates itself (label, title, emptyText, choices' names…). */
export const messageKey = <K extends MessageKey>(key: K): K => key;
