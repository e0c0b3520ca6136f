import { SavedSearchesPage } from './SavedSearchesPage';

/** The account route of «Мои поиски», loaded on its first visit (react-router's lazy route). */
export const route = { Component: SavedSearchesPage };
