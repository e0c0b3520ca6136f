/** The list's title (the page sets it; server rendering may put it in the head). */
export const NEW_BUILDINGS_TITLE = 'Новостройки — жилые комплексы от застройщиков';
