import { createHash } from 'node:crypto';
import { PUBLICATION_STATUS, ROLES, upcast } from '@estate/events';
import { CATALOGUE, dayOf, USERS, type CatalogueDocument, type UserDocument } from '@estate/projections';
import type { AppContext } from '../core/context';
import { fold, handleCommand, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';
import { publicationDecider } from '../publications';
import {
  evolvePublication,
  initialPublication,
  publicationStream,
  type Publication,
  type PublicationEvent,
} from '../publications';
import { findPublicationTariff, listingTariffs, type PublicationTariff } from './tariffs';
import {
  moscowTime,
  walletDecider,
  walletStream,
  type Charge,
  type PricedTariff,
  type Wallet,
  type WalletEvent,
} from './wallet';
import { type Actor } from '../core/access';

/** Many payments may hit one wallet at once: each is retried on the wallet's new revision until it has its answer. */
const WALLET_ATTEMPTS = 1000;
const PAYABLE = [
  PUBLICATION_STATUS.PUBLISHED,
  PUBLICATION_STATUS.DRAFT,
  PUBLICATION_STATUS.ARCHIVED,
  PUBLICATION_STATUS.PUBLISHED_NOT_ACTIVE,
] as number[];
/** A charge this old whose listing is still not promoted was interrupted (the process died between the two writes); a live payment finishes in milliseconds. */
const INTERRUPTED_AFTER_MS = 30_000;
const DAY = 24 * 60 * 60_000;

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

/** Event ids are at most 64 characters: a longer listing id is named by its hash. */
const idPart = (publicationId: string) =>
  publicationId.length <= 40
    ? publicationId
    : createHash('sha256').update(publicationId).digest('base64url').slice(0, 40);

/**
 * The listing as its own stream tells it, and the id of the promotion it may buy next: the count
 * of promotions that have ended on it. While the listing goes unpromoted that id stays the same,
 * so every simultaneous payment charges the same id and the wallet pays only the first.
 */
async function promotionState(
  ctx: AppContext,
  publicationId: string,
): Promise<{ publication: Publication; chargeId: string }> {
  let publication = initialPublication();
  let ended = 0;
  for (const stored of await ctx.eventStore.readStream(publicationStream(publicationId))) {
    const next = evolvePublication(publication, {
      type: stored.type,
      data: upcast(stored.type, stored.schemaVersion, stored.data),
    } as PublicationEvent);
    if (publication.exists && publication.promotion && next.exists && !next.promotion) ended++;
    publication = next;
  }
  return { publication, chargeId: `promotion-${ended + 1}:${idPart(publicationId)}` };
}

const byPosition = (tariffs: PublicationTariff[]) =>
  Object.fromEntries(
    tariffs.map((t) => [t.positionType, { id: t.id, positionType: t.positionType, sum: t.pricePerDay }]),
  ) as Record<1 | 2 | 3, PricedTariff>;

const chargedAnswer = (tariff: PublicationTariff, charge: Charge, repeated: boolean): TariffPayment => ({
  tariffId: tariff.id,
  positionType: tariff.positionType,
  charged: repeated ? 0 : charge.sum,
  paidUntil: charge.paidUntil,
  startsAt: null,
  repeated,
  message: repeated
    ? `Эта оплата уже принята: тариф «${tariff.title}» оплачен до ${moscowTime(charge.paidUntil!)}. Повторно ничего не списано`
    : `Списано ${charge.sum} ₽ за первый день: тариф «${tariff.title}» действует до ${moscowTime(charge.paidUntil!)}, дальше — ${tariff.pricePerDay} ₽ в день`,
});

const changeAnswer = (tariff: PublicationTariff, from: string, repeated: boolean): TariffPayment => ({
  tariffId: tariff.id,
  positionType: tariff.positionType,
  charged: 0,
  paidUntil: null,
  startsAt: from,
  repeated,
  message: `Тариф «${tariff.title}» начнёт действовать с ${moscowTime(from)}, когда закончится оплаченный день: с него списывается ${tariff.pricePerDay} ₽ в день. Сейчас ничего не списано`,
});

/**
 * Publishes (if it is not yet) and promotes the listing for the day a charge paid. A step refused
 * after the charge gives the money back.
 */
async function promoteFor(
  ctx: AppContext,
  actor: Actor,
  listing: CatalogueDocument,
  chargeId: string,
  tariff: PublicationTariff,
  paidUntil: string,
) {
  const stream = publicationStream(listing._id);
  try {
    await handleCommand(
      ctx.eventStore,
      stream,
      publicationDecider,
      { type: 'PublishPublication', actor },
      { actor: actor.userId },
    );
    const result = await handleCommand(
      ctx.eventStore,
      stream,
      publicationDecider,
      {
        type: 'PromotePublication',
        positionType: tariff.positionType,
        tariffId: tariff.id,
        until: paidUntil,
      },
      { actor: actor.userId },
    );
    await ctx.projections.whenCaughtUp(result.position);
  } catch (error) {
    const refund = await handleCommand(
      ctx.eventStore,
      walletStream(listing.agencyId!),
      walletDecider,
      { type: 'Refund', agencyId: listing.agencyId!, chargeId },
      { actor: actor.userId },
      WALLET_ATTEMPTS,
    );
    await ctx.projections.whenCaughtUp(refund.position);
    throw error;
  }
}

/** A charge whose listing was never promoted (the payment was interrupted after the charge) is finished now. */
async function finishInterrupted(
  ctx: AppContext,
  actor: Actor,
  listing: CatalogueDocument,
  publication: Publication,
  wallet: Wallet,
  chargeId: string,
) {
  const charge = wallet.charges.get(chargeId);
  if (!charge || charge.refunded || !charge.paidUntil || (publication.exists && publication.promotion))
    return;
  const now = ctx.clock().getTime();
  if (now - (Date.parse(charge.paidUntil) - DAY) < INTERRUPTED_AFTER_MS) return; // still in flight: the request that charged finishes it
  const tariff = listingTariffs(listing).find((t) => t.id === charge.tariffId);
  if (!tariff || Date.parse(charge.paidUntil) <= now) return; // a paid day that is over is the billing's to follow up
  await promoteFor(ctx, actor, listing, chargeId, tariff, charge.paidUntil).catch((error) => {
    if (!(error instanceof DomainError)) throw error;
  });
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
  const own = listingTariffs(listing);
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
  const running = publication.status === PUBLICATION_STATUS.PUBLISHED ? publication.promotion : null;
  const command = {
    type: 'PayTariff' as const,
    agencyId,
    publicationId: listing._id,
    chargeId,
    tariff: { id: tariff.id, positionType: tariff.positionType, sum: tariff.pricePerDay },
    running,
    idempotencyKey,
    by: actor.userId,
    at: ctx.clock().toISOString(),
    limit: employee?.employee?.limit ?? null,
  };
  let result;
  try {
    result = await handleCommand(
      ctx.eventStore,
      walletStream(agencyId),
      walletDecider,
      command,
      { actor: actor.userId },
      WALLET_ATTEMPTS,
    );
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'PROMOTION_ALREADY_PAID' && !running) {
      const wallet = fold(
        walletDecider as Decider<unknown, Wallet, WalletEvent>,
        await ctx.eventStore.readStream(walletStream(agencyId)),
      );
      await finishInterrupted(ctx, actor, listing, publication, wallet, chargeId);
    }
    throw error;
  }
  await ctx.projections.whenCaughtUp(result.position);
  const [event] = result.events;
  if (!event) {
    // the same key again: answer what its first request did
    const first = result.state.keys.get(idempotencyKey!)!;
    if (first.chargeId === null) return changeAnswer(tariff, first.from!, true);
    await finishInterrupted(ctx, actor, listing, publication, result.state, first.chargeId);
    return chargedAnswer(tariff, result.state.charges.get(first.chargeId)!, true);
  }
  if (event.type === 'PromotionTariffChosen') return changeAnswer(tariff, event.data.from, false);
  const charge = result.state.charges.get(chargeId)!;
  await promoteFor(ctx, actor, listing, chargeId, tariff, charge.paidUntil!);
  return chargedAnswer(tariff, charge, false);
}

/**
 * The daily charge: every promotion whose paid day has run out is charged the next day at the
 * price of the listing's own city and deal (and at the position type chosen for it, if any), or
 * ends (with an event) when the wallet cannot pay — the balance never goes below zero. The charge
 * id is the listing and the day, so running twice charges once.
 */
export async function billPromotions(ctx: AppContext): Promise<{ charged: number; ended: number }> {
  const now = ctx.clock();
  const due = await ctx.readStore
    .collection<CatalogueDocument>(CATALOGUE)
    .find({ status: PUBLICATION_STATUS.PUBLISHED, 'promotion.until': { $lte: now.toISOString() } });
  let charged = 0;
  let ended = 0;
  for (const listing of due) {
    const promotion = listing.promotion!;
    const stream = publicationStream(listing._id);
    const end = () =>
      handleCommand(
        ctx.eventStore,
        stream,
        publicationDecider,
        { type: 'EndPromotion' },
        { actor: 'billing' },
      );
    // a promotion that was not bought as a tariff (none of ours) is not billed: it ends
    if (!promotion.tariffId || !findPublicationTariff(promotion.tariffId) || !listing.agencyId) {
      await end();
      ended++;
      continue;
    }
    const own = listingTariffs(listing);
    const chargeId = `${idPart(listing._id)}:${dayOf(promotion.until)}`;
    try {
      const { state } = await handleCommand(
        ctx.eventStore,
        walletStream(listing.agencyId),
        walletDecider,
        {
          type: 'ChargePromotionDay',
          agencyId: listing.agencyId,
          publicationId: listing._id,
          chargeId,
          dayStart: promotion.until,
          positionType: promotion.positionType,
          tariffs: byPosition(own),
        },
        { actor: 'billing' },
        WALLET_ATTEMPTS,
      );
      const charge = state.charges.get(chargeId)!;
      const tariff =
        own.find((t) => t.id === charge.tariffId) ??
        own.find((t) => t.positionType === promotion.positionType)!;
      const until = charge.paidUntil ?? new Date(Date.parse(promotion.until) + DAY).toISOString();
      await handleCommand(
        ctx.eventStore,
        stream,
        publicationDecider,
        { type: 'PromotePublication', positionType: tariff.positionType, tariffId: tariff.id, until },
        { actor: 'billing' },
      );
      charged++;
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'INSUFFICIENT_BALANCE') throw error;
      await end();
      ended++;
    }
  }
  await ctx.projections.whenCaughtUp();
  return { charged, ended };
}

export const BILLING_QUEUE = 'billing';
const HOUR = 60 * 60_000;

/** Runs the daily charge every hour (catching up after a pause), as a chain of delayed jobs named by the hour. */
export async function startBillingWorker(ctx: AppContext) {
  const schedule = (at: number) =>
    ctx.jobs.add(
      BILLING_QUEUE,
      'run',
      {},
      {
        jobId: `billing-${new Date(at).toISOString().slice(0, 13)}`,
        delayMs: Math.max(0, at - Date.now()),
        attempts: 3,
      },
    );
  const processor = await ctx.jobs.process(BILLING_QUEUE, async () => {
    const result = await billPromotions(ctx);
    ctx.logger.info(result, 'promotions billed');
    await schedule(Math.ceil((Date.now() + 1) / HOUR) * HOUR);
  });
  await schedule(Date.now());
  return processor;
}
