import {
  formatArea,
  formatCharacteristic,
  formatDay,
  formatMetres,
  formatNumber,
  formatPrice,
  formatYear,
  guestsLabel,
  nightsLabel,
  plural,
  roomCountText,
  roomsLabel,
  updatedAgo,
} from '../../client/src/format';
import { formatDate } from '../../web/src/app/dates';
import { pageItems } from '../../web/src/catalogue/pageItems';

const NNBSP = '\u202f'; // narrow no-break space: groups digits
const NBSP = '\u00a0'; // no-break space: joins a unit

describe('formats of the site and the cabinet (client/src/format.ts)', () => {
  it('groups a price by narrow no-break spaces and joins ₽ with a no-break space, so it never wraps', () => {
    expect(formatPrice(12_500_000)).toBe(`12${NNBSP}500${NNBSP}000${NBSP}₽`);
    expect(formatPrice(3000)).toBe(`3${NNBSP}000${NBSP}₽`);
    expect(formatPrice(950)).toBe(`950${NBSP}₽`);
    expect(formatPrice(0)).toBe(`0${NBSP}₽`);
    expect(formatPrice(-1500)).toBe(`\u22121${NNBSP}500${NBSP}₽`);
    // no breakable space anywhere in a price
    expect(formatPrice(123_456_789)).not.toMatch(/ /);
  });

  it('writes decimals with a comma and drops trailing zeros', () => {
    expect(formatMetres(2.64)).toBe(`2,64${NBSP}м`);
    expect(formatMetres(3)).toBe(`3${NBSP}м`);
    expect(formatArea(45.5)).toBe(`45,5${NBSP}м²`);
    expect(formatArea(120)).toBe(`120${NBSP}м²`);
    expect(formatNumber(1234.567, 2)).toBe(`1${NNBSP}234,57`);
  });

  it('never groups a year', () => {
    expect(formatYear(2021)).toBe('2021');
  });

  it('calls 0 rooms a studio', () => {
    expect(roomsLabel(0)).toBe('Студия');
    expect(roomsLabel(2)).toBe('2-комнатная');
    expect(roomCountText(0)).toBe('Студия');
    expect(roomCountText(3)).toBe('3');
  });

  it('uses the spec’s plurals: гость/гостя/гостей, ночь/ночи/ночей', () => {
    expect([1, 2, 5, 11, 21, 22, 25, 111, 112].map((n) => plural(n, ['гость', 'гостя', 'гостей']))).toEqual([
      'гость',
      'гостя',
      'гостей',
      'гостей',
      'гость',
      'гостя',
      'гостей',
      'гостей',
      'гостей',
    ]);
    expect(guestsLabel(3)).toBe(`3${NBSP}гостя`);
    expect(nightsLabel(1)).toBe(`1${NBSP}ночь`);
    expect(nightsLabel(14)).toBe(`14${NBSP}ночей`);
    expect(updatedAgo('2026-01-01T00:00:00Z', Date.parse('2026-01-03T01:00:00Z'))).toBe(
      `обновлено 2${NBSP}дня назад`,
    );
  });

  it('formats each characteristic by its field', () => {
    const of = (characteristicField: string, characteristicFieldName: string, value: number) =>
      formatCharacteristic({ characteristicField, characteristicFieldName, value });
    expect(of('Deposit', 'Залог', 3000)).toEqual({ label: 'Залог', value: `3${NNBSP}000${NBSP}₽` });
    expect(of('CeilingHeight', 'Высота потолков, м', 2.64)).toEqual({
      label: 'Высота потолков',
      value: `2,64${NBSP}м`,
    });
    expect(of('BuildYear', 'Год постройки', 2021)).toEqual({ label: 'Год постройки', value: '2021' });
    expect(of('FlatRoomsCount', 'Количество комнат', 0)).toEqual({
      label: 'Количество комнат',
      value: 'Студия',
    });
    expect(of('TotalArea', 'Общая площадь', 38.5)).toEqual({
      label: 'Общая площадь',
      value: `38,5${NBSP}м²`,
    });
    expect(of('ClientFee', 'Комиссия, %', 50)).toEqual({ label: 'Комиссия', value: `50${NBSP}%` });
    expect(of('FloorNumber', 'Этаж', 7)).toEqual({ label: 'Этаж', value: '7' });
    expect(
      formatCharacteristic({
        characteristicField: 'RepairType',
        characteristicFieldName: 'Ремонт',
        value: 3,
        characteristicSelectValue: 'Евроремонт',
      }),
    ).toEqual({ label: 'Ремонт', value: 'Евроремонт' });
  });
});

describe('pagination model (web/src/catalogue/pageItems.ts)', () => {
  it('shows every page up to 5', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('never hides a single page behind an ellipsis', () => {
    expect(pageItems(1, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageItems(2, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageItems(3, 7)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('shows 3 pages around the active one, an ellipsis for two or more hidden pages, and the last 2', () => {
    expect(pageItems(1, 7)).toEqual([1, 2, 3, '…', 6, 7]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, '…', 19, 20]);
    expect(pageItems(10, 20)).toEqual([9, 10, 11, '…', 19, 20]);
    expect(pageItems(16, 20)).toEqual([15, 16, 17, 18, 19, 20]);
  });

  it('keeps 5 numbers at the end, the active page among them', () => {
    for (const current of [17, 18, 19, 20]) {
      const items = pageItems(current, 20);
      expect(items).toEqual([16, 17, 18, 19, 20]);
      expect(items).toContain(current);
    }
  });

  it('always shows the active page, and an ellipsis only where two or more pages are hidden', () => {
    for (let last = 1; last <= 30; last++) {
      for (let current = 1; current <= last; current++) {
        const items = pageItems(current, last);
        expect(items).toContain(current);
        expect(items.filter((i) => i !== '…').length).toBeLessThanOrEqual(6);
        items.forEach((item, i) => {
          if (item !== '…') return;
          expect((items[i + 1] as number) - (items[i - 1] as number)).toBeGreaterThanOrEqual(3);
        });
      }
    }
  });
});

describe('dates in words (web/src/app/dates.ts formatDate, written out instead of through Intl)', () => {
  it('writes what ru-RU DateTimeFormat writes, in Moscow time for moments and UTC for days', () => {
    const intl = (zone: string, year: boolean) =>
      new Intl.DateTimeFormat('ru-RU', {
        day: 'numeric',
        month: 'long',
        ...(year ? { year: 'numeric' } : {}),
        timeZone: zone,
      });
    // one moment in each month, some just before or after midnight in Moscow
    for (let month = 0; month < 12; month++)
      for (const hour of [0, 20, 21, 23]) {
        const at = new Date(Date.UTC(2026, month, month + 1, hour, 30));
        expect(formatDate(at.toISOString())).toBe(intl('Europe/Moscow', true).format(at));
        expect(formatDate(at, { year: false })).toBe(intl('Europe/Moscow', false).format(at));
        expect(formatDate(at, { zone: 'UTC' })).toBe(intl('UTC', true).format(at));
      }
    expect(formatDay('2026-12-13')).toBe('13 декабря 2026 г.');
    expect(formatDate('2026-12-31T21:00:00Z', { year: false })).toBe('1 января');
  });

  it('answers an empty text for a date that is not one', () => {
    expect(formatDate('не дата')).toBe('');
  });
});
