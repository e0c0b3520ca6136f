import type { EventOf, NotificationSettings, Role } from '@estate/events';
import { commandHandler, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';

export type UserEvent =
  | EventOf<'UserRegistered'>
  | EventOf<'SessionStarted'>
  | EventOf<'SessionEnded'>
  | EventOf<'UserNameChanged'>
  | EventOf<'UserPhoneChanged'>
  | EventOf<'UserEmailChanged'>
  | EventOf<'EmailConfirmationSent'>
  | EventOf<'UserEmailConfirmed'>
  | EventOf<'UserAvatarChanged'>
  | EventOf<'NotificationSettingsChanged'>
  | EventOf<'TariffNoticeSwitched'>
  | EventOf<'PremiumPeriodExtended'>
  | EventOf<'UserRoleChanged'>
  | EventOf<'PersonErased'>;

type EmailConfirmation = { email: string; tokenHash: string; expiresAt: string };
export type RegisteredUser = {
  registered: true;
  id: string;
  role: Role;
  agencyId: string | null;
  name: string;
  phone: string;
  /** the numbers the account had before its current one: an erasure forgets them too */
  formerPhones: string[];
  email: string | null;
  emailVerified: boolean;
  /** the links sent for the current address; any of them confirms it until it expires */
  emailConfirmations: EmailConfirmation[];
  /** the link that confirmed the current address: following it again is not an error */
  confirmedBy: string | null;
  settings: NotificationSettings;
  /** the tariff notice (a promotion ended for want of money), switched apart from the three switches */
  tariffNotice: boolean;
  premiumUntil: string | null;
  /** payments already turned into premium days: a repeated notification adds none */
  premiumPayments: Set<string>;
  sessions: Set<string>;
  /** the person was forgotten (PersonErased): the account answers as unknown */
  erased: boolean;
};
export type User = { registered: false } | RegisteredUser;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  canReceiveNotifications: true,
  canReceiveSmsNotifications: true,
  canReceiveEmailNotifications: true,
};

/**
 * A confirmation link to record with the address it confirms: its id (the letter's sender derives
 * the token from it, see emailLinks.ts) and the hash of that token.
 */
export type EmailLink = { linkId: string; tokenHash: string; now: Date };

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      name: string;
      phone: string;
      email: string | null;
      role: Role;
      agencyId: string | null;
      newsletter?: boolean;
      /** a sign-up on the site sends its address a confirmation link at once (the seed sends none) */
      emailLink?: EmailLink;
    }
  | { type: 'StartSession'; tokenHash: string; expiresAt: string; startedAt: string }
  | { type: 'EndSession'; tokenHash: string }
  | { type: 'ChangeName'; name: string }
  | { type: 'ChangePhone'; newPhone: string }
  /** a new address, or the same unconfirmed one again: the link goes with it */
  | { type: 'ChangeEmail'; email: string; emailLink?: EmailLink }
  | ({ type: 'SendEmailConfirmation' } & EmailLink)
  | { type: 'ConfirmEmail'; tokenHash: string; now: Date }
  | { type: 'ChangeAvatar'; avatar: string }
  | { type: 'ChangeNotificationSettings'; settings: Partial<NotificationSettings> }
  | { type: 'SwitchTariffNotice'; enabled: boolean }
  /** a paid subscription: the period runs on from its current end, or from now when it has lapsed */
  | { type: 'ExtendPremium'; days: number; now: Date; paymentId?: string }
  /** joining an agency (as owner or agent) or leaving it (back to a user) */
  | { type: 'ChangeRole'; role: Role; agencyId: string | null }
  /** `subjects`: the key subjects of the person's data as stored (core/personalData.ts erasureSubjects) */
  | { type: 'ErasePerson'; subjects: string[]; by: string; reason: string };

/** A confirmation link stays valid for three days. */
export const EMAIL_LINK_LIFETIME_MS = 3 * 24 * 60 * 60_000;

export const userStream = (id: string) => `user-${id}`;

export function evolve(state: User, event: UserEvent): User {
  if (event.type === 'UserRegistered') {
    const { userId: id, role, agencyId, name, phone, email } = event.data;
    return {
      registered: true,
      id,
      role,
      agencyId,
      name,
      phone,
      formerPhones: [],
      email,
      emailVerified: false,
      emailConfirmations: [],
      confirmedBy: null,
      settings: DEFAULT_NOTIFICATION_SETTINGS,
      tariffNotice: true,
      premiumUntil: null,
      premiumPayments: new Set(),
      sessions: new Set(),
      erased: false,
    };
  }
  if (!state.registered) return state;
  switch (event.type) {
    case 'SessionStarted':
      return { ...state, sessions: new Set(state.sessions).add(event.data.tokenHash) };
    case 'SessionEnded': {
      const sessions = new Set(state.sessions);
      sessions.delete(event.data.tokenHash);
      return { ...state, sessions };
    }
    case 'UserNameChanged':
      return { ...state, name: event.data.name };
    case 'UserPhoneChanged':
      return { ...state, phone: event.data.newPhone, formerPhones: [...state.formerPhones, state.phone] };
    case 'UserEmailChanged':
      return {
        ...state,
        email: event.data.email,
        emailVerified: false,
        emailConfirmations: [],
        confirmedBy: null,
      };
    case 'EmailConfirmationSent': {
      const { email, tokenHash, expiresAt } = event.data;
      return {
        ...state,
        emailConfirmations: [...state.emailConfirmations, { email, tokenHash, expiresAt }].slice(-5),
      };
    }
    case 'UserEmailConfirmed':
      return { ...state, emailVerified: true, emailConfirmations: [], confirmedBy: event.data.tokenHash };
    case 'UserAvatarChanged':
      return state;
    case 'NotificationSettingsChanged':
      return { ...state, settings: event.data.settings };
    case 'TariffNoticeSwitched':
      return { ...state, tariffNotice: event.data.enabled };
    case 'PremiumPeriodExtended':
      return {
        ...state,
        premiumUntil: event.data.until,
        premiumPayments: event.data.paymentId
          ? new Set(state.premiumPayments).add(event.data.paymentId)
          : state.premiumPayments,
      };
    case 'UserRoleChanged':
      return { ...state, role: event.data.role, agencyId: event.data.agencyId };
    case 'PersonErased':
      return { ...state, erased: true, sessions: new Set() };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

function registered(state: User): RegisteredUser {
  if (!state.registered || state.erased) throw new DomainError('USER_NOT_FOUND');
  return state;
}

export function decide(command: UserCommand, state: User): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.registered) return [];
      const { type: _type, emailLink, ...data } = command;
      const registered: UserEvent = { type: 'UserRegistered', data };
      if (!emailLink || !data.email) return [registered];
      return [registered, confirmationSent(data.userId, data.email, emailLink)];
    }
    case 'StartSession':
      return [
        {
          type: 'SessionStarted',
          data: {
            userId: registered(state).id,
            tokenHash: command.tokenHash,
            expiresAt: command.expiresAt,
            startedAt: command.startedAt,
          },
        },
      ];
    case 'EndSession':
      if (!state.registered || !state.sessions.has(command.tokenHash)) return []; // logging out twice is fine
      return [{ type: 'SessionEnded', data: { userId: state.id, tokenHash: command.tokenHash } }];
    case 'ChangeName': {
      const user = registered(state);
      return user.name === command.name
        ? []
        : [{ type: 'UserNameChanged', data: { userId: user.id, name: command.name } }];
    }
    case 'ChangePhone': {
      const user = registered(state);
      if (user.phone === command.newPhone) return [];
      return [
        {
          type: 'UserPhoneChanged',
          data: { userId: user.id, oldPhone: user.phone, newPhone: command.newPhone },
        },
      ];
    }
    case 'ChangeEmail': {
      const user = registered(state);
      const { email, emailLink } = command;
      const link = emailLink ? [confirmationSent(user.id, email, emailLink)] : [];
      if (user.email !== email)
        return [{ type: 'UserEmailChanged', data: { userId: user.id, email } }, ...link];
      // the same address again: a new link while it is unconfirmed, nothing once it is confirmed
      return user.emailVerified ? [] : link;
    }
    case 'SendEmailConfirmation': {
      const user = registered(state);
      if (!user.email)
        throw new DomainError('INVALID_DATA', 'Сначала укажите адрес электронной почты', {
          email: ['Обязательное поле'],
        });
      if (user.emailVerified)
        throw new DomainError('ACTION_NOT_ALLOWED', 'Адрес электронной почты уже подтверждён');
      return [confirmationSent(user.id, user.email, command)];
    }
    case 'ConfirmEmail': {
      const user = registered(state);
      if (user.confirmedBy === command.tokenHash) return []; // the same link followed twice
      const link = user.emailConfirmations.find((c) => c.tokenHash === command.tokenHash);
      if (!link) {
        throw new DomainError('INVALID_DATA', 'Ссылка недействительна. Запросите новую ссылку в профиле.');
      }
      if (command.now > new Date(link.expiresAt))
        throw new DomainError(
          'INVALID_DATA',
          'Срок действия ссылки истёк. Запросите новую ссылку в профиле.',
        );
      if (link.email !== user.email)
        throw new DomainError(
          'INVALID_DATA',
          'Ссылка относится к прежнему адресу. Запросите новую ссылку в профиле.',
        );
      return [
        {
          type: 'UserEmailConfirmed',
          data: { userId: user.id, email: link.email, tokenHash: link.tokenHash },
        },
      ];
    }
    case 'ChangeAvatar':
      return [{ type: 'UserAvatarChanged', data: { userId: registered(state).id, avatar: command.avatar } }];
    case 'ChangeNotificationSettings': {
      const user = registered(state);
      const settings = { ...user.settings, ...command.settings };
      const same = (Object.keys(settings) as (keyof NotificationSettings)[]).every(
        (k) => settings[k] === user.settings[k],
      );
      return same ? [] : [{ type: 'NotificationSettingsChanged', data: { userId: user.id, settings } }];
    }
    case 'SwitchTariffNotice': {
      const user = registered(state);
      return user.tariffNotice === command.enabled
        ? []
        : [{ type: 'TariffNoticeSwitched', data: { userId: user.id, enabled: command.enabled } }];
    }
    case 'ChangeRole': {
      const user = registered(state);
      if (user.role === command.role && user.agencyId === command.agencyId) return [];
      return [
        {
          type: 'UserRoleChanged',
          data: { userId: user.id, role: command.role, agencyId: command.agencyId },
        },
      ];
    }
    case 'ExtendPremium': {
      const user = registered(state);
      if (command.paymentId && user.premiumPayments.has(command.paymentId)) return [];
      const current = user.premiumUntil ? new Date(user.premiumUntil) : null;
      const from = current && current > command.now ? current : command.now;
      const until = new Date(from.getTime() + command.days * 24 * 60 * 60_000).toISOString();
      return [
        {
          type: 'PremiumPeriodExtended',
          data: { userId: user.id, until, ...(command.paymentId ? { paymentId: command.paymentId } : {}) },
        },
      ];
    }
    case 'ErasePerson': {
      // a second erasure (a retried request, the moderator after the person) records nothing
      if (state.registered && state.erased) return [];
      const user = registered(state);
      const { subjects, by, reason } = command;
      return [
        ...[...user.sessions].map((tokenHash): UserEvent => ({
          type: 'SessionEnded',
          data: { userId: user.id, tokenHash },
        })),
        { type: 'PersonErased', data: { userId: user.id, subjects, by, reason } },
      ];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/** A link for `email`, valid for EMAIL_LINK_LIFETIME_MS: the fact the confirmation letter follows. */
function confirmationSent(userId: string, email: string, link: EmailLink): UserEvent {
  const expiresAt = new Date(link.now.getTime() + EMAIL_LINK_LIFETIME_MS).toISOString();
  return {
    type: 'EmailConfirmationSent',
    data: { userId, email, tokenHash: link.tokenHash, expiresAt, linkId: link.linkId },
  };
}

export const userDecider: Decider<UserCommand, User, UserEvent> = {
  decide,
  evolve,
  initialState: () => ({ registered: false }),
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handleUser = commandHandler(userDecider, userStream);
