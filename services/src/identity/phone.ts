import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { CodePurpose, EventOf } from '@estate/events';
import { commandHandler, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';

/** product.md: 4-digit codes, valid 5 minutes, at most 5 wrong tries, a new one not sooner than 30 s. */
export const CODE_LIFETIME_MS = 5 * 60_000;
export const RESEND_AFTER_MS = 30_000;
export const MAX_WRONG_TRIES = 5;
/**
 * Wrong codes a phone may take in any 24 hours, whatever the IPs and codes: beyond it every check
 * (the right code too) and every new code is refused until the oldest of them is a day old. Per-IP
 * limits alone let guessing spread over many addresses (5 tries per code, a code every 30 s).
 */
export const MAX_WRONG_TRIES_PER_DAY = 20;
export const WRONG_TRIES_WINDOW_MS = 24 * 60 * 60_000;

export type PhoneEvent =
  | EventOf<'PhoneCodeSent'>
  | EventOf<'PhoneCodeRejected'>
  | EventOf<'PhoneCodeAccepted'>
  | EventOf<'PhoneCodeDelivered'>
  | EventOf<'PhoneCodeDeliveryFailed'>
  | EventOf<'PhoneBound'>
  | EventOf<'PhoneReleased'>;

type PendingRegistration = NonNullable<EventOf<'PhoneCodeSent'>['data']['registration']>;
type ActiveCode = {
  purpose: CodePurpose;
  salt: string;
  hash: string;
  expiresAt: string;
  resendAt: string;
  userId: string | null;
  registration: PendingRegistration | null;
  failedAttempts: number;
};

export type PhoneState = {
  /** the account this number belongs to */
  ownerId: string | null;
  /** the last code sent, until it is used, voided or replaced */
  code: ActiveCode | null;
  /** the sign-up details of the last registration code, kept once used to finish an interrupted sign-up */
  registration: PendingRegistration | null;
  /** when the latest wrong codes were entered (at most MAX_WRONG_TRIES_PER_DAY of them, oldest first) */
  wrongTries: string[];
};

export type PhoneCommand =
  | {
      type: 'SendCode';
      phone: string;
      purpose: CodePurpose;
      code: string;
      salt: string;
      now: Date;
      userId?: string;
      registration?: PendingRegistration;
    }
  | {
      type: 'VerifyCode';
      phone: string;
      purpose: CodePurpose;
      code: string;
      now: Date;
      userId?: string;
      trustTokenHash?: string;
    }
  | { type: 'RecordDelivery'; phone: string; codeHash: string; failure?: string }
  | { type: 'BindPhone'; phone: string; userId: string }
  | { type: 'ReleasePhone'; phone: string; userId: string };

export const phoneStream = (phone: string) => `phone-${phone}`;

export const newCode = () => String(randomInt(0, 10_000)).padStart(4, '0');
export const newSalt = () => randomBytes(16).toString('hex');
export const hashCode = (salt: string, code: string) =>
  createHash('sha256').update(`${salt}:${code}`).digest('hex');

const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** Which purposes bind the phone to an account once the code is right. */
const BINDS: Partial<Record<CodePurpose, true>> = { registration: true, 'change-phone': true };

export function evolve(state: PhoneState, event: PhoneEvent): PhoneState {
  switch (event.type) {
    case 'PhoneCodeSent': {
      const {
        purpose,
        codeSalt: salt,
        codeHash: hash,
        expiresAt,
        resendAt,
        userId,
        registration,
      } = event.data;
      return {
        ...state,
        code: { purpose, salt, hash, expiresAt, resendAt, userId, registration, failedAttempts: 0 },
      };
    }
    case 'PhoneCodeRejected': {
      const wrongTries = event.data.at
        ? [...state.wrongTries, event.data.at].slice(-MAX_WRONG_TRIES_PER_DAY)
        : state.wrongTries;
      return {
        ...state,
        wrongTries,
        code: state.code ? { ...state.code, failedAttempts: event.data.failedAttempts } : null,
      };
    }
    case 'PhoneCodeAccepted':
      return { ...state, code: null, registration: state.code?.registration ?? state.registration };
    case 'PhoneCodeDelivered':
      return state;
    case 'PhoneCodeDeliveryFailed':
      return state.code?.hash === event.data.codeHash ? { ...state, code: null } : state;
    case 'PhoneBound':
      return { ...state, ownerId: event.data.userId };
    case 'PhoneReleased':
      return state.ownerId === event.data.userId ? { ...state, ownerId: null } : state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const PHONE_TAKEN_MESSAGE = 'Пользователь с таким номером телефона уже зарегистрирован';

/** When the phone may take codes again, if MAX_WRONG_TRIES_PER_DAY wrong codes fall within the last 24 hours. */
function lockedUntil(state: PhoneState, now: Date): Date | null {
  if (state.wrongTries.length < MAX_WRONG_TRIES_PER_DAY) return null;
  const until = new Date(
    Date.parse(state.wrongTries[state.wrongTries.length - MAX_WRONG_TRIES_PER_DAY]) + WRONG_TRIES_WINDOW_MS,
  );
  return until > now ? until : null;
}

const lockedMessage = (until: Date, now: Date) =>
  `Слишком много неверных кодов для этого номера. Повторите попытку через ${Math.ceil((until.getTime() - now.getTime()) / 3_600_000)} ч.`;

export function decide(command: PhoneCommand, state: PhoneState): PhoneEvent[] {
  switch (command.type) {
    case 'SendCode': {
      const { phone, purpose, now } = command;
      const locked = lockedUntil(state, now);
      // no SMS for a phone whose codes are refused anyway
      if (locked)
        throw new DomainError('TOO_MANY_REQUESTS', lockedMessage(locked, now), {
          retryAfter: [String(Math.ceil((locked.getTime() - now.getTime()) / 1000))],
        });
      if (state.code && now < new Date(state.code.resendAt)) {
        const seconds = Math.ceil((new Date(state.code.resendAt).getTime() - now.getTime()) / 1000);
        throw new DomainError('RESEND_TOO_EARLY', `Новый код можно получить через ${seconds} сек.`, {
          endTime: [state.code.resendAt],
        });
      }
      if (BINDS[purpose] && state.ownerId && state.ownerId !== command.userId) {
        throw new DomainError('INVALID_DATA', undefined, {
          [purpose === 'registration' ? 'phone' : 'newPhone']: [PHONE_TAKEN_MESSAGE],
        });
      }
      return [
        {
          type: 'PhoneCodeSent',
          data: {
            phone,
            purpose,
            codeSalt: command.salt,
            codeHash: hashCode(command.salt, command.code),
            expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS).toISOString(),
            resendAt: new Date(now.getTime() + RESEND_AFTER_MS).toISOString(),
            userId: command.userId ?? null,
            registration: command.registration ?? null,
          },
        },
      ];
    }
    case 'VerifyCode': {
      const { phone, purpose, now } = command;
      const code = state.code;
      // a code sent for another purpose (or for another account) is no code at all here
      if (
        !code ||
        code.purpose !== purpose ||
        (code.userId !== null && command.userId !== undefined && code.userId !== command.userId)
      ) {
        throw new DomainError('WRONG_CODE', 'Код не запрашивался или уже использован. Запросите новый код.');
      }
      if (code.failedAttempts >= MAX_WRONG_TRIES)
        throw new DomainError('WRONG_CODE', 'Превышено число попыток ввода кода. Запросите новый код.');
      const locked = lockedUntil(state, now);
      if (locked) throw new DomainError('WRONG_CODE', lockedMessage(locked, now));
      if (now > new Date(code.expiresAt))
        throw new DomainError('WRONG_CODE', 'Срок действия кода истёк. Запросите новый код.');
      if (!sameHash(hashCode(code.salt, command.code), code.hash)) {
        // recorded, then answered as a wrong code by the caller (see verifyPhoneCode)
        return [
          {
            type: 'PhoneCodeRejected',
            data: { phone, failedAttempts: code.failedAttempts + 1, at: now.toISOString() },
          },
        ];
      }
      const owner = purpose === 'registration' ? (command.userId ?? null) : code.userId;
      if (BINDS[purpose] && state.ownerId && state.ownerId !== owner) {
        throw new DomainError('INVALID_DATA', undefined, {
          [purpose === 'registration' ? 'phone' : 'newPhone']: [PHONE_TAKEN_MESSAGE],
        });
      }
      const trustExpiresAt = command.trustTokenHash
        ? new Date(now.getTime() + TRUST_LIFETIME_MS).toISOString()
        : null;
      const accepted: PhoneEvent = {
        type: 'PhoneCodeAccepted',
        data: {
          phone,
          purpose,
          userId: owner,
          trustTokenHash: command.trustTokenHash ?? null,
          trustExpiresAt,
        },
      };
      if (BINDS[purpose] && owner && state.ownerId !== owner)
        return [accepted, { type: 'PhoneBound', data: { phone, userId: owner } }];
      return [accepted];
    }
    case 'RecordDelivery': {
      if (command.failure === undefined)
        return [{ type: 'PhoneCodeDelivered', data: { phone: command.phone, codeHash: command.codeHash } }];
      return [
        {
          type: 'PhoneCodeDeliveryFailed',
          data: { phone: command.phone, codeHash: command.codeHash, reason: command.failure.slice(0, 500) },
        },
      ];
    }
    case 'BindPhone':
      if (state.ownerId === command.userId) return [];
      if (state.ownerId) throw new DomainError('INVALID_DATA', undefined, { phone: [PHONE_TAKEN_MESSAGE] });
      return [{ type: 'PhoneBound', data: { phone: command.phone, userId: command.userId } }];
    case 'ReleasePhone':
      return state.ownerId === command.userId
        ? [{ type: 'PhoneReleased', data: { phone: command.phone, userId: command.userId } }]
        : [];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/** A form's phone check stays good for a day. */
export const TRUST_LIFETIME_MS = 24 * 60 * 60_000;

export const phoneDecider: Decider<PhoneCommand, PhoneState, PhoneEvent> = {
  decide,
  evolve,
  initialState: () => ({ ownerId: null, code: null, registration: null, wrongTries: [] }),
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handlePhone = commandHandler(phoneDecider, phoneStream);
