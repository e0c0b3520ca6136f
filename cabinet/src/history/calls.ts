import { cabinetApi as api } from '../dataProvider';

/** A listing's history and the listing as of a moment (issue 19): they join the data provider with this chunk. */
export const historyCalls = {
  listingHistory: (publicationId: string) =>
    api.get('/api/cabinet/publications/{id}/history', { path: { id: publicationId } }).then((a) => a.data),
  listingAsOf: (publicationId: string, moment: string) =>
    api
      .get('/api/cabinet/publications/{id}/as-of', { path: { id: publicationId }, query: { at: moment } })
      .then((a) => a.data),
};
export type HistoryCalls = typeof historyCalls;

/** The address of the trail's CSV for the list's filter and order (the browser sends the session cookie). */
export const auditCsvUrl = (filter: object, sort: { field: string; order: string }) =>
  api.url('get', '/api/cabinet/audit/export', {
    query: { filter: JSON.stringify(filter), sort: JSON.stringify([sort.field, sort.order]) },
  });
