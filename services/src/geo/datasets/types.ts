/**
 * The shapes of the shipped geographic data: compact rows, written by hand from public maps, so a
 * fresh machine (no network) still has real stations and streets to work with.
 */

/** latitude and longitude in degrees (WGS 84) */
export type LatLon = readonly [lat: number, lon: number];

/** one station of a line: its name as the metro signs it, and where its entrance hall stands */
export type StationRow = readonly [name: string, lat: number, lon: number];

export type MetroLine = {
  readonly name: string;
  /** the line's colour on the metro map, as #RRGGBB */
  readonly color: string;
  readonly stations: readonly StationRow[];
};

/**
 * One street of the gazetteer: its name with its type as DaData writes it («ул Покровка»,
 * «Ленинский пр-кт»), how many house numbers it has, and its course from house 1 to the last house.
 */
export type StreetRow = readonly [street: string, houses: number, course: readonly LatLon[]];
