import { z } from 'zod';
import { jsonParam, simpleRestRange } from '../core/http';
import { writtenText } from '../core/text';
import { phoneInput } from '../core/phoneInput';
import { BOT_TOKEN_FIELD } from '../identity';

/** The inputs of the complaint calls (api.md Complaint); the answers are in dto.ts. */

const REQUIRED = 'Обязательное поле';
export const COMPLAINT_STATUSES = ['open', 'dismissed', 'upheld'] as const;

/** api.md, Complaint: phone, e-mail, a comment of 10–240 characters, and the consent ticked */
export const complaintBody = z.object({
  phone: phoneInput,
  email: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(200, 'Не более 200 символов')
    .pipe(z.email('Введите корректный адрес почты')),
  comment: writtenText(REQUIRED)
    .min(1, REQUIRED)
    .min(10, 'Минимум 10 символов')
    .max(240, 'Не больше 240 символов'),
  policy: z.literal(true, { error: 'Необходимо согласиться с политикой конфиденциальности' }),
  // checked by checkBot, with its own field error
  [BOT_TOKEN_FIELD]: z.string().optional(),
});

export const publicationParams = z.object({ id: z.string().min(1).max(64) });
export const complaintParams = z.object({ id: z.string().min(1).max(64) });

export const dismissBody = z.object({
  reason: writtenText()
    .max(1000, 'Не больше 1 000 символов')
    .nullish()
    .transform((v) => v || null),
});
export const declineBody = z.object({
  reason: writtenText('Укажите причину отклонения')
    .min(3, 'Укажите причину отклонения')
    .max(1000, 'Не больше 1 000 символов'),
});

/** The moderators' complaints (react-admin simple-rest): newest first unless asked. */
export const complaintListQuery = z.object({
  sort: jsonParam(z.tuple([z.enum(['filedAt', 'updatedAt', 'status', 'id']), z.enum(['ASC', 'DESC'])]), [
    'filedAt',
    'DESC',
  ]),
  range: simpleRestRange,
  filter: jsonParam(
    z.object({
      status: z.enum(COMPLAINT_STATUSES, 'Статус: open, dismissed или upheld').optional(),
      publicationId: z.string().max(64).optional(),
    }),
    {},
  ),
});

/** The listings complained about (react-admin simple-rest): the last complained about first unless asked. */
export const complainedListQuery = z.object({
  sort: jsonParam(
    z.tuple([z.enum(['lastComplaintAt', 'openCount', 'complaintsCount', 'id']), z.enum(['ASC', 'DESC'])]),
    ['lastComplaintAt', 'DESC'],
  ),
  range: simpleRestRange,
  filter: jsonParam(
    z.object({
      /** true: only the listings with complaints still open (the queue) */
      open: z.boolean().optional(),
      agencyId: z.string().max(64).optional(),
    }),
    {},
  ),
});
