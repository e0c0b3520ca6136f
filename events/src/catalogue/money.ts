import { z } from 'zod';
import { id } from './shared';

/** Whole roubles everywhere: the spec's prices and tariffs are whole roubles. */
const roubles = z.number().int().positive();

/** The `wallet-<agencyId>` stream: every change of an agency's balance, which never goes below zero. */
export const walletEvents = {
  TopUpStarted: z.object({ agencyId: id, paymentId: id, sum: roubles }),
  /** exactly once per payment, however often the provider reports it */
  WalletCredited: z.object({ agencyId: id, paymentId: id, sum: roubles }),
  TopUpCancelled: z.object({ agencyId: id, paymentId: id }),
  /** `month` (YYYY-MM) and `by` count towards the employee's spending limit */
  WalletCharged: z.object({ agencyId: id, chargeId: id, sum: roubles, purpose: z.enum(['tariff', 'promotion-day']), publicationId: id.nullable(), by: id, month: z.string().regex(/^\d{4}-\d{2}$/) }),
  WalletRefunded: z.object({ agencyId: id, chargeId: id, sum: roubles }),
  InvoiceRequested: z.object({ agencyId: id, invoiceId: id, sum: roubles, organizationName: z.string().min(1).max(300), inn: z.string().regex(/^\d{10}(\d{2})?$/), kpp: z.string().regex(/^\d{9}$/).nullable(), account: z.string().regex(/^\d{20}$/), by: id }),
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
  PaymentConfirmationReceived: z.object({ paymentId: id, providerPaymentId: z.string().min(1).max(100), confirmationUrl: z.string().url() }),
  PaymentCreationFailed: z.object({ paymentId: id, reason: z.string().max(500) }),
  PaymentSucceeded: z.object({ paymentId: id }),
  PaymentCancelled: z.object({ paymentId: id }),
};
