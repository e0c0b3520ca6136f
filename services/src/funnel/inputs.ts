import { z } from 'zod';
import { day } from '../core/http';

/** The longest period a funnel covers (a year and a day: a leap year's whole). */
export const MAX_FUNNEL_DAYS = 366;

/** A period of Moscow days, both ends included; absent: the 30 days up to today. */
const periodChecks = <
  T extends z.ZodObject<{ from: z.ZodOptional<typeof day>; to: z.ZodOptional<typeof day> }>,
>(
  schema: T,
) =>
  schema
    .refine((q) => !q.from || !Number.isNaN(Date.parse(q.from)), {
      message: 'Некорректная дата',
      path: ['from'],
    })
    .refine((q) => !q.to || !Number.isNaN(Date.parse(q.to)), { message: 'Некорректная дата', path: ['to'] })
    .refine((q) => !q.from || !q.to || q.from <= q.to, {
      message: 'Начало периода не может быть позже его конца',
      path: ['from'],
    })
    .refine(
      (q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_FUNNEL_DAYS,
      { message: `Период не может быть длиннее ${MAX_FUNNEL_DAYS} дней`, path: ['to'] },
    );

export const publicationFunnelQuery = periodChecks(
  z.object({ publicationId: z.string().min(1).max(64), from: day.optional(), to: day.optional() }),
);
export const agencyFunnelQuery = periodChecks(z.object({ from: day.optional(), to: day.optional() }));
export const agencyParams = z.object({ id: z.string().min(1).max(64) });
