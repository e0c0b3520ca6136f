import { z } from 'zod';

/**
 * A Russian mobile number as every form takes it (sign-in, bookings, leads, complaints, staff, the
 * development outbox). Here, not in identity, because the notifications slice reads it too and
 * identity imports notifications.
 *
 * Digits only, 11 of them starting with 7: '+7 (999) 000-00-01' and '89990000001' both become '79990000001'.
 */
export const phoneInput = z
  .string({ error: 'Обязательное поле' })
  .trim()
  .min(1, 'Обязательное поле')
  .transform((value) => value.replace(/\D/g, '').replace(/^8(?=\d{10}$)/, '7'))
  .pipe(z.string().regex(/^7\d{10}$/, 'Неверный формат телефона'));
