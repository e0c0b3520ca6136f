import request from 'supertest';
import { createAgencyWithListings, type PublicationSpec } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { FILTER_CHARACTERISTICS, FIXED_FILTER_CHARACTERISTIC_IDS } from '../categories';
import { DEV_SMS } from '../core/notify/outbox';
import { closeDroppingCollections, onBothReadStores } from '../../test/readStores';

/** Three rentals that differ in every characteristic added for the 18 filters; the third tells none of them. */
const PUBLICATIONS: PublicationSpec[] = [
  {
    id: 'x1',
    deal: 'rent',
    price: 60_000,
    rooms: 1,
    publishedDaysAgo: 10,
    params: {
      ceilingHeight: 3.2,
      bathroomType: 2,
      repairType: 3,
      hasBalcony: true,
      hasParking: false,
      hasLift: true,
      hasFurniture: true,
      petsAllowed: true,
    },
  },
  {
    id: 'x2',
    deal: 'rent',
    price: 45_000,
    rooms: 2,
    publishedDaysAgo: 10,
    params: {
      ceilingHeight: 2.6,
      bathroomType: 1,
      repairType: 1,
      hasBalcony: false,
      hasParking: true,
      hasLift: false,
      hasFurniture: false,
      petsAllowed: false,
    },
  },
  { id: 'x3', deal: 'rent', price: 90_000, rooms: 5, publishedDaysAgo: 10 },
];

describe.each(onBothReadStores('characteristic filters', 'features'))(
  'characteristics on listings, on %s',
  (_name, env, run) => {
    const it = run ? global.it : global.it.skip;
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      if (!run) return;
      t = await startTestApp({ seed: false, env });
      const { agentPhone } = await createAgencyWithListings(t.ctx, 'ch', '41', PUBLICATIONS);
      token = await signIn(t, agentPhone);
    });
    afterAll(async () => {
      if (run) await closeDroppingCollections(t, env, [DEV_SMS]);
    });

    const search = (body: object) =>
      request(t.app)
        .post('/api/publications')
        .send({ dealCategory: 'rent', limit: 50, ...body });
    const found = async (...characteristicData: object[]) => {
      const res = await search({ characteristicData });
      if (res.status === 404) return [];
      expect(res.status).toBe(200);
      return (res.body.data as { id: string }[]).map((p) => p.id).sort();
    };
    const refused = async (characteristicData: object[]) =>
      (await search({ characteristicData }).expect(400)).body;
    const counted = async (characteristicData: object[]) =>
      (
        await request(t.app)
          .post('/api/publications/count')
          .send({ dealCategory: 'rent', characteristicData })
          .expect(200)
      ).body.data.publicationCount as number;

    describe('the search', () => {
      it('refuses none of the 18 fixed filter characteristics, on any deal', async () => {
        expect(FILTER_CHARACTERISTICS.map((c) => c.id)).toEqual([...FIXED_FILTER_CHARACTERISTIC_IDS]);
        for (const deal of ['sale', 'rent', 'daily-rent', 'new-buildings']) {
          const { body } = await request(t.app)
            .get(`/api/deal-categories/${deal}/characteristics`)
            .expect(200);
          for (const c of body.data as {
            cianName: string;
            filterType: number;
            characteristicFieldSelects: { value: number | null }[];
          }[]) {
            const asked =
              c.filterType === 2
                ? { cianName: c.cianName, minValue: 0, maxValue: 1000 }
                : { cianName: c.cianName, values: [c.characteristicFieldSelects[0].value] };
            const res = await request(t.app)
              .post('/api/publications')
              .send({ characteristicData: [asked] });
            // found or not found, never refused
            expect({ cianName: c.cianName, refused: res.status === 400 }).toEqual({
              cianName: c.cianName,
              refused: false,
            });
            expect([200, 404]).toContain(res.status);
          }
        }
      });

      it('ceiling height by range', async () => {
        expect(await found({ cianName: 'CeilingHeight', minValue: 3 })).toEqual(['x1']);
        expect(await found({ cianName: 'CeilingHeight', maxValue: 2.7 })).toEqual(['x2']);
        expect(await found({ cianName: 'CeilingHeight', minValue: 2.5, maxValue: 3.5 })).toEqual([
          'x1',
          'x2',
        ]);
      });

      it('bathroom and repair by their options, any of those chosen', async () => {
        expect(await found({ cianName: 'BathroomType', values: [2] })).toEqual(['x1']);
        expect(await found({ cianName: 'BathroomType', values: [1, 2] })).toEqual(['x1', 'x2']);
        expect(await found({ cianName: 'RepairType', values: ['3', 4] })).toEqual(['x1']);
        expect(await found({ cianName: 'RepairType', values: [2] })).toEqual([]);
      });

      it('yes/no characteristics: 1 Да, 0 Нет, null Неважно; a listing that does not tell matches neither', async () => {
        expect(await found({ cianName: 'HasBalcony', values: [1] })).toEqual(['x1']);
        expect(await found({ cianName: 'HasBalcony', values: [0] })).toEqual(['x2']);
        expect(await found({ cianName: 'HasBalcony', values: [null] })).toEqual(['x1', 'x2', 'x3']);
        expect(await found({ cianName: 'HasBalcony', values: [1, 0] })).toEqual(['x1', 'x2']);
        expect(await found({ cianName: 'HasParking', values: ['1'] })).toEqual(['x2']);
        expect(await found({ cianName: 'HasLift', values: [true] })).toEqual(['x1']);
        expect(await found({ cianName: 'HasFurniture', values: [false] })).toEqual(['x2']);
        expect(await found({ cianName: 'PetsAllowed', values: [0] })).toEqual(['x2']);
        expect(await counted([{ cianName: 'PetsAllowed', values: [1] }])).toBe(1);
      });

      it('several together, each must hold', async () => {
        expect(
          await found(
            { cianName: 'HasLift', values: [1] },
            { cianName: 'PetsAllowed', values: [1] },
            { cianName: 'CeilingHeight', minValue: 3 },
          ),
        ).toEqual(['x1']);
        expect(
          await found({ cianName: 'HasLift', values: [1] }, { cianName: 'HasParking', values: [1] }),
        ).toEqual([]);
        expect(
          await counted([
            { cianName: 'BathroomType', values: [1, 2] },
            { cianName: 'HasBalcony', values: [0] },
          ]),
        ).toBe(1);
      });

      it('rooms as a characteristic: 4 means four or more, as in roomCount; both given must agree', async () => {
        expect(await found({ cianName: 'FlatRoomsCount', values: [4] })).toEqual(['x3']);
        expect(await found({ cianName: 'FlatRoomsCount', values: [1, 2] })).toEqual(['x1', 'x2']);
        expect(
          (
            (
              await search({
                roomCount: [2],
                characteristicData: [{ cianName: 'FlatRoomsCount', values: [2] }],
              }).expect(200)
            ).body.data as { id: string }[]
          ).map((p) => p.id),
        ).toEqual(['x2']);
        expect(
          (
            await search({
              roomCount: [2],
              characteristicData: [{ cianName: 'FlatRoomsCount', values: [1] }],
            }).expect(400)
          ).body.errors,
        ).toEqual({
          'characteristicData.0.values': [
            'Количество комнат выбрано по-разному в roomCount и в характеристиках',
          ],
        });
      });

      it('refuses values a characteristic does not have, with Russian field errors in the envelope', async () => {
        expect(await refused([{ cianName: 'BathroomType', values: [7] }])).toEqual({
          errorCode: 1,
          message: 'Некорректные данные',
          errors: {
            'characteristicData.0.values': ['«Санузел»: 1 — совмещённый, 2 — раздельный, 3 — несколько'],
          },
        });
        expect((await refused([{ cianName: 'HasBalcony', values: [2] }])).errors).toEqual({
          'characteristicData.0.values': ['«Балкон или лоджия»: 1 — да, 0 — нет, null — неважно'],
        });
        expect((await refused([{ cianName: 'HasLift', minValue: 1 }])).errors).toEqual({
          'characteristicData.0.minValue': ['Фильтр «Лифт» — да или нет, без диапазона'],
        });
        expect((await refused([{ cianName: 'CeilingHeight', values: ['высокие'] }])).errors).toEqual({
          'characteristicData.0.values': ['Значения фильтра — числа'],
        });
        expect((await refused([{ cianName: 'Balcony', values: [1] }])).errors).toEqual({
          'characteristicData.0.cianName': ['Фильтр «Balcony» не поддерживается'],
        });
      });
    });

    describe('the cabinet form', () => {
      const form = {
        dealCategory: 'rent',
        propertyType: 1,
        title: '2-комн. квартира с балконом',
        price: 70_000,
        locationId: '2',
        address: { fullAddress: 'Санкт-Петербург, Невский проспект, 100' },
        roomCount: 2,
        ceilingHeight: 3.1,
        bathroomType: 3,
        repairType: 4,
        hasBalcony: true,
        hasParking: false,
        hasLift: true,
        hasFurniture: true,
        petsAllowed: null,
      };
      const cabinet = (r: request.Test) => r.set('Authorization', `Bearer ${token}`);

      it('stores every characteristic, shows it and finds the listing by it', async () => {
        const { body } = await cabinet(request(t.app).post('/api/cabinet/publications'))
          .send(form)
          .expect(201);
        expect(body).toMatchObject({
          ceilingHeight: 3.1,
          bathroomType: 3,
          repairType: 4,
          hasBalcony: true,
          hasParking: false,
          hasLift: true,
          hasFurniture: true,
          petsAllowed: null,
        });
        expect(body.characteristics).toEqual(
          expect.arrayContaining([
            {
              characteristicField: 'CeilingHeight',
              characteristicFieldName: 'Высота потолков, м',
              value: 3.1,
            },
            {
              characteristicField: 'BathroomType',
              characteristicFieldName: 'Санузел',
              value: 3,
              characteristicSelectValue: 'Несколько',
            },
            {
              characteristicField: 'RepairType',
              characteristicFieldName: 'Ремонт',
              value: 4,
              characteristicSelectValue: 'Дизайнерский',
            },
            {
              characteristicField: 'HasBalcony',
              characteristicFieldName: 'Балкон или лоджия',
              value: 1,
              characteristicSelectValue: 'Да',
            },
            {
              characteristicField: 'HasParking',
              characteristicFieldName: 'Парковка',
              value: 0,
              characteristicSelectValue: 'Нет',
            },
          ]),
        );
        expect(
          body.characteristics.map((c: { characteristicField: string }) => c.characteristicField),
        ).not.toContain('PetsAllowed');

        await cabinet(request(t.app).post(`/api/cabinet/publications/${body.id}/publish`)).expect(200);
        t.clock.advance(3 * 24 * 3600_000 + 60_000); // past the premium window
        expect(
          await found({ cianName: 'RepairType', values: [4] }, { cianName: 'HasBalcony', values: [1] }),
        ).toEqual([body.id]);

        // an edit that sends the listing back as it came keeps every characteristic; a changed one changes
        const { body: current } = await cabinet(
          request(t.app).get(`/api/cabinet/publications/${body.id}`),
        ).expect(200);
        const { body: edited } = await cabinet(request(t.app).put(`/api/cabinet/publications/${body.id}`))
          .send({ ...current, hasBalcony: false })
          .expect(200);
        expect(edited).toMatchObject({
          ceilingHeight: 3.1,
          bathroomType: 3,
          repairType: 4,
          hasBalcony: false,
          hasLift: true,
          hasFurniture: true,
        });
        expect(
          await found({ cianName: 'RepairType', values: [4] }, { cianName: 'HasBalcony', values: [1] }),
        ).toEqual([]);
        expect(
          await found({ cianName: 'RepairType', values: [4] }, { cianName: 'HasBalcony', values: [0] }),
        ).toEqual([body.id]);
      });

      it('refuses values out of the lists with Russian field errors', async () => {
        const { body } = await cabinet(request(t.app).post('/api/cabinet/publications'))
          .send({
            ...form,
            ceilingHeight: 0.5,
            bathroomType: 7,
            repairType: 0,
            hasLift: 'да',
            petsAllowed: 1,
          })
          .expect(400);
        expect(body).toEqual({
          errorCode: 1,
          message: 'Некорректные данные',
          errors: {
            ceilingHeight: ['Высота потолков не меньше 1,5 м'],
            bathroomType: ['Санузел: 1 — совмещённый, 2 — раздельный, 3 — несколько'],
            repairType: ['Ремонт: 1 — без ремонта, 2 — косметический, 3 — евроремонт, 4 — дизайнерский'],
            hasLift: ['Укажите да (true) или нет (false)'],
            petsAllowed: ['Укажите да (true) или нет (false)'],
          },
        });
      });
    });
  },
);
