import { deciderSpec } from '../core/deciderSpec';
import { upcast } from '@estate/events';
import { hashCode, MAX_WRONG_TRIES, MAX_WRONG_TRIES_PER_DAY, phoneDecider, type PhoneEvent } from './phone';

const given = deciderSpec(phoneDecider);
const phone = '79991234567';
const salt = '0123456789abcdef0123456789abcdef';
const t0 = new Date('2026-11-23T10:00:00.000Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

const sent = (
  purpose: 'login' | 'registration' | 'change-phone' | 'form' = 'login',
  userId: string | null = 'u1',
  code = '1234',
): PhoneEvent => ({
  type: 'PhoneCodeSent',
  data: {
    phone,
    purpose,
    codeSalt: salt,
    codeHash: hashCode(salt, code),
    userId,
    expiresAt: at(300).toISOString(),
    resendAt: at(30).toISOString(),
    registration:
      purpose === 'registration' ? { name: 'Анна', email: 'anna@example.ru', newsletter: false } : null,
  },
});
const rejected = (n: number, when = at(10)): PhoneEvent => ({
  type: 'PhoneCodeRejected',
  data: { phone, failedAttempts: n, at: when.toISOString() },
});
const bound = (userId: string): PhoneEvent => ({ type: 'PhoneBound', data: { phone, userId } });
const verify = (
  code: string,
  now = at(10),
  extra: { purpose?: 'login' | 'registration' | 'change-phone' | 'form'; userId?: string } = {},
) =>
  ({
    type: 'VerifyCode',
    phone,
    purpose: extra.purpose ?? 'login',
    code,
    now,
    userId: extra.userId,
  }) as const;

describe('sending a code', () => {
  it('records the salted hash, a 5-minute expiry and a 30-second resend pause — never the code', () =>
    given([])
      .when({ type: 'SendCode', phone, purpose: 'login', code: '1234', salt, now: t0, userId: 'u1' })
      .then([sent()]));

  it('is refused before the resend time the last code gave', () =>
    given([sent()])
      .when({ type: 'SendCode', phone, purpose: 'login', code: '5678', salt, now: at(29) })
      .thenThrows('RESEND_TOO_EARLY'));

  it('is allowed again at the resend time', () => {
    const events = phoneDecider.decide(
      { type: 'SendCode', phone, purpose: 'login', code: '5678', salt, now: at(30), userId: 'u1' },
      phoneDecider.evolve(phoneDecider.initialState(), sent()),
    );
    expect(events).toHaveLength(1);
  });

  it('is allowed at once after a failed delivery voided the last code', () =>
    given([
      sent(),
      {
        type: 'PhoneCodeDeliveryFailed',
        data: { phone, codeHash: hashCode(salt, '1234'), reason: 'HTTP 500' },
      },
    ])
      .when({ type: 'SendCode', phone, purpose: 'login', code: '1234', salt, now: at(1), userId: 'u1' })
      .then([
        {
          ...sent(),
          data: {
            ...(sent().data as object),
            expiresAt: at(301).toISOString(),
            resendAt: at(31).toISOString(),
          },
        } as PhoneEvent,
      ]));

  it('refuses a registration code for a phone that has an account', () =>
    given([bound('u1')])
      .when({ type: 'SendCode', phone, purpose: 'registration', code: '1234', salt, now: t0 })
      .thenThrows('INVALID_DATA'));

  it('refuses a phone-change code for a phone another account owns', () =>
    given([bound('u1')])
      .when({ type: 'SendCode', phone, purpose: 'change-phone', code: '1234', salt, now: t0, userId: 'u2' })
      .thenThrows('INVALID_DATA'));
});

describe('checking a code', () => {
  it('accepts the right code within five minutes', () =>
    given([sent()])
      .when(verify('1234', at(299)))
      .then([
        {
          type: 'PhoneCodeAccepted',
          data: { phone, purpose: 'login', userId: 'u1', trustTokenHash: null, trustExpiresAt: null },
        },
      ]));

  it('records a wrong code as a failed try', () =>
    given([sent()])
      .when(verify('0000'))
      .then([rejected(1)]));

  it('counts the tries', () =>
    given([sent(), rejected(1), rejected(2)])
      .when(verify('0000'))
      .then([rejected(3)]));

  it('refuses even the right code after five wrong tries', () =>
    given([sent(), ...Array.from({ length: MAX_WRONG_TRIES }, (_, i) => rejected(i + 1))])
      .when(verify('1234'))
      .thenThrows('WRONG_CODE'));

  it('refuses an expired code', () =>
    given([sent()])
      .when(verify('1234', at(301)))
      .thenThrows('WRONG_CODE'));

  it('refuses a code used once already', () =>
    given([
      sent(),
      {
        type: 'PhoneCodeAccepted',
        data: { phone, purpose: 'login', userId: 'u1', trustTokenHash: null, trustExpiresAt: null },
      },
    ])
      .when(verify('1234'))
      .thenThrows('WRONG_CODE'));

  it('refuses a code sent for another purpose', () =>
    given([sent('login')])
      .when(verify('1234', at(10), { purpose: 'form' }))
      .thenThrows('WRONG_CODE'));

  it('refuses a code when none was sent', () => given([]).when(verify('1234')).thenThrows('WRONG_CODE'));

  it('binds the phone to the new account when a sign-up is confirmed', () =>
    given([sent('registration', null)])
      .when(verify('1234', at(10), { purpose: 'registration', userId: 'new' }))
      .then([
        {
          type: 'PhoneCodeAccepted',
          data: { phone, purpose: 'registration', userId: 'new', trustTokenHash: null, trustExpiresAt: null },
        },
        bound('new'),
      ]));

  it('refuses a sign-up confirmation when the phone got an account meanwhile', () =>
    given([sent('registration', null), bound('other')])
      .when(verify('1234', at(10), { purpose: 'registration', userId: 'new' }))
      .thenThrows('INVALID_DATA'));

  it('moves the phone to the account that asked for the change', () =>
    given([sent('change-phone', 'u2')])
      .when(verify('1234', at(10), { purpose: 'change-phone', userId: 'u2' }))
      .then([
        {
          type: 'PhoneCodeAccepted',
          data: { phone, purpose: 'change-phone', userId: 'u2', trustTokenHash: null, trustExpiresAt: null },
        },
        bound('u2'),
      ]));

  it('refuses a phone-change code to another account', () =>
    given([sent('change-phone', 'u2')])
      .when(verify('1234', at(10), { purpose: 'change-phone', userId: 'u3' }))
      .thenThrows('WRONG_CODE'));
});

describe('the daily cap on wrong codes per phone', () => {
  const HOUR = 3600;
  /** four codes a few minutes apart, each taking five wrong tries: 20 wrong codes within the first hour */
  const twentyWrong: PhoneEvent[] = Array.from(
    { length: MAX_WRONG_TRIES_PER_DAY / MAX_WRONG_TRIES },
    (_, c) => [
      sent(),
      ...Array.from({ length: MAX_WRONG_TRIES }, (_, i) => rejected(i + 1, at(c * 600 + i * 10))),
    ],
  ).flat();
  const sendAt = (seconds: number) =>
    ({
      type: 'SendCode',
      phone,
      purpose: 'login',
      code: '1234',
      salt,
      now: at(seconds),
      userId: 'u1',
    }) as const;
  const lastSentAt = (seconds: number): PhoneEvent =>
    ({
      ...sent(),
      data: {
        ...(sent().data as object),
        expiresAt: at(seconds + 300).toISOString(),
        resendAt: at(seconds + 30).toISOString(),
      },
    }) as PhoneEvent;

  it('refuses a new code once a phone has taken 20 wrong codes in a day, whatever the IPs', () =>
    given(twentyWrong)
      .when(sendAt(2 * HOUR))
      .thenThrows('TOO_MANY_REQUESTS'));

  it('refuses even the right code of a fresh code while the phone is capped', () =>
    given([...twentyWrong, lastSentAt(2 * HOUR)])
      .when(verify('1234', at(2 * HOUR + 10)))
      .thenThrows('WRONG_CODE'));

  it('says how long to wait', () => {
    const state = [...twentyWrong].reduce(
      (state, event) => phoneDecider.evolve(state, event),
      phoneDecider.initialState(),
    );
    expect(() => phoneDecider.decide(sendAt(2 * HOUR), state)).toThrow(
      'Слишком много неверных кодов для этого номера. Повторите попытку через 22 ч.',
    );
  });

  it('gives codes again a day after the oldest of the 20 wrong tries', () => {
    const dayAfterFirst = 24 * HOUR; // the first wrong try was at 0 s
    expect(
      phoneDecider.decide(
        sendAt(dayAfterFirst + 1),
        twentyWrong.reduce((state, event) => phoneDecider.evolve(state, event), phoneDecider.initialState()),
      ),
    ).toHaveLength(1);
    given([...twentyWrong, lastSentAt(dayAfterFirst + 1)])
      .when(verify('1234', at(dayAfterFirst + 10)))
      .then([
        {
          type: 'PhoneCodeAccepted',
          data: { phone, purpose: 'login', userId: 'u1', trustTokenHash: null, trustExpiresAt: null },
        },
      ]);
  });

  it('lets 19 wrong codes in a day pass', () =>
    given([...twentyWrong.slice(0, -1), lastSentAt(2 * HOUR)])
      .when(verify('1234', at(2 * HOUR + 10)))
      .then([
        {
          type: 'PhoneCodeAccepted',
          data: { phone, purpose: 'login', userId: 'u1', trustTokenHash: null, trustExpiresAt: null },
        },
      ]));

  it('does not count wrong tries recorded before their time was (version 1: unknown time)', () => {
    const v1 = twentyWrong.map((e) =>
      e.type === 'PhoneCodeRejected'
        ? ({
            type: e.type,
            data: upcast(e.type, 1, { phone, failedAttempts: e.data.failedAttempts }),
          } as PhoneEvent)
        : e,
    );
    given([...v1, lastSentAt(2 * HOUR)])
      .when(verify('1234', at(2 * HOUR + 10)))
      .then([
        {
          type: 'PhoneCodeAccepted',
          data: { phone, purpose: 'login', userId: 'u1', trustTokenHash: null, trustExpiresAt: null },
        },
      ]);
  });
});

describe('owning a phone', () => {
  it('binds a free phone', () =>
    given([])
      .when({ type: 'BindPhone', phone, userId: 'u1' })
      .then([bound('u1')]));
  it('binds again as a no-op', () =>
    given([bound('u1')])
      .when({ type: 'BindPhone', phone, userId: 'u1' })
      .then([]));
  it('refuses a phone another account owns', () =>
    given([bound('u1')])
      .when({ type: 'BindPhone', phone, userId: 'u2' })
      .thenThrows('INVALID_DATA'));
  it('is released by its owner only', () => {
    given([bound('u1')])
      .when({ type: 'ReleasePhone', phone, userId: 'u2' })
      .then([]);
    given([bound('u1')])
      .when({ type: 'ReleasePhone', phone, userId: 'u1' })
      .then([{ type: 'PhoneReleased', data: { phone, userId: 'u1' } }]);
  });
});
