import { createHash, randomUUID } from 'node:crypto';
import { PUBLICATION_STATUS, ROLES } from '@estate/events';
import { USERS, type CatalogueDocument, type UserDocument } from '@estate/projections';
import type { Actor } from '../core/access';
import type { AppContext } from '../core/context';
import { fold, type CommandContext } from '../core/decider';
import { DomainError } from '../core/errors';
import { defineWorkflow, runWorkflow, type StepRun, handleWorkflow } from '../core/workflow';
import { NO_POINT, handlePublication } from '../publications';
import { promotionState, WALLET_ATTEMPTS } from './promotion';
import { findPublicationTariff, tariffsOfPublication, type PublicationTariff } from './tariffs';
import {
  moscowTime,
  walletDecider,
  walletStream,
  type RunningPromotion,
  type Wallet,
  handleWallet,
} from './wallet';

/**
 * Paying a promotion tariff from the agency's wallet, across two streams:
 *
 * 1. `charge` — the wallet (`wallet-<agencyId>`) decides: the first day is charged under the
 *    listing's promotion id, or, while a promotion runs, another position type is chosen for the
 *    next paid days with nothing charged. Undo: the charge is refunded.
 * 2. `publish` — a charged listing that is not yet published is published (publishing is free: the
 *    cabinet publishes without paying too, so it has nothing to undo).
 * 3. `promote` — the listing is promoted until the end of the paid day.
 *
 * A refusal of `publish` or `promote` (the listing was deleted or declined meanwhile) refunds the
 * charge. A crash anywhere leaves either nothing charged, or a charge whose promotion the resume
 * (the same Idempotency-Key again, or the background's recovery) finishes; never a promotion without
 * its charge. Every step is idempotent: the wallet knows the charge by its key (the client's
 * Idempotency-Key, or one made for the workflow), the publication decider answers a publish of a
 * published listing and the same promotion again with no events.
 */
export type PayTariffInput = {
  agencyId: string;
  publicationId: string;
  /** the listing's promotion id: every payment that finds the listing unpromoted charges this id */
  chargeId: string;
  /** the key the wallet knows this payment by: the client's Idempotency-Key, or the workflow's own */
  chargeKey: string;
  tariff: { id: string; positionType: 1 | 2 | 3; sum: number };
  running: RunningPromotion | null;
  actor: Actor;
  /** now, when the payment was asked: the paid day runs from it */
  at: string;
  /** the employee's monthly limit (null: the owner, or no limit) */
  limit: number | null;
};

/** What the wallet did with the payment. */
export type Paid =
  { kind: 'charged'; chargeId: string; sum: number; paidUntil: string } | { kind: 'chosen'; from: string };

type Step = StepRun<{ agencyId: string; publicationId: string; actor: Actor }>;

/** The payment the wallet recorded under a key (the first one, when the key came again). */
function paidUnder(wallet: Wallet, key: string): Paid {
  const first = wallet.keys.get(key);
  if (!first) throw new Error(`the wallet has no payment under ${key}`);
  if (first.chargeId === null) return { kind: 'chosen', from: first.from! };
  const charge = wallet.charges.get(first.chargeId)!;
  return { kind: 'charged', chargeId: first.chargeId, sum: charge.sum, paidUntil: charge.paidUntil! };
}

const chargedBy = (results: Step['results']) => {
  const paid = results.charge as Paid | undefined;
  return paid?.kind === 'charged' ? paid : null;
};

const refund = async ({ store, input, results, meta }: Step) => {
  const charged = chargedBy(results);
  if (!charged) return;
  await handleWallet(
    store,
    input.agencyId,
    { type: 'Refund', agencyId: input.agencyId, chargeId: charged.chargeId },
    meta,
    WALLET_ATTEMPTS,
  );
};

const publishStep = {
  name: 'publish',
  async run({ store, input, results, meta }: Step) {
    if (!chargedBy(results)) return null;
    await handlePublication(
      store,
      input.publicationId,
      { type: 'PublishPublication', actor: input.actor },
      meta,
    );
    return null;
  },
};

const promoteStep = {
  name: 'promote',
  async run({
    store,
    input,
    results,
    meta,
  }: StepRun<{ publicationId: string; tariff: PayTariffInput['tariff'] }>) {
    const charged = chargedBy(results);
    if (!charged) return null;
    await handlePublication(
      store,
      input.publicationId,
      {
        type: 'PromotePublication',
        positionType: input.tariff.positionType,
        tariffId: input.tariff.id,
        until: charged.paidUntil,
      },
      meta,
    );
    return null;
  },
};

export const PAY_TARIFF = 'pay-tariff';

export const payTariffWorkflow = defineWorkflow<PayTariffInput, Paid>({
  name: PAY_TARIFF,
  steps: [
    {
      name: 'charge',
      async run({ store, input, meta }: StepRun<PayTariffInput>): Promise<Paid> {
        const { state } = await handleWallet(
          store,
          input.agencyId,
          {
            type: 'PayTariff',
            agencyId: input.agencyId,
            publicationId: input.publicationId,
            chargeId: input.chargeId,
            tariff: input.tariff,
            running: input.running,
            idempotencyKey: input.chargeKey,
            by: input.actor.userId,
            at: input.at,
            limit: input.limit,
          },
          meta,
          WALLET_ATTEMPTS,
        );
        return paidUnder(state, input.chargeKey);
      },
      undo: refund,
    },
    publishStep,
    promoteStep,
  ],
  output: ({ results }) => results.charge as Paid,
});

export type FinishPaymentInput = {
  agencyId: string;
  publicationId: string;
  chargeId: string;
  tariff: PayTariffInput['tariff'];
  actor: Actor;
};

export const FINISH_TARIFF_PAYMENT = 'finish-tariff-payment';

/**
 * A charge whose listing was never promoted, found long after it was made (a payment interrupted
 * before the workflows, or one whose workflow is stalled): the same `publish` and `promote`, after a
 * first step that takes the charge as it is and refunds it if they are refused.
 */
export const finishTariffPaymentWorkflow = defineWorkflow<FinishPaymentInput, Paid>({
  name: FINISH_TARIFF_PAYMENT,
  steps: [
    {
      name: 'charge',
      async run({ store, input }: StepRun<FinishPaymentInput>): Promise<Paid> {
        const wallet = fold(walletDecider, await store.readStream(walletStream(input.agencyId)));
        const charge = wallet.charges.get(input.chargeId)!;
        return { kind: 'charged', chargeId: input.chargeId, sum: charge.sum, paidUntil: charge.paidUntil! };
      },
      undo: refund,
    },
    publishStep,
    promoteStep,
  ],
  output: ({ results }) => results.charge as Paid,
});

/** What a tariff payment answers (and answers again for the same Idempotency-Key). */
export type TariffPayment = {
  tariffId: string;
  positionType: 1 | 2 | 3;
  /** roubles taken now: the first day's price, or 0 for a change of tariff (and for a repeat) */
  charged: number;
  /** the end of the day paid for, when this payment charged */
  paidUntil: string | null;
  /** a change of tariff: when the new tariff starts (the end of the day already paid for) */
  startsAt: string | null;
  /** the same Idempotency-Key came again: nothing was charged this time */
  repeated: boolean;
  message: string;
};

function answer(tariff: PublicationTariff, paid: Paid, repeated: boolean): TariffPayment {
  if (paid.kind === 'chosen')
    return {
      tariffId: tariff.id,
      positionType: tariff.positionType,
      charged: 0,
      paidUntil: null,
      startsAt: paid.from,
      repeated,
      message: `Тариф «${tariff.title}» начнёт действовать с ${moscowTime(paid.from)}, когда закончится оплаченный день: с него списывается ${tariff.pricePerDay} ₽ в день. Сейчас ничего не списано`,
    };
  return {
    tariffId: tariff.id,
    positionType: tariff.positionType,
    charged: repeated ? 0 : paid.sum,
    paidUntil: paid.paidUntil,
    startsAt: null,
    repeated,
    message: repeated
      ? `Эта оплата уже принята: тариф «${tariff.title}» оплачен до ${moscowTime(paid.paidUntil)}. Повторно ничего не списано`
      : `Списано ${paid.sum} ₽ за первый день: тариф «${tariff.title}» действует до ${moscowTime(paid.paidUntil)}, дальше — ${tariff.pricePerDay} ₽ в день`,
  };
}

const PAYABLE = [
  PUBLICATION_STATUS.PUBLISHED,
  PUBLICATION_STATUS.DRAFT,
  PUBLICATION_STATUS.ARCHIVED,
  PUBLICATION_STATUS.PUBLISHED_NOT_ACTIVE,
] as number[];
/** A charge this old whose listing is still not promoted was interrupted; a live payment finishes in milliseconds. */
const INTERRUPTED_AFTER_MS = 30_000;
const DAY = 24 * 60 * 60_000;
const hashed = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 32);

/**
 * The workflow of one payment. One Idempotency-Key of the agency, for one listing and tariff, is one
 * workflow: every request with it runs (or joins, or reads the outcome of) the same one. The same
 * key for another listing or tariff is another workflow, which the wallet refuses (112). Without a
 * key every request is its own workflow, and the wallet charges the listing's promotion once (111).
 */
export const tariffPaymentId = (
  agencyId: string,
  publicationId: string,
  tariffId: string,
  idempotencyKey: string | null,
) =>
  idempotencyKey
    ? `${PAY_TARIFF}-${hashed(agencyId, idempotencyKey, publicationId, tariffId)}`
    : `${PAY_TARIFF}-${randomUUID()}`;

/** Records the workflow's start: true for the one request that started it, false for those that join it. */
async function started(
  store: AppContext['eventStore'],
  workflowId: string,
  input: unknown,
  meta: CommandContext,
) {
  const { events } = await handleWorkflow(
    store,
    workflowId,
    { type: 'Start', workflowId, name: PAY_TARIFF, input },
    meta,
    WALLET_ATTEMPTS,
  );
  return events.length > 0;
}

/**
 * Pays a promotion tariff from the agency's wallet (the rules are the wallet decider's PayTariff):
 * the first day is charged at once and the listing is published (if it is not yet) and promoted;
 * while a promotion runs, the same tariff is refused (errorCode 111) and another position type
 * starts when the paid day ends, with nothing charged now. The price is the listing's own (its
 * city and deal): a tariff id naming another city or deal is refused. `idempotencyKey` (the
 * cabinet's key of one click) makes a repeated request answer the first one and charge nothing.
 */
export async function payTariff(
  ctx: AppContext,
  actor: Actor,
  listing: CatalogueDocument,
  tariffId: string,
  idempotencyKey: string | null = null,
): Promise<TariffPayment> {
  const own = tariffsOfPublication(listing);
  const tariff = own.find((t) => t.id === tariffId);
  if (!tariff) {
    if (!findPublicationTariff(tariffId)) throw new DomainError('NOT_FOUND', 'Тариф не найден');
    throw new DomainError('INVALID_DATA', undefined, {
      tariffId: [
        `Тариф другого города или типа сделки: этому объявлению подходят ${own.map((t) => t.id).join(', ')}`,
      ],
    });
  }
  if (!PAYABLE.includes(listing.status))
    throw new DomainError('ACTION_NOT_ALLOWED', 'Отклонённое объявление нужно сначала отредактировать');
  if (!listing.agencyId) throw new DomainError('FORBIDDEN');
  const agencyId = listing.agencyId;
  const employee =
    actor.role === ROLES.AGENT
      ? await ctx.readStore.collection<UserDocument>(USERS).findOne({ _id: actor.userId })
      : null;
  const { publication, chargeId } = await promotionState(ctx, listing._id);
  if (!publication.exists || publication.deleted) throw new DomainError('NOT_FOUND', 'Объявление не найдено');
  // paying publishes: a listing that could not be published is refused before anything is charged
  if (publication.status !== PUBLICATION_STATUS.PUBLISHED && !publication.details.address.geo)
    throw new DomainError('INVALID_DATA', undefined, { 'address.fullAddress': [NO_POINT] });
  const running = publication.status === PUBLICATION_STATUS.PUBLISHED ? publication.promotion : null;
  const workflowId = tariffPaymentId(agencyId, listing._id, tariff.id, idempotencyKey);
  const input: PayTariffInput = {
    agencyId,
    publicationId: listing._id,
    chargeId,
    chargeKey: idempotencyKey ?? workflowId,
    tariff: { id: tariff.id, positionType: tariff.positionType, sum: tariff.pricePerDay },
    running,
    // the agency is read here: a switched-off employee is refused before anything is written
    actor: { userId: actor.userId, role: actor.role, agencyId: actor.agencyId },
    at: ctx.clock().toISOString(),
    limit: employee?.employee?.limit ?? null,
  };
  const meta = { actor: actor.userId };
  const first = await started(ctx.eventStore, workflowId, input, meta);
  let paid: Paid;
  try {
    paid = await runWorkflow(ctx.eventStore, payTariffWorkflow, workflowId, input, meta);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'PROMOTION_ALREADY_PAID' && !running)
      await finishInterrupted(ctx, listing, input);
    throw error;
  }
  await ctx.projections.whenCaughtUp();
  return answer(tariff, paid, !first);
}

/**
 * The listing is unpromoted and its promotion id is charged: a payment was interrupted after the
 * charge. Once it is older than a live payment could be, the click that finds it finishes it.
 */
async function finishInterrupted(ctx: AppContext, publication: CatalogueDocument, payment: PayTariffInput) {
  const wallet = fold(walletDecider, await ctx.eventStore.readStream(walletStream(payment.agencyId)));
  const charge = wallet.charges.get(payment.chargeId);
  if (!charge || charge.refunded || !charge.paidUntil || !charge.tariffId) return;
  const now = ctx.clock().getTime();
  if (now - (Date.parse(charge.paidUntil) - DAY) < INTERRUPTED_AFTER_MS) return; // still in flight
  if (Date.parse(charge.paidUntil) <= now) return; // a paid day that is over is the billing's to follow up
  const tariff = tariffsOfPublication(publication).find((t) => t.id === charge.tariffId);
  if (!tariff) return;
  const input: FinishPaymentInput = {
    agencyId: payment.agencyId,
    publicationId: payment.publicationId,
    chargeId: payment.chargeId,
    tariff: { id: tariff.id, positionType: tariff.positionType, sum: charge.sum },
    actor: payment.actor,
  };
  await runWorkflow(
    ctx.eventStore,
    finishTariffPaymentWorkflow,
    `${FINISH_TARIFF_PAYMENT}-${hashed(payment.agencyId, payment.chargeId)}`,
    input,
    { actor: payment.actor.userId },
  )
    .then(() => ctx.projections.whenCaughtUp())
    .catch((error) => {
      if (!(error instanceof DomainError)) throw error;
    });
}
