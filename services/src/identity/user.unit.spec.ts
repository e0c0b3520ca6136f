import { deciderSpec } from '../core/deciderSpec';
import { EMAIL_LINK_LIFETIME_MS, userDecider, type UserEvent } from './user';
import { userRegistered } from '@estate/events/fixtures';

const given = deciderSpec(userDecider);
const t0 = new Date('2026-11-23T10:00:00.000Z');
const hash = (c: string) => c.repeat(64);
const registered: UserEvent = {
  type: 'UserRegistered',
  data: userRegistered(),
};
const linkSent = (tokenHash = hash('a'), email = 'anna@example.ru', linkId = 'link-a'): UserEvent => ({
  type: 'EmailConfirmationSent',
  data: {
    userId: 'u1',
    email,
    tokenHash,
    expiresAt: new Date(t0.getTime() + EMAIL_LINK_LIFETIME_MS).toISOString(),
    linkId,
  },
});
const link = (tokenHash = hash('a'), linkId = 'link-a') => ({ tokenHash, linkId, now: t0 });

describe('an account', () => {
  it('is registered once; a repeated registration changes nothing', () => {
    given([])
      .when({ type: 'RegisterUser', ...registered.data } as never)
      .then([registered]);
    given([registered])
      .when({ type: 'RegisterUser', ...registered.data } as never)
      .then([]);
  });

  it('starts sessions only when registered', () => {
    given([])
      .when({
        type: 'StartSession',
        tokenHash: hash('b'),
        expiresAt: t0.toISOString(),
        startedAt: t0.toISOString(),
      })
      .thenThrows('USER_NOT_FOUND');
    given([registered])
      .when({
        type: 'StartSession',
        tokenHash: hash('b'),
        expiresAt: t0.toISOString(),
        startedAt: t0.toISOString(),
      })
      .then([
        {
          type: 'SessionStarted',
          data: {
            userId: 'u1',
            tokenHash: hash('b'),
            expiresAt: t0.toISOString(),
            startedAt: t0.toISOString(),
          },
        },
      ]);
  });

  it('ends a session once', () => {
    const started: UserEvent = {
      type: 'SessionStarted',
      data: { userId: 'u1', tokenHash: hash('b'), expiresAt: t0.toISOString(), startedAt: t0.toISOString() },
    };
    given([registered, started])
      .when({ type: 'EndSession', tokenHash: hash('b') })
      .then([{ type: 'SessionEnded', data: { userId: 'u1', tokenHash: hash('b') } }]);
    given([registered, started, { type: 'SessionEnded', data: { userId: 'u1', tokenHash: hash('b') } }])
      .when({ type: 'EndSession', tokenHash: hash('b') })
      .then([]);
  });

  it('records a name or phone change only when it changes something', () => {
    given([registered]).when({ type: 'ChangeName', name: 'Анна' }).then([]);
    given([registered])
      .when({ type: 'ChangeName', name: 'Анна Петрова' })
      .then([{ type: 'UserNameChanged', data: { userId: 'u1', name: 'Анна Петрова' } }]);
    given([registered])
      .when({ type: 'ChangePhone', newPhone: '79997654321' })
      .then([
        {
          type: 'UserPhoneChanged',
          data: { userId: 'u1', oldPhone: '79991234567', newPhone: '79997654321' },
        },
      ]);
  });

  it('merges notification switches into the current settings', () =>
    given([registered])
      .when({ type: 'ChangeNotificationSettings', settings: { canReceiveSmsNotifications: false } })
      .then([
        {
          type: 'NotificationSettingsChanged',
          data: {
            userId: 'u1',
            settings: {
              canReceiveNotifications: true,
              canReceiveSmsNotifications: false,
              canReceiveEmailNotifications: true,
            },
          },
        },
      ]));

  it('switches the tariff notice on its own, on by default; the same value again records nothing', () => {
    const off: UserEvent = { type: 'TariffNoticeSwitched', data: { userId: 'u1', enabled: false } };
    given([registered]).when({ type: 'SwitchTariffNotice', enabled: true }).then([]);
    given([registered]).when({ type: 'SwitchTariffNotice', enabled: false }).then([off]);
    given([registered, off]).when({ type: 'SwitchTariffNotice', enabled: false }).then([]);
    given([registered, off])
      .when({ type: 'SwitchTariffNotice', enabled: true })
      .then([{ type: 'TariffNoticeSwitched', data: { userId: 'u1', enabled: true } }]);
  });
});

describe('confirming an e-mail address', () => {
  it('sends a link valid for three days', () =>
    given([registered])
      .when({ type: 'SendEmailConfirmation', ...link() })
      .then([linkSent()]));

  it('records the link with a sign-up from the site, in the same append as the account', () => {
    given([])
      .when({ type: 'RegisterUser', ...registered.data, emailLink: link() } as never)
      .then([registered, linkSent()]);
    // the seed's invented addresses get no link
    given([])
      .when({ type: 'RegisterUser', ...registered.data } as never)
      .then([registered]);
  });

  it('records the link with a change of address, and again for the same unconfirmed address', () => {
    given([registered])
      .when({ type: 'ChangeEmail', email: 'new@example.ru', emailLink: link() })
      .then([
        { type: 'UserEmailChanged', data: { userId: 'u1', email: 'new@example.ru' } },
        linkSent(hash('a'), 'new@example.ru'),
      ]);
    given([registered, linkSent()])
      .when({ type: 'ChangeEmail', email: 'anna@example.ru', emailLink: link(hash('b'), 'link-b') })
      .then([linkSent(hash('b'), 'anna@example.ru', 'link-b')]);
  });

  it('records nothing when the same address is confirmed already', () =>
    given([
      registered,
      linkSent(),
      { type: 'UserEmailConfirmed', data: { userId: 'u1', email: 'anna@example.ru', tokenHash: hash('a') } },
    ])
      .when({ type: 'ChangeEmail', email: 'anna@example.ru', emailLink: link(hash('b'), 'link-b') })
      .then([]));

  it('confirms with a link sent for the current address', () =>
    given([registered, linkSent()])
      .when({ type: 'ConfirmEmail', tokenHash: hash('a'), now: t0 })
      .then([
        {
          type: 'UserEmailConfirmed',
          data: { userId: 'u1', email: 'anna@example.ru', tokenHash: hash('a') },
        },
      ]));

  it('accepts the same link twice without a second event', () =>
    given([
      registered,
      linkSent(),
      { type: 'UserEmailConfirmed', data: { userId: 'u1', email: 'anna@example.ru', tokenHash: hash('a') } },
    ])
      .when({ type: 'ConfirmEmail', tokenHash: hash('a'), now: t0 })
      .then([]));

  it('refuses an expired link', () =>
    given([registered, linkSent()])
      .when({
        type: 'ConfirmEmail',
        tokenHash: hash('a'),
        now: new Date(t0.getTime() + EMAIL_LINK_LIFETIME_MS + 1),
      })
      .thenThrows('INVALID_DATA'));

  it('refuses a link sent before the address changed', () =>
    given([
      registered,
      linkSent(),
      { type: 'UserEmailChanged', data: { userId: 'u1', email: 'new@example.ru' } },
    ])
      .when({ type: 'ConfirmEmail', tokenHash: hash('a'), now: t0 })
      .thenThrows('INVALID_DATA'));

  it('refuses another link once the address is confirmed', () =>
    given([
      registered,
      linkSent(),
      { type: 'UserEmailConfirmed', data: { userId: 'u1', email: 'anna@example.ru', tokenHash: hash('a') } },
    ])
      .when({ type: 'ConfirmEmail', tokenHash: hash('e'), now: t0 })
      .thenThrows('INVALID_DATA'));

  it('refuses an unknown link', () =>
    given([registered, linkSent()])
      .when({ type: 'ConfirmEmail', tokenHash: hash('c'), now: t0 })
      .thenThrows('INVALID_DATA'));

  it('sends no link for an address already confirmed', () =>
    given([
      registered,
      linkSent(),
      { type: 'UserEmailConfirmed', data: { userId: 'u1', email: 'anna@example.ru', tokenHash: hash('a') } },
    ])
      .when({ type: 'SendEmailConfirmation', ...link(hash('d'), 'link-d') })
      .thenThrows('ACTION_NOT_ALLOWED'));
});

describe('premium', () => {
  const day = 24 * 60 * 60_000;
  it('starts from now when there is none', () =>
    given([registered])
      .when({ type: 'ExtendPremium', days: 30, now: t0 })
      .then([
        {
          type: 'PremiumPeriodExtended',
          data: { userId: 'u1', until: new Date(t0.getTime() + 30 * day).toISOString() },
        },
      ]));

  it('runs on from the end of a period still running', () => {
    const running: UserEvent = {
      type: 'PremiumPeriodExtended',
      data: { userId: 'u1', until: new Date(t0.getTime() + 5 * day).toISOString() },
    };
    given([registered, running])
      .when({ type: 'ExtendPremium', days: 30, now: t0 })
      .then([
        {
          type: 'PremiumPeriodExtended',
          data: { userId: 'u1', until: new Date(t0.getTime() + 35 * day).toISOString() },
        },
      ]);
  });
});

describe('erasing a person', () => {
  const erase = {
    type: 'ErasePerson' as const,
    subjects: ['user-u1', 'phone-habc'],
    by: 'mod-1',
    reason: 'Письменный запрос от 01.12.2026',
  };
  const erased: UserEvent = {
    type: 'PersonErased',
    data: { userId: 'u1', subjects: erase.subjects, by: 'mod-1', reason: erase.reason },
  };
  const session = (c: string): UserEvent => ({
    type: 'SessionStarted',
    data: { userId: 'u1', tokenHash: hash(c), expiresAt: t0.toISOString(), startedAt: t0.toISOString() },
  });

  it('ends every live session and records the erasure with who asked and why', () => {
    given([
      registered,
      session('a'),
      session('b'),
      { type: 'SessionEnded', data: { userId: 'u1', tokenHash: hash('a') } },
    ])
      .when(erase)
      .then([{ type: 'SessionEnded', data: { userId: 'u1', tokenHash: hash('b') } }, erased]);
  });

  it('records nothing the second time, and the account answers as unknown from then on', () => {
    given([registered, erased]).when(erase).then([]);
    given([registered, erased]).when({ type: 'ChangeName', name: 'Новое имя' }).thenThrows('USER_NOT_FOUND');
    given([registered, erased])
      .when({
        type: 'StartSession',
        tokenHash: hash('c'),
        expiresAt: t0.toISOString(),
        startedAt: t0.toISOString(),
      })
      .thenThrows('USER_NOT_FOUND');
  });

  it('refuses an account that does not exist', () => {
    given([]).when(erase).thenThrows('USER_NOT_FOUND');
  });
});
