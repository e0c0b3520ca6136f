import type { ListingAsOfDto, ListingHistoryDto } from '@estate/client';
import { at, dataOf } from '../dataProvider';

/** A listing's history and the listing as of a moment (issue 19): they join the data provider with this chunk. */
export const historyCalls = {
  listingHistory: (publicationId: string) =>
    dataOf<ListingHistoryDto>(`/api/cabinet/publications/${at(publicationId)}/history`).then((a) => a.data),
  listingAsOf: (publicationId: string, moment: string) =>
    dataOf<ListingAsOfDto>(
      `/api/cabinet/publications/${at(publicationId)}/as-of?at=${encodeURIComponent(moment)}`,
    ).then((a) => a.data),
};
export type HistoryCalls = typeof historyCalls;

/** The address of the trail's CSV for the list's filter and order (the browser sends the session cookie). */
export const auditCsvUrl = (filter: object, sort: { field: string; order: string }) =>
  `/api/cabinet/audit/export?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent(
    JSON.stringify([sort.field, sort.order]),
  )}`;
