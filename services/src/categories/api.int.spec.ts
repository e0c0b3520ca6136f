import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/testApp';
import { FIXED_FILTER_CHARACTERISTIC_IDS } from './characteristics';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (path: string) => request(t.app).get(path);
type Category = {
  name: string;
  cianName: string;
  propertyType: number | null;
  selected: boolean;
  isNewBuilding: boolean;
  dealCategory: string;
};
type Characteristic = {
  id: number;
  cianName: string;
  name: string;
  type: string;
  filterType: number;
  measure: string | null;
  isMainFilter: boolean;
  characteristicFieldSelects: { name: string; value: number | null }[];
};

describe('GET /api/deal-categories/{deal}', () => {
  it('sale: allSale, the 15 property types and a new-build flat, the flat selected', async () => {
    const { body } = await get('/api/deal-categories/sale').expect(200);
    expect(body.data).toMatchObject({
      dealCategory: 'sale',
      path: 'sale',
      name: 'Продажа',
      defaultPropertyType: 1,
    });
    const categories: Category[] = body.data.categories;
    expect(categories[0]).toEqual({
      name: 'Вся недвижимость',
      cianName: 'allSale',
      propertyType: null,
      dealCategory: 'sale',
      isNewBuilding: false,
      selected: false,
    });
    expect(categories.map((c) => c.name)).toEqual([
      'Вся недвижимость',
      'Квартира',
      'Квартира в новостройке',
      'Дом, дача',
      'Коттедж',
      'Таунхаус',
      'Гараж',
      'Участок',
      'Комната',
      'Готовый бизнес',
      'Здание',
      'Коммерческая земля',
      'Офис',
      'Помещение свободного назначения',
      'Производство',
      'Склад',
      'Торговая площадь',
    ]);
    expect(categories.filter((c) => c.selected)).toEqual([
      {
        name: 'Квартира',
        cianName: 'flatSale',
        propertyType: 1,
        dealCategory: 'sale',
        isNewBuilding: false,
        selected: true,
      },
    ]);
    expect(categories.find((c) => c.isNewBuilding)).toMatchObject({
      cianName: 'newBuildingFlatSale',
      propertyType: 1,
    });
    expect(categories.find((c) => c.cianName === 'houseSale')).toMatchObject({ propertyType: 2 });
  });

  it('rent has the same property types', async () => {
    const { body } = await get('/api/deal-categories/rent').expect(200);
    expect(body.data.categories.map((c: Category) => c.cianName)).toEqual(
      expect.arrayContaining([
        'allRent',
        'flatRent',
        'newBuildingFlatRent',
        'shoppingAreaRent',
        'warehouseRent',
      ]),
    );
    expect(body.data.categories).toHaveLength(17);
  });

  it.each(['daily-rent', 'dailyRent'])('daily rent (%s) has a flat and a house', async (deal) => {
    const { body } = await get(`/api/deal-categories/${deal}`).expect(200);
    expect(body.data).toMatchObject({ dealCategory: 'dailyRent', path: 'daily-rent', name: 'Посуточно' });
    expect(body.data.categories.map((c: Category) => [c.cianName, c.propertyType])).toEqual([
      ['allDailyRent', null],
      ['dailyFlatRent', 1],
      ['dailyHouseRent', 2],
    ]);
  });

  it('new builds: new-build flats for sale and for rent', async () => {
    const { body } = await get('/api/deal-categories/new-buildings').expect(200);
    expect(
      body.data.categories
        .filter((c: Category) => c.isNewBuilding && c.propertyType === 1)
        .map((c: Category) => c.dealCategory),
    ).toEqual(['sale', 'rent']);
  });

  it('refuses an unknown deal with a field error', async () => {
    const { body } = await get('/api/deal-categories/barter').expect(400);
    expect(body).toEqual({
      errorCode: 1,
      message: 'Некорректные данные',
      errors: { deal: ['Тип сделки: sale, rent, daily-rent или new-buildings'] },
    });
  });
});

describe('GET /api/deal-categories/{deal}/characteristics', () => {
  it('sale: the filters that fit a sale, each with the spec’s fields', async () => {
    const { body } = await get('/api/deal-categories/sale/characteristics').expect(200);
    const list: Characteristic[] = body.data;
    expect(list.map((c) => c.id)).toEqual([8, 32, 9, 35, 96, 97, 98, 99, 100, 101, 102, 103, 104]);
    expect(list[0]).toEqual({
      id: 8,
      cianName: 'TotalArea',
      name: 'Общая площадь',
      type: 'float',
      filterType: 2,
      measure: 'м²',
      isMainFilter: true,
      characteristicFieldSelects: [],
    });
    const rooms = list.find((c) => c.cianName === 'FlatRoomsCount')!;
    expect(rooms).toMatchObject({ id: 35, type: 'integer', filterType: 1, isMainFilter: true });
    expect(rooms.characteristicFieldSelects.map((s) => [s.name, s.value])).toEqual([
      ['Студия', 0],
      ['1', 1],
      ['2', 2],
      ['3', 3],
      ['4+', 4],
    ]);
    expect(list.find((c) => c.cianName === 'HasLift')!.characteristicFieldSelects.map((s) => s.name)).toEqual(
      ['Да', 'Нет', 'Неважно'],
    );
  });

  it('rent adds deposit, fee, furniture and pets', async () => {
    const { body } = await get('/api/deal-categories/rent/characteristics').expect(200);
    const byName = Object.fromEntries(body.data.map((c: Characteristic) => [c.cianName, c]));
    expect(byName.Deposit).toMatchObject({ id: 46, measure: '₽', filterType: 2 });
    expect(byName.ClientFee).toMatchObject({ id: 37, measure: '%', type: 'float' });
    expect(byName.PetsAllowed).toMatchObject({ id: 16, type: 'boolean', filterType: 1 });
    expect(byName.GuestsCount).toBeUndefined();
  });

  it('daily rent has the guests count as a main filter', async () => {
    const { body } = await get('/api/deal-categories/daily-rent/characteristics').expect(200);
    expect(body.data.find((c: Characteristic) => c.cianName === 'GuestsCount')).toMatchObject({
      id: 39,
      isMainFilter: true,
    });
  });

  it('narrows to one property type, and refuses an unknown one', async () => {
    const { body } = await get('/api/deal-categories/sale/characteristics?propertyType=5').expect(200);
    expect(body.data.map((c: Characteristic) => c.cianName)).toEqual(['TotalArea']);
    const bad = await get('/api/deal-categories/sale/characteristics?propertyType=99').expect(400);
    expect(bad.body).toMatchObject({
      errorCode: 1,
      errors: { propertyType: ['Нет такого типа недвижимости'] },
    });
    expect(
      (await get('/api/deal-categories/sale/characteristics?propertyType=flat').expect(400)).body.errors
        .propertyType,
    ).toEqual(['Укажите число']);
  });

  it('every fixed id answers for some deal, each once', async () => {
    const ids = new Set<number>();
    for (const deal of ['sale', 'rent', 'daily-rent', 'new-buildings'])
      (await get(`/api/deal-categories/${deal}/characteristics`)).body.data.forEach((c: Characteristic) =>
        ids.add(c.id),
      );
    expect([...ids].sort((a, b) => a - b)).toEqual(
      [...FIXED_FILTER_CHARACTERISTIC_IDS].sort((a, b) => a - b),
    );
  });

  it('refuses an unknown deal', async () => {
    expect((await get('/api/deal-categories/lease/characteristics').expect(400)).body.errorCode).toBe(1);
  });
});

describe('GET /api/deal-categories/{deal}/characteristics-by-deal-subcategories', () => {
  it('gives each category the filters that fit its property type', async () => {
    const { body } = await get('/api/deal-categories/sale/characteristics-by-deal-subcategories').expect(200);
    const of = (cianName: string) =>
      body.data
        .find((g: { cianName: string }) => g.cianName === cianName)
        .characteristics.map((c: Characteristic) => c.cianName);
    expect(body.data).toHaveLength(17);
    expect(body.data[1]).toMatchObject({
      cianName: 'flatSale',
      name: 'Квартира',
      propertyType: 1,
      isNewBuilding: false,
    });
    expect(of('flatSale')).toEqual(
      expect.arrayContaining(['TotalArea', 'FlatRoomsCount', 'FloorNumber', 'HasLift']),
    );
    expect(of('landSale')).toEqual(['TotalArea']);
    expect(of('officeSale')).not.toContain('FlatRoomsCount');
    expect(of('allSale')).toHaveLength(13);
  });

  it('answers for daily rent and refuses an unknown deal', async () => {
    const { body } = await get('/api/deal-categories/dailyRent/characteristics-by-deal-subcategories').expect(
      200,
    );
    expect(body.data.map((g: { cianName: string }) => g.cianName)).toEqual([
      'allDailyRent',
      'dailyFlatRent',
      'dailyHouseRent',
    ]);
    expect(
      (await get('/api/deal-categories/x/characteristics-by-deal-subcategories').expect(400)).body.errorCode,
    ).toBe(1);
  });
});
