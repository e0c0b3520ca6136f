import { LEAD_ANSWER_LIMIT, LEAD_KINDS, LEAD_STATUSES, LEAD_TEXT_LIMIT } from '@estate/events';
import { z } from 'zod';
import { jsonParam, simpleRestRange } from '../core/http';
import { writtenText } from '../core/text';
import { phoneInput } from '../core/phoneInput';
import { BOT_TOKEN_FIELD } from '../identity';

/** The inputs of the lead calls (api.md Forms; product.md's request forms); the answers are in dto.ts. */

const REQUIRED = 'Обязательное поле';
const letters = /^[A-Za-zА-Яа-яЁё]+(?:[\s-]+[A-Za-zА-Яа-яЁё]+)*$/;

/** api.md: at least 2 letters; letters, space and hyphen only */
const name = writtenText(REQUIRED)
  .min(1, REQUIRED)
  .min(2, 'Минимум 2 буквы')
  .max(100, 'Не более 100 символов')
  .regex(letters, 'Имя может содержать только буквы');

const number = (min: number, message: string) =>
  z.number({ error: REQUIRED }).min(min, message).max(100_000, 'Слишком большое значение');

/** product.md, Selection request, with api.md's rules of the not-found-listing form */
const houseSelectionInput = z
  .object({
    city: writtenText(REQUIRED)
      .min(1, REQUIRED)
      .min(2, 'Минимум 2 символа')
      .max(100, 'Не более 100 символов')
      .regex(letters, 'Название города может содержать только буквы, пробел и дефис'),
    homesPropertyType: z
      .number()
      .int()
      .min(1)
      .max(99)
      .nullish()
      .transform((v) => v ?? null),
    roadToMetro: z
      .union([z.literal(1), z.literal(2), z.literal(3)], 'До метро: 1 пешком, 2 на машине, 3 на транспорте')
      .nullish()
      .transform((v) => v ?? null),
    notMoreMinutes: z
      .union(
        [10, 20, 30, 60, 90, 120].map((m) => z.literal(m)),
        'Не больше: 10, 20, 30, 60, 90 или 120 минут',
      )
      .nullish()
      .transform((v) => v ?? null),
    priceRange: z
      .object({ minValue: z.number().nonnegative(), maxValue: z.number().nonnegative() })
      .refine((r) => r.minValue <= r.maxValue, 'Цена «от» больше цены «до»')
      .nullish()
      .transform((v) => v ?? null),
    /** one choice or several: 1 = 1–2 rooms, 2 = 3–4, 3 = 5–6 */
    roomsCount: z
      .union([z.number(), z.array(z.number())], { error: 'Выберите количество комнат' })
      .transform((v) => (Array.isArray(v) ? v : [v]))
      .pipe(
        z
          .array(z.union([z.literal(1), z.literal(2), z.literal(3)], 'Комнаты: 1, 2 или 3'))
          .min(1, 'Выберите количество комнат')
          .max(3)
          .transform((v) => [...new Set(v)].sort()),
      ),
    homeSquare: number(1, 'Не меньше 1 м²'),
    kitchenSquare: number(1, 'Не меньше 1 м²'),
    wishes: writtenText(REQUIRED)
      .min(1, REQUIRED)
      .min(3, 'Минимум 3 символа')
      .max(LEAD_TEXT_LIMIT, 'Не больше 2 000 символов'),
  })
  .meta({
    description: 'Подбор квартиры (форма «не нашли объявление»): обязателен для kind house-selection',
  });

/** product.md, Valuation calculator */
const valuationInput = z
  .object({
    square: number(1, 'Не меньше 1 м²'),
    numberOfRooms: z.number({ error: REQUIRED }).int().min(0).max(50),
    floor: z
      .number()
      .int()
      .min(-5)
      .max(200)
      .nullish()
      .transform((v) => v ?? null),
    repair: z
      .enum(['without', 'cosmetic', 'modern'], 'Ремонт: without, cosmetic или modern')
      .nullish()
      .transform((v) => v ?? null),
    houseType: z
      .enum(['brick', 'block', 'other'], 'Дом: brick, block или other')
      .nullish()
      .transform((v) => v ?? null),
    area: writtenText()
      .max(200)
      .nullish()
      .transform((v) => v || null),
    address: writtenText(REQUIRED).min(3, 'Укажите адрес').max(300),
    time: z
      .enum(['yesterday', 'soon', 'nextMonth', 'haveTime'], 'Срок: yesterday, soon, nextMonth или haveTime')
      .nullish()
      .transform((v) => v ?? null),
  })
  .meta({ description: 'Калькулятор оценки продавца: обязателен для kind valuation' });

/**
 * api.md: `POST /api/send-request` with name, phone, text, titlePage and the bot check. `kind`
 * says which form sent it (the spec's client sends none: a call-back request); the structured
 * fields of the selection and the valuation come with their kinds and are ignored otherwise.
 */
export const sendRequestBody = z
  .object({
    kind: z.enum(LEAD_KINDS, `Вид заявки: ${LEAD_KINDS.join(', ')}`).default('callback'),
    name,
    phone: phoneInput,
    text: writtenText()
      .max(LEAD_TEXT_LIMIT, 'Не больше 2 000 символов')
      .nullish()
      .transform((v) => v ?? ''),
    titlePage: z
      .string()
      .trim()
      .max(300, 'Не более 300 символов')
      .nullish()
      .transform((v) => v || null),
    /** the stored campaign label (utm) the site keeps from the visit's address */
    campaignLabel: z
      .string()
      .trim()
      .max(200, 'Не более 200 символов')
      .nullish()
      .transform((v) => v || null),
    selection: houseSelectionInput.nullish().transform((v) => v ?? null),
    valuation: valuationInput.nullish().transform((v) => v ?? null),
    // checked by checkBot, with its own field error
    [BOT_TOKEN_FIELD]: z.string().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'house-selection' && !body.selection)
      ctx.addIssue({ code: 'custom', path: ['selection'], message: 'Заполните параметры подбора' });
    if (body.kind === 'valuation' && !body.valuation)
      ctx.addIssue({ code: 'custom', path: ['valuation'], message: 'Заполните параметры квартиры' });
    if (body.kind === 'question' && !body.text)
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'Напишите ваш вопрос' });
  });
export type SendRequestBody = z.output<typeof sendRequestBody>;

export const leadParams = z.object({ id: z.string().min(1).max(64) });

/** The moderators' list (react-admin simple-rest): newest first unless asked. */
export const leadListQuery = z.object({
  sort: jsonParam(
    z.tuple([z.enum(['receivedAt', 'updatedAt', 'status', 'kind', 'name', 'id']), z.enum(['ASC', 'DESC'])]),
    ['receivedAt', 'DESC'],
  ),
  range: simpleRestRange,
  filter: jsonParam(
    z.object({
      kind: z.enum(LEAD_KINDS, `Вид заявки: ${LEAD_KINDS.join(', ')}`).optional(),
      status: z.enum(LEAD_STATUSES, `Статус: ${LEAD_STATUSES.join(', ')}`).optional(),
      /** digits of the phone, in any format */
      phone: z
        .string()
        .max(30)
        .transform((v) => v.replace(/\D/g, '').replace(/^8(?=\d{10}$)/, '7'))
        .optional(),
      takenBy: z.string().max(64).optional(),
    }),
    {},
  ),
});

export const noteBody = z.object({
  text: writtenText('Напишите заметку')
    .min(1, 'Напишите заметку')
    .max(LEAD_TEXT_LIMIT, 'Не больше 2 000 символов'),
});

const answerText = writtenText('Напишите ответ')
  .min(1, 'Напишите ответ')
  .max(LEAD_ANSWER_LIMIT, 'Не больше 500 символов');

/** an answer to the person who sent the lead: it goes by SMS (and by e-mail when an address is known) */
export const answerBody = z.object({ text: answerText });

/** done, optionally with an answer to the person (empty: none) */
export const doneBody = z.object({
  answer: writtenText()
    .max(LEAD_ANSWER_LIMIT, 'Не больше 500 символов')
    .nullish()
    .transform((v) => v || null),
});
