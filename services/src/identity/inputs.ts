import { notificationSettings, type NotificationSettings } from '@estate/events';
import { z, type ZodType } from 'zod';
import { DomainError } from '../core/errors';
import { fieldErrors } from '../core/http';
import { writtenText } from '../core/text';
import { phoneInput } from '../core/phoneInput';
import { BOT_TOKEN_FIELD, smsCodeInput } from './codes';

/** What the identity calls take, as zod schemas (the answers are in dto.ts). */

const name = writtenText('Обязательное поле').min(1, 'Обязательное поле').max(100, 'Не более 100 символов');
const email = z
  .string({ error: 'Обязательное поле' })
  .trim()
  .min(1, 'Обязательное поле')
  .max(200)
  .pipe(z.email('Введите корректный адрес почты'));
const botToken = z.string().optional(); // checked by checkBot, with its own field error

export const sendLoginCodeBody = z.object({ phone: phoneInput, [BOT_TOKEN_FIELD]: botToken });
export const loginBody = z.object({ phone: phoneInput, smsCode: smsCodeInput });
export const registrationBody = z.object({
  name,
  phone: phoneInput,
  email,
  newsletter: z.boolean().optional(),
  [BOT_TOKEN_FIELD]: botToken,
});
export const changePhoneBody = z.object({ newPhone: phoneInput, [BOT_TOKEN_FIELD]: botToken });
export const confirmChangePhoneBody = z.object({ newPhone: phoneInput, smsCode: smsCodeInput });
export const eraseCodeBody = z.object({ [BOT_TOKEN_FIELD]: botToken });
export const eraseAccountBody = z.object({ smsCode: smsCodeInput });
export const erasureReason = z
  .string({ error: 'Обязательное поле' })
  .trim()
  .min(3, 'Укажите основание: запрос пользователя, его дату и канал')
  .max(500, 'Не длиннее 500 символов');
export const moderatorErasureBody = z.object({ reason: erasureReason });
export const erasedUserParams = z.object({ userId: z.string().min(1).max(64) });
export const changeEmailBody = z.object({ newEmail: email });
/** the spec's client sends its session token in the body of `send-confirm-email` (sessions.ts reads it) */
export const sessionTokenBody = z.object({ token: z.string().max(300).optional() });
export const emailTokenBody = z.object({
  token: z.string({ error: 'Обязательное поле' }).min(10, 'Ссылка недействительна').max(300),
});
export const changeNameBody = z.object({ name });
export const formCodeBody = z.object({ phone: phoneInput, [BOT_TOKEN_FIELD]: botToken });
export const formVerifyBody = z.object({
  phone: phoneInput,
  smsCode: smsCodeInput,
  [BOT_TOKEN_FIELD]: botToken,
});
export const avatarBody = z.object({ avatar: z.string().meta({ format: 'binary' }) });

const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);
/** The switches, in the query of the spec's GET or in the body of a PATCH; at least one. */
export const notificationSwitches = z
  .object({
    canReceiveNotifications: flag.optional(),
    canReceiveSmsNotifications: flag.optional(),
    canReceiveEmailNotifications: flag.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Укажите хотя бы одну настройку',
  });
/** the tariff notice's switch: not one of the three settings, it is changed by name alone */
export const TARIFF_NOTICE_SETTING = 'canReceiveTariffNotifications';
export const notificationSettingBody = z.object({
  name: z.enum([
    ...(Object.keys(notificationSettings.shape) as (keyof NotificationSettings)[]),
    TARIFF_NOTICE_SETTING,
  ]),
  value: flag,
});

const PHONE_FIELDS = new Set(['phone', 'newPhone']);

/**
 * Parses an authentication payload. A phone that is not a Russian mobile number is the spec's
 * errorCode 4 'Неверный номер' (with all the field errors); anything else wrong is errorCode 1.
 */
export function parseAuth<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  const phoneWrong = result.error.issues.some((i) => PHONE_FIELDS.has(String(i.path[0])));
  throw new DomainError(phoneWrong ? 'WRONG_NUMBER' : 'INVALID_DATA', undefined, errors);
}
