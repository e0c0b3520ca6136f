import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { messages } from './i18n/ru';

/**
 * The cabinet speaks Russian only: react-admin's texts from ra-language-russian, the cabinet's own
 * from i18n/ru.ts. allowMissing: a text that is not a key (a server's message in a notification)
 * shows as it is, without a warning; every key the cabinet uses is in the messages.
 */
const polyglot = polyglotI18nProvider(() => messages, 'ru', [{ locale: 'ru', name: 'Русский' }], {
  allowMissing: true,
});

/** the texts a lazily loaded chunk brings (the moderators'), by their dotted keys */
const later = new Map<string, string>();

/**
 * Adds the texts of a chunk loaded later (moderation/ru.ts): registered when the chunk is
 * evaluated, before any of its screens renders, so that the dashboard's entry does not carry them.
 * Their `%{name}` placeholders are filled as polyglot fills them; they have no plural forms.
 */
export function addMessages(texts: object, prefix = ''): void {
  for (const [name, value] of Object.entries(texts)) {
    if (typeof value === 'string') later.set(`${prefix}${name}`, value);
    else addMessages(value as object, `${prefix}${name}.`);
  }
}

export const i18nProvider: I18nProvider = {
  ...polyglot,
  translate: (key: string, options?: Record<string, string | number>) => {
    const text = later.get(key);
    if (text === undefined) return polyglot.translate(key, options);
    return text.replace(/%\{(\w+)\}/g, (placeholder, name: string) =>
      options?.[name] === undefined ? placeholder : String(options[name]),
    );
  },
};
