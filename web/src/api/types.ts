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
  dates?: [string, string];
  adultCount?: number;
};
