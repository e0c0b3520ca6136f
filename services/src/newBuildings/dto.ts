import { z } from 'zod';
import { geoPoint, locationDto } from '../locations/dto';

/**
 * The answers of the new-builds calls (residential complexes, their filters), as zod schemas: the
 * routes declare them (the OpenAPI document and the tests' answer checks come from here) and the
 * front ends take their types from them. Pure zod: the site's type check reads this file.
 */

const point = geoPoint;

/** A residential complex as the new-builds pages show it: codes with their Russian names beside them. */
export const residentialComplexDto = z.object({
  id: z.string(),
  name: z.string(),
  developer: z.string(),
  description: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  address: z.object({ fullAddress: z.string(), geo: point }),
  /** 1 Эконом, 2 Комфорт, 3 Бизнес, 4 Элит */
  class: z.number().int(),
  className: z.string().nullable(),
  /** 1 Планируется, 2 Строится, 3 Сдача, 4 Сдан */
  stage: z.number().int(),
  stageName: z.string().nullable(),
  /** when the last building is (or was) handed over */
  deadline: z.object({ year: z.number().int(), quarter: z.number().int().min(1).max(4) }),
  /** 'IV кв. 2026', 'Сдан в IV кв. 2023' */
  deadlineText: z.string(),
  wallMaterial: z.number().int(),
  wallMaterialName: z.string().nullable(),
  finish: z.number().int(),
  finishName: z.string().nullable(),
  parking: z.number().int(),
  parkingName: z.string().nullable(),
  floorsCount: z.number().int(),
  /** the cheapest flat on sale, roubles */
  priceFrom: z.number(),
  images: z.array(z.object({ path: z.string() })),
  updatedAt: z.string(),
});
export type ResidentialComplexDto = z.infer<typeof residentialComplexDto>;

/** The spec's list envelope: pages count from 1. */
const pageMeta = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

/** In the list: how many listings of the complex are on sale (matching the list's rooms and price, if given). */
export const residentialComplexListItemDto = residentialComplexDto.extend({
  listingsCount: z.number().int(),
});
export type ResidentialComplexListItemDto = z.infer<typeof residentialComplexListItemDto>;

export const residentialComplexListAnswer = z.object({
  data: z.array(residentialComplexListItemDto),
  meta: pageMeta,
});

export const residentialComplexAnswer = z.object({ data: residentialComplexDto });

/** A value of a filter: the code the list call takes and its Russian name. */
export const choiceDto = z.object({ id: z.number().int(), name: z.string() });

export const complexFiltersAnswer = z.object({
  data: z.object({
    classes: z.array(choiceDto),
    stages: z.array(choiceDto),
    /** 'До конца 2025 года': the id is the year */
    deadlines: z.array(choiceDto),
    wallMaterials: z.array(choiceDto),
    finish: z.array(choiceDto),
    parking: z.array(choiceDto),
  }),
});

/** A place of the locations tree (the locations slice's own schema) with the number of complexes in it. */
export const complexCityDto = locationDto.extend({ complexesCount: z.number().int() });

export const complexCitiesAnswer = z.object({ data: z.array(complexCityDto) });
