import type { ResidentialComplexQuery } from '@estate/projections/newBuildings/queries';
import { z } from 'zod';
import {
  CLASS_CHOICES,
  FINISH_CHOICES,
  PARKING_CHOICES,
  STAGE_CHOICES,
  WALL_MATERIAL_CHOICES,
  type Choice,
} from './options';
import { cityIdsWithin, findLocation } from '../locations';

/**
 * One code or several: ?class=1&class=2, ?class[]=1 or ?class=1,2 (the route gathers them into a list,
 * core/route.ts); each is trimmed, and an empty one dropped.
 */
const codes = (choices: Choice[], message: string) =>
  z
    .array(z.string())
    .transform((v) => v.map((s) => s.trim()).filter(Boolean))
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^\d+$/, message)
            .transform(Number)
            .refine((n) => choices.some((c) => c.id === n), message),
        )
        .max(20),
    );

const list = (choices: Choice[]) => choices.map((c) => `${c.id} ${c.name}`).join(', ');

const location = z
  .string()
  .regex(/^(\d{1,10}|null)$/, { message: 'Идентификатор места — число или null', abort: true })
  .refine((id) => id === 'null' || findLocation(id) !== null, 'Нет такого места');

export const complexListQuery = z.object({
  cityId: location.optional(),
  locationId: location.optional(),
  class: codes(CLASS_CHOICES, `Класс: ${list(CLASS_CHOICES)}`).optional(),
  stage: codes(STAGE_CHOICES, `Стадия: ${list(STAGE_CHOICES)}`).optional(),
  deadline: z.coerce
    .number({ message: 'Год сдачи — число' })
    .int('Год сдачи — целое число')
    .min(1950, 'Год сдачи не раньше 1950')
    .max(2100, 'Год сдачи не позже 2100')
    .optional(),
  wallMaterial: codes(
    WALL_MATERIAL_CHOICES,
    `Материал стен: число от 1 до ${WALL_MATERIAL_CHOICES.length}`,
  ).optional(),
  finish: codes(FINISH_CHOICES, `Отделка: ${list(FINISH_CHOICES)}`).optional(),
  parking: codes(PARKING_CHOICES, `Парковка: ${list(PARKING_CHOICES)}`).optional(),
  limit: z.coerce
    .number({ message: 'Укажите число' })
    .int('Укажите целое число')
    .min(1, 'Не меньше 1')
    .max(100, 'Не больше 100')
    .default(20),
  /** the page number, from 1 (as everywhere in the spec) */
  offset: z.coerce
    .number({ message: 'Укажите число' })
    .int('Укажите целое число')
    .min(1, 'Страницы считаются с 1')
    .max(10_000)
    .default(1),
});
export type ComplexListQuery = z.infer<typeof complexListQuery>;

export function toComplexQuery(q: ComplexListQuery): ResidentialComplexQuery {
  const place = q.cityId ?? q.locationId;
  const locationIds = place && place !== 'null' ? cityIdsWithin(place) : null;
  return {
    ...(locationIds ? { locationIds } : {}),
    classes: q.class,
    stages: q.stage,
    deadlineUpTo: q.deadline,
    wallMaterials: q.wallMaterial,
    finish: q.finish,
    parking: q.parking,
  };
}
