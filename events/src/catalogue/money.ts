import { z } from 'zod';
import { id } from './shared';

/** Whole roubles everywhere: the spec's prices and tariffs are whole roubles. */
const roubles = z.number().int().positive();
/** the client's key for one click of «Оплатить» (a UUID from the cabinet; any opaque key of 8–100 characters) */
export const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/);

/** The `wallet-<agencyId>` stream: every change of an agency's balance, which never goes below zero. */
export const walletEvents = {
  TopUpStarted: z.object({ agencyId: id, paymentId: id, sum: roubles }),
  /** exactly once per payment, however often the provider reports it */
  WalletCredited: z.object({ agencyId: id, paymentId: id, sum: roubles }),
  TopUpCancelled: z.object({ agencyId: id, paymentId: id }),
  /**
   * `month` (YYYY-MM) and `by` count towards the employee's spending limit. v2: the promotion
   * tariff paid (`tariffId`), the end of the day paid for (`paidUntil`) and the client's
   * `idempotencyKey` (a repeated request with it answers this charge and pays nothing); v1 events carry null.
   */
  WalletCharged: z.object({
    agencyId: id,
    chargeId: id,
    sum: roubles,
    purpose: z.enum(['tariff', 'promotion-day']),
    publicationId: id.nullable(),
    by: id,
    month: z.string().regex(/^\d{4}-\d{2}$/),
    tariffId: id.nullable(),
    paidUntil: z.string().datetime().nullable(),
    idempotencyKey: idempotencyKey.nullable(),
  }),
  /**
   * Another position type chosen while a promotion runs: it takes effect from `from` (the end of the
   * day already paid for), when the daily charge bills its price; nothing is charged now.
   */
  PromotionTariffChosen: z.object({
    agencyId: id,
    publicationId: id,
    positionType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    tariffId: id,
    from: z.string().datetime(),
    by: id,
    idempotencyKey: idempotencyKey.nullable(),
  }),
  WalletRefunded: z.object({ agencyId: id, chargeId: id, sum: roubles }),
  InvoiceRequested: z.object({
    agencyId: id,
    invoiceId: id,
    sum: roubles,
    organizationName: z.string().min(1).max(300),
    inn: z.string().regex(/^\d{10}(\d{2})?$/),
    kpp: z
      .string()
      .regex(/^\d{9}$/)
      .nullable(),
    account: z.string().regex(/^\d{20}$/),
    by: id,
  }),
};

/** The `payment-<id>` stream: one payment with the provider, for a wallet top-up or a premium subscription. */
export const paymentEvents = {
  PaymentCreated: z.object({
    paymentId: id,
    purpose: z.enum(['wallet-top-up', 'premium']),
    sum: roubles,
    agencyId: id.nullable(),
    userId: id,
    /** premium: the subscription tariff paid for */
    tariffId: id.nullable(),
    /** the site the payer came from: the provider sends them back there */
    siteUrl: z.string().url().nullable().optional(),
  }),
  PaymentConfirmationReceived: z.object({
    paymentId: id,
    providerPaymentId: z.string().min(1).max(100),
    confirmationUrl: z.string().url(),
  }),
  PaymentCreationFailed: z.object({ paymentId: id, reason: z.string().max(500) }),
  PaymentSucceeded: z.object({ paymentId: id }),
  PaymentCancelled: z.object({ paymentId: id }),
};

/** WalletCharged 1 → 2: a v1 charge named no tariff, no paid-until time and no idempotency key. */
export const walletChargedV2 = (data: unknown) => ({
  ...(data as object),
  tariffId: null,
  paidUntil: null,
  idempotencyKey: null,
});
