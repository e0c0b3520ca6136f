/**
 * The static styles of the parts a first screen shows (the frame and header, the listing cards, a
 * listing's title, gallery, facts and price card, the catalogue's search bar), imported by those
 * parts from here so that they ship with the first file: index.html's style sheet, which the server
 * puts into every page's head as text. Imported by a lazy chunk instead, each sheet would be linked
 * by the chunk's loader as the page hydrates, and a style sheet arriving then restyles the whole
 * page, a long task on a phone. One object built here, not re-exports: the bundler places a
 * re-exported module with the chunks that use it.
 */
import layout from '../layout/Layout.module.css';
import card from '../catalogue/ListingCard.module.css';
import cardPhotos from '../catalogue/CardPhotos.module.css';
import cardParts from '../catalogue/cardParts.module.css';
import listing from '../publication/PublicationPage.module.css';
import gallery from '../photos/Gallery.module.css';
import searchBar from '../catalogue/SearchBar.module.css';

export const firstScreen = { layout, card, cardPhotos, cardParts, listing, gallery, searchBar };
