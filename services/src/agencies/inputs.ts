import { legalEntity, type AgencyDetails } from '@estate/events';
import { z } from 'zod';
import { writtenText } from '../core/text';
import { phoneInput } from '../core/phoneInput';

/**
 * What the agencies calls take: path parameters and bodies, with the spec's rules and texts (a
 * field that does not fit is errorCode 1 with the field's message).
 */
export const agencyParams = z.object({ id: z.string().min(1).max(64) });
export const employeeParams = agencyParams.extend({ employeeId: z.string().min(1).max(64) });
export const applicantParams = z.object({ userId: z.string().min(1).max(64) });

const required = writtenText('Обязательное поле').min(1, 'Обязательное поле');
const digitsOrEmpty = (length: string, re: RegExp) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(re, length))
    .or(z.literal(''))
    .optional();
/** The spec's realtor form: only non-empty fields are sent; INN is needed except for a private realtor, KPP only for a legal entity. */
export const realtorForm = z
  .object({
    name: required.pipe(z.string().min(3, 'Обязательное поле')).pipe(z.string().max(200)),
    agencyName: required.pipe(z.string().max(200)),
    email: required.pipe(z.email('Введите корректный адрес почты')),
    legalEntity: z.coerce.number().pipe(legalEntity).default(1),
    inn: digitsOrEmpty('ИНН — 10 или 12 цифр', /^\d{10}(\d{2})?$/),
    kpp: digitsOrEmpty('КПП — 9 цифр', /^\d{9}$/),
    accountNumber: digitsOrEmpty('Расчётный счёт — 20 цифр', /^\d{20}$/),
    siteLink: z.string().trim().max(300).optional(),
  })
  .superRefine((form, issue) => {
    if (form.legalEntity !== 3 && !form.inn)
      issue.addIssue({ code: 'custom', path: ['inn'], message: 'Обязательное поле' });
    if (form.legalEntity !== 1 && form.kpp)
      issue.addIssue({
        code: 'custom',
        path: ['kpp'],
        message: 'КПП указывается только для юридического лица',
      });
  });

export const toDetails = (form: z.infer<typeof realtorForm>): AgencyDetails => ({
  name: form.agencyName,
  legalEntity: form.legalEntity,
  inn: form.inn || null,
  kpp: form.kpp || null,
  accountNumber: form.accountNumber || null,
  siteLink: form.siteLink || null,
  email: form.email,
  description: null,
});

export const rejectBody = z.object({
  reason: writtenText().min(3, 'Укажите причину отклонения').max(1000),
});

const optionalDigits = (re: RegExp, message: string) =>
  z
    .string()
    .trim()
    .regex(re, message)
    .or(z.literal('').transform(() => null))
    .nullish();
export const profileBody = z
  .object({
    name: writtenText().min(1, 'Обязательное поле').max(200).optional(),
    legalEntity: z.coerce.number().pipe(legalEntity).optional(),
    inn: optionalDigits(/^\d{10}(\d{2})?$/, 'ИНН — 10 или 12 цифр'),
    kpp: optionalDigits(/^\d{9}$/, 'КПП — 9 цифр'),
    accountNumber: optionalDigits(/^\d{20}$/, 'Расчётный счёт — 20 цифр'),
    siteLink: z.string().trim().max(300).nullish(),
    email: z
      .string()
      .trim()
      .pipe(z.email('Введите корректный адрес почты'))
      .or(z.literal('').transform(() => null))
      .nullish(),
    description: writtenText().max(240, 'Не более 240 символов').nullish(),
    canViewInCatalog: z
      .union([z.boolean(), z.literal(0), z.literal(1)])
      .transform(Boolean)
      .optional(),
    specializations: z.array(writtenText().min(1, 'Обязательное поле').max(60)).max(30).optional(),
  })
  .strict();

/** A registered user's phone, in any of the spec's spellings. */
export const employeePhoneBody = z.object({ clientPhone: phoneInput });
/** Switched on or off; without a body the switch is turned over. */
export const employeeActiveBody = z.object({ isActive: z.boolean().optional() });
export const employeeLimitBody = z.object({ limit: z.number().int().nonnegative().nullable() });
/** The logo's file, in the multipart field `avatar` (jpg or png up to 10 MB). */
export const avatarBody = z.object({ avatar: z.string().meta({ format: 'binary' }) });
