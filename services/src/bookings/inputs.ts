import type { Request } from 'express';
import { z } from 'zod';
import { day, parse } from '../core/http';
import { writtenText } from '../core/text';
import { phoneInput } from '../core/phoneInput';
import { BOT_TOKEN_FIELD } from '../identity';

/** The inputs of the booking calls (path, query and body schemas); the answers are in dto.ts. */

export { day };

/** The spec's client asks for 2011-01-01 to 2035-01-01: everything, when not said. */
export const period = z.object({
  startDate: day.default('2011-01-01'),
  endDate: day.default('2035-01-01'),
});
export const paging = {
  limit: z.coerce.number().int().min(1).max(100).default(15),
  offset: z.coerce.number().int().min(1).default(1),
};
export const agentListQuery = period.extend({
  status: z.coerce.number().int().min(1).max(5).optional(),
  ...paging,
});
export const userListQuery = period.extend({
  status: z.coerce.number().int().min(1).max(4).optional(),
  ...paging,
});

export const publicationParams = z.object({ publicationId: z.string() });
export const requestParams = z.object({ requestId: z.string() });
export const answerParams = z.object({ publicationId: z.string(), requestId: z.string() });
export const entryParams = z.object({ publicationId: z.string(), entryId: z.string() });

/** The text of a rejection or a cancellation: the default one when empty. */
export const reasonBody = z.object({
  text: writtenText()
    .max(1000)
    .optional()
    .transform((t) => t || 'Изменились планы'),
});

export const requestBody = z.object({
  publicationId: z.string().optional(),
  name: writtenText('Обязательное поле').min(1, 'Обязательное поле').max(200),
  phone: phoneInput,
  email: z.string().trim().max(200).pipe(z.email('Введите корректный адрес почты')).nullish(),
  startDate: day,
  endDate: day,
  adultCount: z.number().int().min(1, 'Хотя бы один взрослый гость').max(50),
  childCount: z.number().int().min(0).max(50).default(0),
  // checked by checkBot, with its own field error
  [BOT_TOKEN_FIELD]: z.string().optional(),
});

/** A stay's nights, for the availability check: the check-out after the check-in. */
export const stayDates = z.object({ startDate: day, endDate: day }).refine((v) => v.endDate > v.startDate, {
  message: 'Дата выезда должна быть позже даты заезда',
  path: ['endDate'],
});

/** Nights the host closes. */
export const blockBody = z.object({ startDate: day, endDate: day }).refine((r) => r.endDate > r.startDate, {
  message: 'Дата окончания должна быть позже даты начала',
  path: ['endDate'],
});

// the byte limit is checked on the text itself (ICS_LIMITS); this bound only stops absurd strings before that
export const importBody = z.object({
  ics: z
    .string({ error: 'Вставьте содержимое календаря .ics' })
    .min(10, 'Вставьте содержимое календаря .ics')
    .max(2_000_000, 'Файл календаря больше 512 КБ'),
});

/** The header the booking's own page sends its link's key in (docs/decisions.md). */
export const BOOKING_KEY_HEADER = 'booking-key';

const IDEMPOTENCY_KEY_TEXT = 'Ключ Idempotency-Key: от 8 до 100 латинских букв, цифр, «-» или «_»';
const idempotencyKey = z
  .string({ error: IDEMPOTENCY_KEY_TEXT })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, IDEMPOTENCY_KEY_TEXT)
  .optional();

/** The client's `Idempotency-Key` of a call that runs a workflow: the same key resumes the same run. */
export const idempotencyKeyOf = (req: Request): string | null =>
  parse(z.object({ 'Idempotency-Key': idempotencyKey }), { 'Idempotency-Key': req.get('Idempotency-Key') })[
    'Idempotency-Key'
  ] ?? null;
