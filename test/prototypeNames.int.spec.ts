import request from 'supertest';
import { startTestApp, type TestApp } from '../services/test/testApp';
import { PROTOTYPE_NAMES } from './support/hostile';

/**
 * Names of Object.prototype's properties are ordinary unknown input: a deal named `constructor` is
 * errorCode 1 on `deal` (it was a 500), a search filter named `toString` is errorCode 1 on its
 * cianName (it was "no results", errorCode 34).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe.each(PROTOTYPE_NAMES)('the name %s', (name) => {
  it.each(['', '/characteristics', '/characteristics-by-deal-subcategories'])(
    'is an unknown deal in /api/deal-categories/{deal}%s',
    async (rest) => {
      const { body } = await request(t.app).get(`/api/deal-categories/${name}${rest}`).expect(400);
      expect(body).toEqual({
        errorCode: 1,
        message: 'Некорректные данные',
        errors: { deal: ['Тип сделки: sale, rent, daily-rent или new-buildings'] },
      });
    },
  );

  it.each(['/api/publications', '/api/publications/count'])(
    'is an unknown search filter in %s',
    async (path) => {
      const { body } = await request(t.app)
        .post(path)
        .send({ characteristicData: [{ cianName: name, values: [1] }] })
        .expect(400);
      expect(body).toEqual({
        errorCode: 1,
        message: 'Некорректные данные',
        errors: { 'characteristicData.0.cianName': [`Фильтр «${name}» не поддерживается`] },
      });
    },
  );
});
