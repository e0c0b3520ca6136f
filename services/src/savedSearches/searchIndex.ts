import {
  boundingBox,
  compileQuery,
  matchesQuery,
  type CompiledQuery,
  type CatalogueDocument,
  type CatalogueQuery,
} from '@estate/projections';

/** One active saved search as the matcher holds it. */
export type IndexedSearch = {
  id: string;
  userId: string;
  query: CatalogueQuery;
  /** the log position it was saved at: a listing published before it never alerts it */
  since: number;
};

/** the compiled query and the search in one object: a candidate's check reads no second one */
type Entry = CompiledQuery & IndexedSearch & { keys: string[] };

/** The few fields of a listing its buckets are found by. */
export type ListingKey = Pick<
  CatalogueDocument,
  'dealCategory' | 'locationId' | 'lat' | 'lon' | 'price' | 'roomCount'
>;

/** a map area's cells: a quarter of a degree (about 28 km north to south) */
const CELL_DEGREES = 0.25;
/** an area of more cells than this (a map of half the country) goes to the Russia-wide bucket */
const MAX_CELLS = 400;
/** a search naming more places than this (a big region) goes to the Russia-wide bucket */
const MAX_PLACES = 2000;
/** price bands double: band b holds prices [2^b, 2^(b+1)) */
const TOP_BAND = 40;
/** a price range over more bands than this is in the any-price band */
const MAX_BANDS = 12;

/** room counts from this one up share a key */
const TOP_ROOMS = 10;

const RUSSIA = 'ru';
const ANY = '*';

const cellOf = (lat: number, lon: number) =>
  `c${Math.floor(lat / CELL_DEGREES)}:${Math.floor(((lon + 180) % 360) / CELL_DEGREES)}`;
const bandOf = (price: number) => Math.min(TOP_BAND, Math.max(0, Math.floor(Math.log2(Math.max(1, price)))));

/** The cells of a box; null when it is too big for cells. `west` > `east` crosses the 180th meridian. */
function cellsOf(south: number, west: number, north: number, east: number): string[] | null {
  const lonRanges: [number, number][] =
    west <= east
      ? [[west, east]]
      : [
          [west, 180],
          [-180, east],
        ];
  const rows = Math.floor(north / CELL_DEGREES) - Math.floor(south / CELL_DEGREES) + 1;
  let columns = 0;
  for (const [w, e] of lonRanges)
    columns += Math.floor((e + 180) / CELL_DEGREES) - Math.floor((w + 180) / CELL_DEGREES) + 1;
  if (rows * columns > MAX_CELLS) return null;
  const cells = new Set<string>();
  for (let lat = Math.floor(south / CELL_DEGREES); lat <= Math.floor(north / CELL_DEGREES); lat++)
    for (const [w, e] of lonRanges)
      for (let lon = Math.floor((w + 180) / CELL_DEGREES); lon <= Math.floor((e + 180) / CELL_DEGREES); lon++)
        cells.add(`c${lat}:${lon % Math.round(360 / CELL_DEGREES)}`);
  return [...cells];
}

/** Where a search lies: its places, the cells of its map area or circle, or all of Russia. */
function placesOf(query: CatalogueQuery): string[] {
  const options: string[][] = [];
  if (query.locationIds) {
    if (query.locationIds.length === 0) return []; // an unknown place: nothing can match
    if (query.locationIds.length <= MAX_PLACES) options.push(query.locationIds.map((id) => `L${id}`));
  }
  if (query.geo) {
    const box = boundingBox(query.geo.lat, query.geo.lon, query.geo.radiusKm);
    const cells = cellsOf(box.lat.$gte, box.lon.$gte, box.lat.$lte, box.lon.$lte);
    if (cells) options.push(cells);
  }
  if (query.bounds) {
    const { south, west, north, east } = query.bounds;
    const cells = cellsOf(south, west, north, east);
    if (cells) options.push(cells);
  }
  // any one of them is a necessary condition: the fewest keys
  options.sort((a, b) => a.length - b.length);
  return options[0] ?? [RUSSIA];
}

/** The price bands a search's ranges cover, or the any-price band. */
function bandsOf(query: CatalogueQuery): string[] {
  const ranges = query.priceRanges ?? [];
  if (ranges.length === 0 || ranges.some((r) => r.min == null && r.max == null)) return [ANY];
  const bands = new Set<string>();
  for (const { min, max } of ranges) {
    if (max != null && min != null && max < min) continue;
    const from = bandOf(min ?? 0);
    const to = max == null ? TOP_BAND : bandOf(max);
    if (to - from + 1 > MAX_BANDS) return [ANY];
    for (let b = from; b <= to; b++) bands.add(String(b));
  }
  return [...bands];
}

/** The room keys of a search: the counts it asks ('4+' is every count from the largest asked up), or any. */
function roomsOf(query: CatalogueQuery): string[] {
  const counts = query.roomCounts ?? [];
  if (counts.length === 0) return [ANY];
  const max = Math.max(...counts);
  const keys = new Set(counts.map((n) => String(Math.min(n, TOP_ROOMS))));
  if (max >= 4) for (let n = Math.min(max, TOP_ROOMS); n <= TOP_ROOMS; n++) keys.add(String(n));
  return [...keys];
}

/**
 * The active saved searches indexed by deal, place, price band and rooms, so a new listing is
 * checked against the few searches that could want it instead of all of them. A search is filed
 * under its deal (or any deal), each of its places (the listing locations it covers; a map area or
 * a circle by the cells of a coarse grid; else the Russia-wide bucket), each price band its ranges
 * cover (bands double; no price, or a wide range, is the any-price band) and each room count it
 * asks (or any). A listing looks in at most 2 × 3 × 2 × 2 buckets: its deal and any deal; its
 * location, its cell and Russia; its band and any band; its rooms and any. Each candidate is then
 * checked exactly with the catalogue search's semantics (`matchesQuery`).
 * A search sits in one bucket per key kind the listing can hit, so no candidate comes twice.
 */
/** a bucket's searches in an array (read in one sweep), with each one's place (removed by a swap with the last) */
type Bucket = { entries: Entry[]; at: Map<string, number> };

export class SearchIndex {
  private readonly buckets = new Map<string, Bucket>();
  private readonly entries = new Map<string, Entry>();

  get size() {
    return this.entries.size;
  }

  has(id: string) {
    return this.entries.has(id);
  }

  add(search: IndexedSearch) {
    this.remove(search.id);
    const deal = search.query.dealCategory ?? ANY;
    const places = placesOf(search.query);
    const bands = bandsOf(search.query);
    const rooms = roomsOf(search.query);
    const keys = places.flatMap((place) =>
      bands.flatMap((band) => rooms.map((room) => `${deal}|${place}|${band}|${room}`)),
    );
    const entry: Entry = Object.assign(compileQuery(search.query), search, { keys });
    this.entries.set(search.id, entry);
    for (const key of keys) {
      let bucket = this.buckets.get(key);
      if (!bucket) this.buckets.set(key, (bucket = { entries: [], at: new Map() }));
      bucket.at.set(search.id, bucket.entries.length);
      bucket.entries.push(entry);
    }
  }

  remove(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    for (const key of entry.keys) {
      const bucket = this.buckets.get(key);
      const at = bucket?.at.get(id);
      if (!bucket || at === undefined) continue;
      const last = bucket.entries.pop()!;
      bucket.at.delete(id);
      if (last !== entry) {
        bucket.entries[at] = last;
        bucket.at.set(last.id, at);
      }
      if (bucket.entries.length === 0) this.buckets.delete(key);
    }
  }

  /** the keys of the buckets a listing looks in: its deal and any deal; its location, its cell and Russia; its band and any band */
  private keysOf(listing: ListingKey): string[] {
    const places = [`L${listing.locationId}`, RUSSIA];
    if (listing.lat !== null && listing.lon !== null) places.push(cellOf(listing.lat, listing.lon));
    const bands = [String(bandOf(listing.price)), ANY];
    // a listing that does not tell its rooms can match only searches that do not ask for them
    const rooms =
      typeof listing.roomCount === 'number' ? [String(Math.min(listing.roomCount, TOP_ROOMS)), ANY] : [ANY];
    const keys: string[] = [];
    for (const deal of [listing.dealCategory, ANY])
      for (const place of places)
        for (const band of bands) for (const room of rooms) keys.push(`${deal}|${place}|${band}|${room}`);
    return keys;
  }

  /** The searches filed where this listing could match them (not yet checked). */
  candidates(listing: ListingKey): IndexedSearch[] {
    const found: Entry[] = [];
    for (const key of this.keysOf(listing)) {
      const bucket = this.buckets.get(key);
      if (bucket) for (const entry of bucket.entries) found.push(entry);
    }
    return found;
  }

  /** The searches this listing matches exactly, as the catalogue search would find it. */
  match(doc: CatalogueDocument, beforePosition = Number.POSITIVE_INFINITY): IndexedSearch[] {
    const found: IndexedSearch[] = [];
    for (const key of this.keysOf(doc)) {
      const bucket = this.buckets.get(key);
      if (!bucket) continue;
      const entries = bucket.entries;
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i];
        if (entry.since < beforePosition && matchesQuery(entry, doc)) found.push(entry);
      }
    }
    return found;
  }
}
