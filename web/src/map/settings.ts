/** What the map's pages know before the map library loads (it is a chunk of its own). */

/** api.md section 9: the map's default centre (Москва, the Kremlin) */
export const DEFAULT_CENTRE = { lat: 55.751244, lon: 37.618423 };
/** the listing page's map: its place is kept while the library loads, so nothing shifts */
export const POINT_MAP_HEIGHT = 300;
/** the search's map */
export const SEARCH_MAP_HEIGHT = { xs: '65vh', md: 560 };
