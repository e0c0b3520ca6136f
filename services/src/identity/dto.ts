import { z } from 'zod';

/**
 * The answers of the identity calls (sign-in, sign-up, phone and e-mail changes, the profile), as
 * zod schemas: the routes declare them (the OpenAPI document and the tests' answer checks come from
 * here) and the front ends take their types from them (services/src/contract.ts). Pure zod: the
 * site's and the cabinet's type checks read this file.
 */

/** When a new code may be asked for, and the server's clock beside it (a device's clock may be wrong). */
export const codeSentAnswer = z.object({
  data: z.object({ endTime: z.string(), serverTime: z.string() }),
});

/** A session: the token is also set as the HttpOnly `auth-token` cookie. */
export const sessionAnswer = z.object({ data: z.object({ token: z.string() }) });

export const successAnswer = z.object({ data: z.object({ success: z.boolean() }) });

export const clientConfigAnswer = z.object({
  data: z.object({
    /** reCAPTCHA v3's site key; null: no bot check configured (development), any token passes */
    recaptchaSiteKey: z.string().nullable(),
    /** whether `/api/dev/sms` and `/api/dev/email` list what was sent (never in production) */
    devOutbox: z.boolean(),
    /** the map's tiles ({z}/{x}/{y}) and the attribution shown on the map */
    mapTiles: z.object({ url: z.string(), attribution: z.string() }),
  }),
});

export const phoneChangedAnswer = z.object({ data: z.object({ phone: z.string() }) });

export const emailChangedAnswer = z.object({
  data: z.object({ email: z.string(), isVerifiedEmail: z.boolean() }),
});

/** A form's proof of the phone, for the `trust-token` header (24 hours). */
export const trustTokenAnswer = z.object({ data: z.object({ token: z.string(), phone: z.string() }) });

export const notificationSettingsDto = z.object({
  canReceiveNotifications: z.boolean(),
  canReceiveSmsNotifications: z.boolean(),
  canReceiveEmailNotifications: z.boolean(),
  /** the tariff notice (a listing's promotion ended), switched by name alone (PATCH /api/profile/notification-setting) */
  canReceiveTariffNotifications: z.boolean(),
});
export type NotificationSettingsDto = z.infer<typeof notificationSettingsDto>;

/** product.md's Profile; `role` is 1 agent, 2 agency owner, 3 user, and 99 for a moderator. */
export const profileDto = z.object({
  id: z.string(),
  agencyId: z.string().nullable(),
  role: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  isVerifiedEmail: z.boolean(),
  status: z.enum(['Премиум', 'Обычный']),
  premiumPeriod: z.string().nullable(),
  hasReceiveNotifications: z.boolean(),
  /** a path under /storage/ */
  avatar: z.string().nullable(),
  agencyWalletBalance: z.number(),
  settings: notificationSettingsDto,
});
export type ProfileDto = z.infer<typeof profileDto>;

export const profileAnswer = z.object({ data: profileDto });

export const avatarAnswer = z.object({ data: z.object({ avatarPath: z.string().nullable() }) });

export const settingsAnswer = z.object({ data: z.object({ settings: notificationSettingsDto }) });

/** A read model's document as it is stored about the person (the export gives them as they are) */
const storedDocument = z.record(z.string(), z.unknown());

/**
 * Everything the read models hold about the signed-in person (152-ФЗ art. 14, the GDPR's art. 15
 * and 20): the profile, and their favourites, saved searches, booking requests, chat messages,
 * requests sent through forms and complaints, each as stored.
 */
export const personalExportAnswer = z.object({
  data: z.object({
    exportedAt: z.string(),
    profile: profileDto,
    favourites: z.array(storedDocument),
    savedSearches: z.array(storedDocument),
    bookings: z.array(storedDocument),
    chatMessages: z.array(storedDocument),
    requests: z.array(storedDocument),
    complaints: z.array(storedDocument),
  }),
});
