import { z } from 'zod';
import { id, roubles } from './shared';

/** product.md section 3: residential complex classes, construction stages, wall materials (13), finish, parking. */
export const COMPLEX_CLASSES = { 1: 'Эконом', 2: 'Комфорт', 3: 'Бизнес', 4: 'Элит' } as const;
export const CONSTRUCTION_STAGES = { 1: 'Планируется', 2: 'Строится', 3: 'Сдача', 4: 'Сдан' } as const;
export const WALL_MATERIALS = {
  1: 'Газобетонный блок',
  2: 'Блочный',
  3: 'Панельно-щитовой',
  4: 'Кирпичный',
  5: 'Пенобетонный блок',
  6: 'Газосиликатный блок',
  7: 'Монолитный',
  8: 'Монолитно-кирпичный',
  9: 'Старый фонд',
  10: 'Панельный',
  11: 'Сталинский',
  12: 'Каркасный',
  13: 'Деревянный',
} as const;
export const FINISH_OPTIONS = { 1: 'С отделкой', 2: 'Без отделки' } as const;
export const PARKING_OPTIONS = { 1: 'Наземная', 2: 'Подземная', 3: 'Нет' } as const;

const code = (names: Record<number, string>) =>
  z
    .number()
    .int()
    .refine((n) => n in names);

export const residentialComplexDetails = z.object({
  name: z.string().min(2).max(200),
  developer: z.string().min(2).max(200),
  description: z.string().max(5000),
  address: z.object({
    /** a city or settlement of the locations tree */
    locationId: id,
    locationName: z.string().min(1).max(200),
    fullAddress: z.string().min(3).max(300),
    geo: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }),
  }),
  class: code(COMPLEX_CLASSES),
  stage: code(CONSTRUCTION_STAGES),
  /** when the last building is (or was) handed over */
  deadline: z.object({ year: z.number().int().min(1950).max(2100), quarter: z.number().int().min(1).max(4) }),
  wallMaterial: code(WALL_MATERIALS),
  finish: code(FINISH_OPTIONS),
  parking: code(PARKING_OPTIONS),
  floorsCount: z.number().int().min(1).max(200),
  /** the cheapest flat on sale, roubles */
  priceFrom: roubles,
  images: z.array(z.object({ path: z.string().min(1).max(500) })).max(50),
});
export type ResidentialComplexDetails = z.infer<typeof residentialComplexDetails>;

/** Residential complexes (new builds): events of the `residential-complex-<id>` streams. */
export const newBuildingEvents = {
  ResidentialComplexRegistered: z.object({ complexId: id, details: residentialComplexDetails }),
  /** the whole new description; recorded only when something changed */
  ResidentialComplexUpdated: z.object({ complexId: id, details: residentialComplexDetails }),
} satisfies Record<string, z.ZodType>;
