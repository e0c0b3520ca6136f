import { DomainError } from '../core/errors';
import { busyRangesOfIcs } from './ical';

const today = '2030-01-10';
const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Other//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
const event = (...lines: string[]) => ['BEGIN:VEVENT', 'UID:x', ...lines, 'END:VEVENT'];
const refusal = async (text: string) => {
  const error = await busyRangesOfIcs(text, today).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).errors?.ics;
};

describe('reading another portal’s feed', () => {
  it('takes all-day events as written, a UTC time as its Moscow day, a zoned time as its wall-clock day', async () => {
    const ranges = await busyRangesOfIcs(
      calendar(
        ...event('DTSTART;VALUE=DATE:20300201', 'DTEND;VALUE=DATE:20300204', 'SUMMARY:Airbnb'),
        ...event('DTSTART:20300210T220000Z', 'DTEND:20300212T090000Z'), // 01:00 in Moscow on the 11th
        ...event(
          'DTSTART;TZID=Asia/Vladivostok:20300220T140000',
          'DTEND;TZID=Asia/Vladivostok:20300222T120000',
        ),
      ),
      today,
    );
    expect(ranges).toEqual([
      { startDate: '2030-02-01', endDate: '2030-02-04', note: 'Airbnb' },
      { startDate: '2030-02-11', endDate: '2030-02-12', note: null },
      { startDate: '2030-02-20', endDate: '2030-02-22', note: null },
    ]);
  });

  it('makes an event without an end, or ending on its first day, one night', async () => {
    expect(
      await busyRangesOfIcs(
        calendar(
          ...event('DTSTART;VALUE=DATE:20300301'),
          ...event('DTSTART:20300305T100000', 'DTEND:20300305T180000'),
        ),
        today,
      ),
    ).toEqual([
      { startDate: '2030-03-01', endDate: '2030-03-02', note: null },
      { startDate: '2030-03-05', endDate: '2030-03-06', note: null },
    ]);
  });

  it('skips cancelled and free events; reads folded lines and events with alarms inside', async () => {
    const ranges = await busyRangesOfIcs(
      calendar(
        ...event('DTSTART;VALUE=DATE:20300401', 'DTEND;VALUE=DATE:20300403', 'STATUS:CANCELLED'),
        ...event('DTSTART;VALUE=DATE:20300405', 'DTEND;VALUE=DATE:20300407', 'TRANSP:TRANSPARENT'),
        ...event(
          'DTSTART;VALUE=DATE:20300410',
          'DTEND;VALUE=DATE:20300412',
          'SUMMARY:Бронирование через',
          '  другой портал',
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          'TRIGGER:-PT15M',
          'END:VALARM',
        ),
      ),
      today,
    );
    expect(ranges).toEqual([
      { startDate: '2030-04-10', endDate: '2030-04-12', note: 'Бронирование через другой портал' },
    ]);
  });

  it('ignores what is wholly past and cuts what runs past two years ahead', async () => {
    expect(
      await busyRangesOfIcs(
        calendar(
          ...event('DTSTART;VALUE=DATE:20291201', 'DTEND;VALUE=DATE:20300110'),
          ...event('DTSTART;VALUE=DATE:20300105', 'DTEND;VALUE=DATE:20300112'),
          ...event('DTSTART;VALUE=DATE:20311220', 'DTEND;VALUE=DATE:20320120'),
          ...event('DTSTART;VALUE=DATE:20320110', 'DTEND;VALUE=DATE:20320112'),
        ),
        today,
      ),
    ).toEqual([
      { startDate: '2030-01-05', endDate: '2030-01-12', note: null },
      { startDate: '2031-12-20', endDate: '2032-01-10', note: null },
    ]);
  });

  it('refuses what is not a calendar: no VCALENDAR, an event never closed, a broken property', async () => {
    expect(await refusal('BEGIN:VEVENT\r\nEND:VEVENT')).toEqual(['Это не календарь iCalendar (.ics)']);
    expect(await refusal(calendar('BEGIN:VEVENT', 'DTSTART;VALUE=DATE:20300201'))).toEqual([
      'Это не календарь iCalendar (.ics)',
    ]);
    expect(await refusal(calendar(...event('DTSTART;VALUE=DATE:20300201', 'no colon here')))).toEqual([
      'Это не календарь iCalendar (.ics)',
    ]);
  });
});
