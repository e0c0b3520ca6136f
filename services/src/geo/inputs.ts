import { z } from 'zod';

/** a location id of the tree (locations/): digits; whether it exists is checked by the route */
const locationId = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/, 'Идентификатор места — число');

export const addressSuggestionsQuery = z.object({
  query: z
    .string({ error: 'Введите адрес' })
    .trim()
    .min(1, 'Введите адрес')
    .max(200, 'Не больше 200 символов'),
  /** where to look; empty or "null" (Вся Россия) is anywhere */
  locationId: z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), locationId.optional()),
  count: z.coerce
    .number({ error: 'Укажите число' })
    .int('Укажите целое число')
    .min(1, 'Не меньше 1')
    .max(20, 'Не больше 20')
    .default(10),
});

export const coordinatesBody = z.object({
  address: z
    .string({ error: 'Введите адрес' })
    .trim()
    .min(1, 'Введите адрес')
    .max(300, 'Не больше 300 символов'),
});

/** a coordinate in decimal degrees; an empty parameter is missing, not 0 */
const degrees = (limit: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^-?\d{1,3}(\.\d+)?$/, message)
    .transform(Number)
    .pipe(z.number().min(-limit, message).max(limit, message));

export const nearestStationsQuery = z.object({
  lat: degrees(90, 'Широта — число от -90 до 90'),
  lon: degrees(180, 'Долгота — число от -180 до 180'),
  locationId: locationId,
  count: z.coerce
    .number({ error: 'Укажите число' })
    .int('Укажите целое число')
    .min(1, 'Не меньше 1')
    .max(10, 'Не больше 10')
    .default(3),
});
