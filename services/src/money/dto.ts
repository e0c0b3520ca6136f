import { z } from 'zod';
import { adTariffDto } from '../publications/dto';

/**
 * The answers of the money calls (the wallet, payments, promotion tariffs, the premium
 * subscription), as zod schemas: the routes declare them (the OpenAPI document and the tests'
 * answer checks come from here) and the front ends take their types from them
 * (services/src/contract.ts). Pure zod: the site's and the cabinet's type checks read this file.
 */
const positionType = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** product.md: publication tariff (id, title, pricePerDay, descriptionList or advantages, iconPath); ₽ per day */
export const publicationTariffDto = z.object({
  id: z.string(),
  title: z.string(),
  positionType,
  pricePerDay: z.number().int(),
  descriptionList: z.array(z.string()),
  advantages: z.array(z.string()),
  iconPath: z.string(),
});
export type PublicationTariffDto = z.infer<typeof publicationTariffDto>;

export const publicationTariffsAnswer = z.object({ data: z.array(publicationTariffDto) });

/** A listing's own tariffs; the one its running promotion has is the current one. */
export const tariffsOfPublicationAnswer = z.object({
  data: z.array(
    publicationTariffDto.extend({
      isCurrent: z.boolean(),
      /** the spec's name of the same flag */
      isCurrentTariff: z.boolean(),
    }),
  ),
});

/**
 * The listing as the publication calls answer it. Its fields are the publications slice's to
 * declare; the money calls rely on these and add `adTariff`.
 */
export const publicationDto = z.looseObject({
  id: z.string(),
  status: z.number().int(),
  title: z.string(),
  dealCategory: z.string(),
  price: z.number(),
});

/** What a tariff payment did (and, for the same Idempotency-Key again, what its first request did). */
export const tariffPaymentDto = z.object({
  tariffId: z.string(),
  positionType,
  /** roubles taken now: the first day's price, or 0 for a change of tariff (and for a repeat) */
  charged: z.number().int(),
  /** the end of the day paid for, when this payment charged */
  paidUntil: z.string().nullable(),
  /** a change of tariff: when the new tariff starts (the end of the day already paid for) */
  startsAt: z.string().nullable(),
  /** the same Idempotency-Key came again: nothing was charged this time */
  repeated: z.boolean(),
  message: z.string(),
});
export type TariffPaymentDto = z.infer<typeof tariffPaymentDto>;

export const tariffPaidAnswer = z.object({
  data: publicationDto.extend({ adTariff: adTariffDto.nullable() }),
  meta: tariffPaymentDto,
});

export const tariffedAnswer = z.object({
  data: z.array(publicationDto.extend({ adTariff: adTariffDto })),
});

/** product.md: subscription tariff (id, price, priceBenefit, duration in months, isCurrentTariff) */
export const premiumTariffDto = z.object({
  id: z.string(),
  duration: z.number().int(),
  price: z.number().int(),
  priceBenefit: z.number().int(),
  pricePerMonth: z.number().int(),
  /** the tariff the caller's running premium was paid with */
  isCurrentTariff: z.boolean(),
});
export type PremiumTariffDto = z.infer<typeof premiumTariffDto>;

export const premiumTariffsAnswer = z.object({
  data: z.array(premiumTariffDto),
  meta: z.object({ isPremium: z.boolean() }),
});

/** A payment started with the provider: its page opens in a new tab. */
export const paymentStartedDto = z.object({ paymentId: z.string(), confirmationUrl: z.string() });
export const topUpStartedAnswer = z.object({ data: paymentStartedDto });
/** the spec's client reads `confirmationUrl` beside `data` */
export const premiumPaymentAnswer = z.object({ data: paymentStartedDto, confirmationUrl: z.string() });

export const walletOperationDto = z.object({
  id: z.string(),
  agencyId: z.string(),
  kind: z.enum(['top-up', 'charge', 'refund']),
  sum: z.number().int(),
  purpose: z.string().nullable(),
  publicationId: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});
export type WalletOperationDto = z.infer<typeof walletOperationDto>;
/** react-admin's simple-rest shape: the bare page of operations (and Content-Range) */
export const walletOperationList = z.array(walletOperationDto);

export const balanceAnswer = z.object({
  data: z.object({ walletBalance: z.number().int(), operations: z.array(walletOperationDto) }),
});

export const invoiceAnswer = z.object({ data: z.object({ invoiceId: z.string() }) });

/** an invoice the agency asked for, numbered as the accounting department's letter numbers it */
export const invoiceDto = z.object({
  id: z.string(),
  number: z.string(),
  sum: z.number().int(),
  organizationName: z.string(),
  inn: z.string(),
  kpp: z.string().nullable(),
  account: z.string(),
  by: z.string(),
  at: z.string(),
});
export type InvoiceDto = z.infer<typeof invoiceDto>;
/** react-admin's simple-rest shape: the bare page of invoices (and Content-Range) */
export const invoiceList = z.array(invoiceDto);

export const webhookAnswer = z.object({
  data: z.object({ status: z.enum(['succeeded', 'cancelled', 'pending']) }),
});

export const sandboxSettledAnswer = z.object({
  data: z.object({ status: z.string(), returnUrl: z.string() }),
});
