import request from 'supertest';
import { createAgencyWithListings, type PublicationSpec } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { DEMO_COMPLEXES, runComplexCommand } from '../newBuildings';
import { closeDroppingCollections, onBothReadStores } from '../../test/readStores';

/** Three complexes handed over in different years, and listings in them and outside them. */
const base = DEMO_COMPLEXES[0].details;
const complex = (year: number) => ({ ...base, deadline: { year, quarter: 4 } });
const COMPLEXES = { 'nb-2024': 2024, 'nb-2026': 2026, 'nb-2027': 2027 } as const;
const PUBLICATIONS: PublicationSpec[] = [
  { id: 'flat-2024', price: 9_000_000, complex: 'nb-2024', publishedDaysAgo: 10 },
  { id: 'flat-2026', price: 10_000_000, complex: 'nb-2026', publishedDaysAgo: 10 },
  { id: 'rent-2026', deal: 'rent', price: 70_000, complex: 'nb-2026', publishedDaysAgo: 10 },
  { id: 'flat-2027', price: 11_000_000, complex: 'nb-2027', publishedDaysAgo: 10 },
  { id: 'resale', price: 12_000_000, publishedDaysAgo: 10 },
];

describe.each(onBothReadStores('new-build deadline filter', 'deadline'))(
  'the new-build deadline filter on %s',
  (_name, env, run) => {
    const it = run ? global.it : global.it.skip;
    let t: TestApp;
    let agentToken: string;
    beforeAll(async () => {
      if (!run) return;
      t = await startTestApp({ seed: false, env });
      for (const [id, year] of Object.entries(COMPLEXES))
        await runComplexCommand(t.ctx, {
          type: 'RegisterResidentialComplex',
          complexId: id,
          details: complex(year),
        });
      const { agentPhone } = await createAgencyWithListings(t.ctx, 'nb', '31', PUBLICATIONS);
      agentToken = await signIn(t, agentPhone);
    });
    afterAll(async () => {
      if (run) await closeDroppingCollections(t, env);
    });

    const found = async (body: object) => {
      const res = await request(t.app)
        .post('/api/publications')
        .send({ limit: 50, ...body });
      if (res.status === 404) return [];
      expect(res.status).toBe(200);
      return (res.body.data as { id: string }[]).map((p) => p.id).sort();
    };
    const counted = async (body: object) =>
      (await request(t.app).post('/api/publications/count').send(body).expect(200)).body.data
        .publicationCount as number;

    it('keeps listings whose complex is handed over by the end of the year, and only listings in a complex', async () => {
      expect(await found({ deadline: 2026 })).toEqual(['flat-2024', 'flat-2026', 'rent-2026']);
      expect(await found({ deadline: 2024 })).toEqual(['flat-2024']);
      expect(await found({ deadline: 2030 })).toEqual(['flat-2024', 'flat-2026', 'flat-2027', 'rent-2026']);
      expect(await found({ deadline: 2023 })).toEqual([]);
      expect(await counted({ deadline: 2026 })).toBe(3);
      expect(await counted({ deadline: 2023 })).toBe(0);
    });

    it('combines with the deal, new builds and the complex', async () => {
      expect(await found({ dealCategory: 'sale', deadline: 2026 })).toEqual(['flat-2024', 'flat-2026']);
      expect(await found({ dealCategory: 'rent', deadline: 2026 })).toEqual(['rent-2026']);
      expect(await found({ dealCategory: 'new-buildings', deadline: 2025 })).toEqual(['flat-2024']);
      expect(await found({ residentialComplexId: 'nb-2027', deadline: 2026 })).toEqual([]);
      expect(await counted({ dealCategory: 'sale', deadline: 2027, price: { max: 10_500_000 } })).toBe(2);
    });

    it('takes the year as digits too; null or absent filters nothing', async () => {
      expect(await found({ deadline: '2024' })).toEqual(['flat-2024']);
      expect(await found({ deadline: null })).toHaveLength(PUBLICATIONS.length);
      expect(await counted({})).toBe(PUBLICATIONS.length);
    });

    it('shows the listing’s complex and its year', async () => {
      const { body } = await request(t.app).get('/api/publications/flat-2026').expect(200);
      expect(body.data).toMatchObject({ residentialComplexId: 'nb-2026', deadlineYear: 2026 });
      expect((await request(t.app).get('/api/publications/resale').expect(200)).body.data).toMatchObject({
        residentialComplexId: null,
        deadlineYear: null,
      });
    });

    it('follows the complex when its deadline moves', async () => {
      await runComplexCommand(t.ctx, {
        type: 'UpdateResidentialComplex',
        complexId: 'nb-2026',
        details: complex(2028),
      });
      await t.ctx.projections.whenCaughtUp();
      expect(await found({ deadline: 2026 })).toEqual(['flat-2024']);
      expect(await found({ deadline: 2028 })).toEqual(['flat-2024', 'flat-2026', 'flat-2027', 'rent-2026']);
      expect(
        (await request(t.app).get('/api/publications/rent-2026').expect(200)).body.data.deadlineYear,
      ).toBe(2028);
      await runComplexCommand(t.ctx, {
        type: 'UpdateResidentialComplex',
        complexId: 'nb-2026',
        details: complex(2026),
      });
      await t.ctx.projections.whenCaughtUp();
    });

    it('keeps a listing in its complex when the cabinet edits it', async () => {
      const cabinet = (r: request.Test) => r.set('Authorization', `Bearer ${agentToken}`);
      const { body: current } = await cabinet(
        request(t.app).get('/api/cabinet/publications/flat-2024'),
      ).expect(200);
      const { body: edited } = await cabinet(request(t.app).put('/api/cabinet/publications/flat-2024'))
        .send({ ...current, price: 8_900_000 })
        .expect(200);
      expect(edited).toMatchObject({ price: 8_900_000, residentialComplexId: 'nb-2024', deadlineYear: 2024 });
      expect(await found({ deadline: 2024 })).toEqual(['flat-2024']);
    });

    it('lets the cabinet put a new listing in a complex, move it to another, and take it out', async () => {
      const cabinet = (r: request.Test) => r.set('Authorization', `Bearer ${agentToken}`);
      const form = {
        dealCategory: 'sale',
        propertyType: 1,
        title: 'Квартира в новостройке',
        price: 9_500_000,
        locationId: '1',
        address: { fullAddress: 'Москва, ул. Строителей, 1' },
        residentialComplexId: 'nb-2027',
      };
      const { body: created } = await cabinet(request(t.app).post('/api/cabinet/publications'))
        .send(form)
        .expect(201);
      expect(created).toMatchObject({ residentialComplexId: 'nb-2027', deadlineYear: 2027 });
      const { body: moved } = await cabinet(request(t.app).put(`/api/cabinet/publications/${created.id}`))
        .send({ ...created, residentialComplexId: 'nb-2024' })
        .expect(200);
      expect(moved).toMatchObject({ residentialComplexId: 'nb-2024', deadlineYear: 2024 });
      const { body: out } = await cabinet(request(t.app).put(`/api/cabinet/publications/${created.id}`))
        .send({ ...moved, residentialComplexId: null })
        .expect(200);
      expect(out).toMatchObject({ residentialComplexId: null, deadlineYear: null });
    });

    it.each([
      ['an unknown complex', { residentialComplexId: 'nb-1999' }, 'Жилой комплекс не найден'],
      [
        'a daily rent',
        { dealCategory: 'dailyRent', residentialComplexId: 'nb-2026' },
        'Жилой комплекс указывается только для продажи и аренды',
      ],
    ])('refuses %s under the complex field, and writes nothing', async (_case, change, message) => {
      const cabinet = (r: request.Test) => r.set('Authorization', `Bearer ${agentToken}`);
      const before = (await cabinet(request(t.app).get('/api/cabinet/publications')).expect(200)).body.length;
      const { body } = await cabinet(request(t.app).post('/api/cabinet/publications'))
        .send({
          dealCategory: 'sale',
          propertyType: 1,
          title: 'Квартира',
          price: 9_500_000,
          locationId: '1',
          address: { fullAddress: 'Москва, ул. Строителей, 1' },
          ...change,
        })
        .expect(400);
      expect(body).toMatchObject({ errorCode: 1, errors: { residentialComplexId: [message] } });
      expect((await cabinet(request(t.app).get('/api/cabinet/publications')).expect(200)).body).toHaveLength(
        before,
      );
    });

    it.each([
      ['скоро', 'Год сдачи — четыре цифры'],
      [1800, 'Год сдачи не раньше 1950'],
      [2025.5, 'Год сдачи — целое число'],
      [true, 'Год сдачи — число'],
    ])('refuses the deadline %p with a field error in the envelope', async (deadline, message) => {
      for (const path of ['/api/publications', '/api/publications/count']) {
        const { body } = await request(t.app).post(path).send({ deadline }).expect(400);
        expect(body).toEqual({
          errorCode: 1,
          message: 'Некорректные данные',
          errors: { deadline: [message] },
        });
      }
    });
  },
);
