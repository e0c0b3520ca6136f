import { z } from 'zod';
import { day, jsonParam, simpleRestRange } from '../core/http';
import { writtenText } from '../core/text';

/**
 * What the money calls take (bodies, headers, path parameters), as zod schemas with the Russian
 * field errors the cabinet shows under each field.
 */
const sum = z.coerce
  .number({ error: 'Введите сумму' })
  .int('Введите сумму в рублях')
  .min(1, 'Введите сумму')
  .max(10_000_000, 'Не больше 10 000 000 ₽');

/** product.md: balance payment type constant 1, online payment */
export const topUpBody = z.object({
  sourceType: z.literal(1, 'Онлайн-оплата: sourceType 1').default(1),
  sum,
});

/** A bank-transfer invoice: KPP only (and then required) for a legal entity, whose INN has 10 digits. */
export const invoiceBody = z
  .object({
    sum,
    organizationName: writtenText('Обязательное поле').min(1, 'Обязательное поле').max(300),
    inn: z
      .string()
      .trim()
      .regex(/^\d{10}(\d{2})?$/, 'ИНН — 10 или 12 цифр'),
    kpp: z
      .string()
      .trim()
      .regex(/^\d{9}$/, 'КПП — 9 цифр')
      .or(z.literal(''))
      .nullish()
      .transform((v) => v || null),
    account: z
      .string()
      .trim()
      .regex(/^\d{20}$/, 'Расчётный счёт — 20 цифр'),
  })
  .refine((v) => v.inn.length === 12 || v.kpp !== null, {
    message: 'Для юридического лица укажите КПП',
    path: ['kpp'],
  });

/** The provider's notification: only the payment's id is read; its status is asked of the provider. */
export const webhookBody = z.object({
  event: z.string().max(100).optional(),
  object: z.object({ id: z.string().min(1).max(100) }),
});

/** One click of «Оплатить»: a UUID; any opaque key of 8–100 letters, digits, '-' or '_' is taken. */
const keyMessage = 'Ключ Idempotency-Key: от 8 до 100 латинских букв, цифр, «-» или «_»';
export const idempotencyKeyHeaders = z.object({
  'Idempotency-Key': z
    .string({ error: keyMessage })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, keyMessage)
    .optional()
    .meta({ description: 'ключ одного нажатия «Оплатить»: повтор с ним отвечает первой оплатой' }),
});

export const agencyParams = z.object({ id: z.string().min(1).max(64) });
export const publicationParams = z.object({ id: z.string().min(1).max(64) });
export const payTariffParams = z.object({
  id: z.string().min(1).max(64),
  tariffId: z.string().min(1).max(100),
});

/** `daily-rent` is the spec's path spelling of the deal `dailyRent`. */
export const tariffListParams = z.object({
  locationId: z.string().min(1).max(64),
  dealCategory: z.preprocess(
    (v) => (v === 'daily-rent' ? 'dailyRent' : v),
    z.enum(['sale', 'rent', 'dailyRent', 'new-buildings']),
  ),
});
export const tariffListQuery = z.object({
  positionTypes: z
    .array(z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])))
    .min(1)
    .optional(),
});

export const premiumTariffParams = z.object({ id: z.string().min(1).max(64) });
export const sandboxParams = z.object({ id: z.string().min(1).max(100) });
export const sandboxActionParams = z.object({
  id: z.string().min(1).max(100),
  action: z.enum(['pay', 'cancel']),
});

/** The cabinet's wallet operations (react-admin simple-rest): newest first unless asked, by kind and period. */
export const walletOperationsQuery = z.object({
  sort: jsonParam(z.tuple([z.enum(['at', 'sum']), z.enum(['ASC', 'DESC'])]), ['at', 'DESC']),
  range: simpleRestRange,
  filter: jsonParam(
    z.object({
      kind: z.enum(['top-up', 'charge', 'refund'], 'Вид операции: top-up, charge или refund').optional(),
      from: day.optional(),
      to: day.optional(),
    }),
    {},
  ),
});

/** The cabinet's invoices (react-admin simple-rest): newest first unless asked. */
export const invoicesQuery = z.object({
  sort: jsonParam(z.tuple([z.enum(['at', 'sum']), z.enum(['ASC', 'DESC'])]), ['at', 'DESC']),
  range: simpleRestRange,
});
