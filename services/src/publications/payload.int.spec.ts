import request from 'supertest';
import { createAgency, createPublication } from '../../test/publications';
import { startTestApp, type TestApp } from '../../test/testApp';

/**
 * product.md section 3, Publication: "… saleCategory, rentCategory, dailyRentCategory,
 * characteristics and newCharacteristics (characteristicField, characteristicValue,
 * characteristicSelectValue, characteristicFieldName, value, isBest, showCurrency), deposit,
 * clientFee, adsType."
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  const { agent } = await createAgency(t.ctx, 'pl', '41');
  await createPublication(t.ctx, agent, {
    id: 'sale-flat',
    price: 12_500_000,
    rooms: 2,
    area: 54.5,
    floor: 3,
    params: { floorsCount: 9, deposit: null },
    publishedDaysAgo: 10,
    promoted: 2,
  });
  await createPublication(t.ctx, agent, {
    id: 'new-flat',
    price: 9_000_000,
    complex: 'rc-1',
    publishedDaysAgo: 10,
  });
  await createPublication(t.ctx, agent, {
    id: 'rent-flat',
    deal: 'rent',
    price: 60_000,
    publishedDaysAgo: 10,
  });
  await createPublication(t.ctx, agent, {
    id: 'night',
    deal: 'dailyRent',
    price: 3_500,
    guests: 4,
    params: { deposit: 5_000 },
    publishedDaysAgo: 10,
  });
});
afterAll(() => t.close());

const open = async (id: string) =>
  (await request(t.app).get(`/api/publications/${id}`).expect(200)).body.data;

it('names the category of the listing’s own deal and leaves the others null', async () => {
  expect(await open('sale-flat')).toMatchObject({
    saleCategory: { name: 'Квартира', cianName: 'flatSale', propertyType: 1 },
    rentCategory: null,
    dailyRentCategory: null,
  });
  expect((await open('new-flat')).saleCategory).toEqual({
    name: 'Квартира в новостройке',
    cianName: 'newBuildingFlatSale',
    propertyType: 1,
  });
  expect(await open('rent-flat')).toMatchObject({
    saleCategory: null,
    rentCategory: { cianName: 'flatRent', propertyType: 1 },
    dailyRentCategory: null,
  });
  expect((await open('night')).dailyRentCategory).toEqual({
    name: 'Квартира',
    cianName: 'dailyFlatRent',
    propertyType: 1,
  });
});

it('gives adsType: the paid placement’s position type while promoted, null otherwise', async () => {
  expect((await open('sale-flat')).adsType).toBe(2);
  expect((await open('rent-flat')).adsType).toBeNull();
});

it('gives newCharacteristics with the value as text, isBest and showCurrency, and deposit and clientFee', async () => {
  const flat = await open('sale-flat');
  expect(flat).toHaveProperty('deposit');
  expect(flat).toHaveProperty('clientFee');
  const byField = new Map(
    (flat.newCharacteristics as { characteristicField: string }[]).map((c) => [c.characteristicField, c]),
  );
  expect(byField.get('TotalArea')).toEqual({
    characteristicField: 'TotalArea',
    characteristicFieldName: 'Общая площадь',
    value: 54.5,
    characteristicSelectValue: null,
    characteristicValue: '54,5\u00a0м²',
    isBest: true,
    showCurrency: false,
  });
  expect(byField.get('FloorData')).toMatchObject({ characteristicValue: '3 из 9', isBest: true });
  expect(byField.get('Price')).toMatchObject({ value: 12_500_000, showCurrency: true, isBest: false });
  const night = await open('night');
  const nightFields = new Map(
    (night.newCharacteristics as { characteristicField: string }[]).map((c) => [c.characteristicField, c]),
  );
  expect(nightFields.get('PricePerDay')).toMatchObject({ value: 3_500, showCurrency: true });
  expect(nightFields.get('Deposit')).toMatchObject({ value: 5_000, showCurrency: true });
  expect(nightFields.get('GuestsCount')).toMatchObject({ value: 4, isBest: true, showCurrency: false });
  expect(nightFields.has('Price')).toBe(false);
});
