import type { PublicationDto } from '@estate/client';

/** A listing as the API answers it: the type is inferred from the server's schema (publications/dto.ts), never copied. */
export type Publication = PublicationDto;
export type DealCategory = Publication['dealCategory'];

export type { PageMeta } from '@estate/client';

export type SearchRequest = {
  dealCategory: DealCategory;
  limit: number;
  offset: number;
  sortByPrice?: 'ASC' | 'DESC';
  sortByDate?: 'ASC' | 'DESC';
  price?: [{ min: number | null; max: number | null }];
  roomCount?: number[];
  /** «Все фильтры»: the property type, the deal's characteristics by cianName, a sale's new build */
  propertyType?: number;
  characteristicData?: {
    cianName: string;
    values?: number[];
    minValue?: number | null;
    maxValue?: number | null;
  }[];
  deadline?: number;
  residentialComplexId?: string;
  dates?: [string, string];
  adultCount?: number;
  /** 'До метро': 1 on foot, 2 by car, 3 by transport; at most notMoreMinutes to the nearest station */
  roadToMetro?: 1 | 2 | 3;
  notMoreMinutes?: number;
  /** the visible area of the map */
  bounds?: MapBounds;
  /** the place (web/src/place): the header's or the searched one, a station's circle, a street's words */
  locationId?: string;
  searchAddress?: string;
  geo_lat?: number;
  geo_lon?: number;
  radius?: number;
};

export type MapBounds = { south: number; west: number; north: number; east: number };
/** the map of a search: its filters without the page, the visible area and the map's zoom */
export type MapRequest = Omit<SearchRequest, 'limit' | 'offset' | 'bounds'> & {
  bounds: MapBounds;
  zoom: number;
};
