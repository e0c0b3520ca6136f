import { SAVED_SEARCH_FREQUENCIES } from '@estate/events';
import { z } from 'zod';
import { writtenText } from '../core/text';
import { savedFilters } from './filters';

/** The inputs of the saved searches' calls; the answers are in dto.ts. */
const REQUIRED = 'Обязательное поле';

const name = writtenText(REQUIRED).min(1, 'Введите название поиска').max(100, 'Не более 100 символов');

export const alertsInput = z.object({
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES, {
    error: 'Выберите, как часто присылать: сразу, раз в день или раз в неделю',
  }),
  email: z.boolean({ error: 'Да или нет' }),
  sms: z.boolean({ error: 'Да или нет' }),
});

export const createSavedSearchBody = z.object({
  name,
  filters: savedFilters,
  alerts: alertsInput.default({ frequency: 'daily', email: true, sms: false }),
});

export const updateSavedSearchBody = z
  .object({ name: name.optional(), alerts: alertsInput.optional(), paused: z.boolean().optional() })
  .refine((b) => b.name !== undefined || b.alerts !== undefined || b.paused !== undefined, {
    message: 'Нечего изменить: укажите name, alerts или paused',
  });

export const savedSearchParams = z.object({ id: z.string().min(1).max(64) });
export const unsubscribeQuery = z.object({ token: z.string({ error: REQUIRED }).min(1, REQUIRED).max(500) });
export const unsubscribeBody = unsubscribeQuery;
