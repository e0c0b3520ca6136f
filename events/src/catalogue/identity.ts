import { z } from 'zod';
import { id, phone, role } from './shared';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
const isoTime = z.string().datetime();
const email = z.string().max(200);

/** What a confirmation code was sent for: each code is good for its own purpose only. */
export const CODE_PURPOSES = ['login', 'registration', 'change-phone', 'form', 'erase-account'] as const;
export const codePurpose = z.enum(CODE_PURPOSES);
export type CodePurpose = z.infer<typeof codePurpose>;

export const notificationSettings = z.object({
  canReceiveNotifications: z.boolean(),
  canReceiveSmsNotifications: z.boolean(),
  canReceiveEmailNotifications: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** The `phone-<digits>` stream: codes sent to a phone, the tries against them, and which account owns it. */
export const phoneEvents = {
  /** only a salted hash of the code is stored; the code itself goes to the SMS job alone */
  PhoneCodeSent: z.object({
    phone,
    purpose: codePurpose,
    codeSalt: z.string().min(16).max(64),
    codeHash: sha256Hex,
    expiresAt: isoTime,
    resendAt: isoTime,
    /** the account a login or phone-change code is for */
    userId: id.nullable(),
    /** a sign-up waits here until its phone is confirmed */
    registration: z
      .object({ name: z.string().min(1).max(200), email: email.nullable(), newsletter: z.boolean() })
      .nullable(),
  }),
  /** v2: `at`, when the wrong code was entered (the per-phone daily cap counts them); v1 events carry null */
  PhoneCodeRejected: z.object({ phone, failedAttempts: z.number().int().min(1), at: isoTime.nullable() }),
  /** `trustTokenHash`: a form check's proof of the phone, for later requests sent from it */
  PhoneCodeAccepted: z.object({
    phone,
    purpose: codePurpose,
    userId: id.nullable(),
    trustTokenHash: sha256Hex.nullable(),
    trustExpiresAt: isoTime.nullable(),
  }),
  PhoneCodeDelivered: z.object({ phone, codeHash: sha256Hex }),
  /** the provider refused every try: the code is void and a new one may be asked for at once */
  PhoneCodeDeliveryFailed: z.object({ phone, codeHash: sha256Hex, reason: z.string().max(500) }),
  PhoneBound: z.object({ phone, userId: id }),
  PhoneReleased: z.object({ phone, userId: id }),
};

/** The `user-<id>` stream. */
export const identityEvents = {
  UserRegistered: z.object({
    userId: id,
    name: z.string().min(1).max(200),
    phone,
    email: email.nullable(),
    role,
    agencyId: id.nullable(),
    newsletter: z.boolean().optional(),
  }),
  /** only a hash of the token is ever stored */
  /** v2: `startedAt` (the idle expiry counts from it until the first SessionUsed); `expiresAt` is the absolute end */
  SessionStarted: z.object({ userId: id, tokenHash: sha256Hex, expiresAt: z.string(), startedAt: isoTime }),
  /** on the `session-<tokenHash>` stream: the session was used at `at` (recorded at most once an hour), which moves its idle expiry */
  SessionUsed: z.object({ userId: id, tokenHash: sha256Hex, at: isoTime }),
  SessionEnded: z.object({ userId: id, tokenHash: sha256Hex }),
  UserNameChanged: z.object({ userId: id, name: z.string().min(1).max(200) }),
  UserPhoneChanged: z.object({ userId: id, oldPhone: phone, newPhone: phone }),
  /** a new address is unconfirmed until its link is followed */
  UserEmailChanged: z.object({ userId: id, email }),
  /**
   * v2: `linkId`, from which the letter's sender derives the link's token with the server's key (the
   * token never enters the log, only its hash); v1 links were mailed by the request itself: null
   */
  EmailConfirmationSent: z.object({
    userId: id,
    email,
    tokenHash: sha256Hex,
    expiresAt: isoTime,
    linkId: id.nullable(),
  }),
  UserEmailConfirmed: z.object({ userId: id, email, tokenHash: sha256Hex }),
  UserAvatarChanged: z.object({ userId: id, avatar: z.string().max(300) }),
  NotificationSettingsChanged: z.object({ userId: id, settings: notificationSettings }),
  /**
   * the tariff notice (a listing's paid promotion ended) switched on or off by itself (api.md: "per-setting
   * notification changes for the tariff notice"): a fact of its own, so the three switches' event keeps its shape
   */
  TariffNoticeSwitched: z.object({ userId: id, enabled: z.boolean() }),
  /** a paid premium subscription: new listings are visible to the user during their first 3 days */
  PremiumPeriodExtended: z.object({ userId: id, until: isoTime, paymentId: id.nullable().optional() }),
  /**
   * the person is forgotten (152-ФЗ art. 21, the GDPR's art. 17): `subjects` are the key subjects of
   * their data as stored (`user-<id>`, `phone-h<hmac>`), whose keys the erasure reactor forgets; `by`:
   * the person themselves or the moderator who acted on their request, with the request's `reason`
   */
  PersonErased: z.object({
    userId: id,
    subjects: z.array(z.string().min(1).max(100)).min(1).max(50),
    by: id,
    reason: z.string().min(1).max(500),
  }),
};

export const agencyEvents = {
  AgencyRegistered: z.object({ agencyId: id, name: z.string().min(1).max(200), ownerId: id }),
};

/** PhoneCodeRejected 1 → 2: when a v1 wrong try happened is not known (null: outside any daily window). */
export const phoneCodeRejectedV2 = (data: unknown) => ({ ...(data as object), at: null });
/** SessionStarted 1 → 2: every v1 session was issued for exactly one year, so it started a year before its end. */
export const sessionStartedV2 = (data: unknown) => {
  const v1 = data as { expiresAt: string };
  const end = Date.parse(v1.expiresAt);
  return {
    ...v1,
    startedAt: Number.isFinite(end) ? new Date(end - 31_536_000_000).toISOString() : v1.expiresAt,
  };
};
/** EmailConfirmationSent 1 → 2: a v1 link's letter was sent with it; there is no link id to derive it again. */
export const emailConfirmationSentV2 = (data: unknown) => ({ ...(data as object), linkId: null });
