import { CATALOGUE, type CatalogueDocument } from '@estate/projections';
import request from 'supertest';
import { createAgencyWithListings } from '../../test/publications';
import { startTestApp, type TestApp } from '../../test/testApp';
import { publicationJson, toPublicationDto } from './presentation';

/**
 * The catalogue's page joins each listing's JSON kept with its stored document (a frozen object the
 * embedded read store replaces on every change): the text is the DTO's, and a change is never hidden.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  await createAgencyWithListings(t.ctx, 'pj', '32', [
    { id: 'kept', price: 7_000_000, rooms: 1, publishedDaysAgo: 10 },
  ]);
});
afterAll(() => t.close());

const stored = () => t.ctx.readStore.collection<CatalogueDocument>(CATALOGUE).findOne({ _id: 'kept' });

it('is the JSON of the DTO, with and without the top mark, and the same text for the same document', async () => {
  const doc = (await stored())!;
  expect(Object.isFrozen(doc)).toBe(true);
  expect(publicationJson(doc)).toBe(JSON.stringify(toPublicationDto(doc)));
  expect(JSON.parse(publicationJson(doc, true))).toEqual(toPublicationDto(doc, { isTop: true }));
  expect(publicationJson(doc)).toBe(publicationJson(doc));
});

it('answers a search with the listing as it is after an edit, not as it was kept', async () => {
  const page = async () =>
    (await request(t.app).post('/api/publications').send({ dealCategory: 'sale', limit: 20 }).expect(200))
      .body.data as { id: string; price: number }[];
  expect((await page()).find((p) => p.id === 'kept')?.price).toBe(7_000_000);
  const before = (await stored())!;
  await t.ctx.readStore
    .collection<CatalogueDocument>(CATALOGUE)
    .updateOne({ _id: 'kept' }, { $set: { price: 6_500_000 } });
  const after = (await stored())!;
  expect(after).not.toBe(before);
  expect((await page()).find((p) => p.id === 'kept')?.price).toBe(6_500_000);
});
