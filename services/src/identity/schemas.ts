import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z, type ZodType } from 'zod';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { fieldErrors } from '../core/http';
import { jsonBody } from '../core/openapi';
import { BOT_TOKEN_FIELD, phoneInput, smsCodeInput } from './codes';

const name = z
  .string({ error: 'Обязательное поле' })
  .trim()
  .min(1, 'Обязательное поле')
  .max(100, 'Не более 100 символов');
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
export const changeEmailBody = z.object({ newEmail: email });
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

/** Registers a route in the OpenAPI document with the error envelope as its failure answer. */
export function describeRoute(
  ctx: AppContext,
  route: {
    method: RouteConfig['method'];
    path: string;
    summary: string;
    tag: string;
    body?: ZodType;
    auth?: boolean;
    answer: string;
  },
) {
  ctx.openApi.route({
    method: route.method,
    path: route.path,
    tags: [route.tag],
    summary: route.summary,
    ...(route.auth ? { security: [{ bearer: [] }] } : {}),
    ...(route.body ? { request: { body: jsonBody(route.body) } } : {}),
    responses: {
      200: { description: route.answer },
      400: jsonBody(ctx.openApi.errorSchema, 'ошибка в конверте спецификации'),
    },
  });
}
