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

const price = z.coerce
  .number({ message: 'Цена — число' })
  .int('Цена — целое число рублей')
  .min(0, 'Цена не меньше 0')
  .max(100_000_000_000, 'Слишком большая цена');

export const complexListQuery = z
  .object({
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
    /** rooms of a listing in the complex (4: four or more); the complex must have one on sale */
    roomCount: z
      .array(z.string())
      .transform((v) => v.map((s) => s.trim()).filter(Boolean))
      .pipe(
        z
          .array(
            z
              .string()
              .regex(/^[1-4]$/, 'Комнат: 1, 2, 3 или 4 (4 и больше)')
              .transform(Number),
          )
          .max(4),
      )
      .optional(),
    /** a listing in the complex costs at least / at most this (roubles) */
    priceMin: price.optional(),
    priceMax: price.optional(),
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
  })
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    path: ['priceMin'],
    message: 'Цена «от» больше цены «до»',
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

/** The listings side of the list's filters (rooms, price): the catalogue query of a complex's flats on sale. */
export function toListingQuery(q: ComplexListQuery) {
  return {
    ...(q.roomCount?.length ? { roomCounts: q.roomCount } : {}),
    ...(q.priceMin !== undefined || q.priceMax !== undefined
      ? { priceRanges: [{ min: q.priceMin ?? null, max: q.priceMax ?? null }] }
      : {}),
  };
}
