import polyglotI18nProvider from 'ra-i18n-polyglot';
import { messages } from './i18n/ru';

/**
 * The cabinet speaks Russian only: react-admin's texts from ra-language-russian, the cabinet's own
 * from i18n/ru.ts. allowMissing: a text that is not a key (a server's message in a notification)
 * shows as it is, without a warning; every key the cabinet uses is in the messages.
 */
export const i18nProvider = polyglotI18nProvider(() => messages, 'ru', [{ locale: 'ru', name: 'Русский' }], {
  allowMissing: true,
});
