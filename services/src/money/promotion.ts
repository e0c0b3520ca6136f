import { createHash } from 'node:crypto';
import { PUBLICATION_STATUS, upcast } from '@estate/events';
import { CATALOGUE, dayOf, type CatalogueDocument } from '@estate/projections';
import type { AppContext } from '../core/context';
import { type CommandContext } from '../core/decider';
import { DomainError } from '../core/errors';
import {
  evolvePublication,
  initialPublication,
  publicationStream,
  type Publication,
  type PublicationEvent,
  handlePublication,
} from '../publications';
import { findPublicationTariff, tariffsOfPublication, type PublicationTariff } from './tariffs';
import { type PricedTariff, handleWallet } from './wallet';

/** Many payments may hit one wallet at once: each is retried on the wallet's new revision until it has its answer. */
export const WALLET_ATTEMPTS = 1000;
const DAY = 24 * 60 * 60_000;

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
export async function promotionState(
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

/**
 * The daily charge: every promotion whose paid day has run out is charged the next day at the
 * price of the listing's own city and deal (and at the position type chosen for it, if any), or
 * ends (with an event) when the wallet cannot pay — the balance never goes below zero. The charge
 * id is the listing and the day, so running twice charges once.
 */
export async function billPromotions(
  ctx: AppContext,
  /** the billing's own, or the seed's with the demo's correlation (its promotions' days tell nobody) */
  meta: CommandContext = { actor: 'billing' },
): Promise<{ charged: number; ended: number }> {
  const now = ctx.clock();
  const due = await ctx.readStore
    .collection<CatalogueDocument>(CATALOGUE)
    .find({ status: PUBLICATION_STATUS.PUBLISHED, 'promotion.until': { $lte: now.toISOString() } });
  let charged = 0;
  let ended = 0;
  for (const publication of due) {
    const promotion = publication.promotion!;
    const end = () => handlePublication(ctx.eventStore, publication._id, { type: 'EndPromotion' }, meta);
    // a promotion that was not bought as a tariff (none of ours) is not billed: it ends
    if (!promotion.tariffId || !findPublicationTariff(promotion.tariffId) || !publication.agencyId) {
      await end();
      ended++;
      continue;
    }
    const own = tariffsOfPublication(publication);
    const chargeId = `${idPart(publication._id)}:${dayOf(promotion.until)}`;
    try {
      const { state } = await handleWallet(
        ctx.eventStore,
        publication.agencyId,
        {
          type: 'ChargePromotionDay',
          agencyId: publication.agencyId,
          publicationId: publication._id,
          chargeId,
          dayStart: promotion.until,
          positionType: promotion.positionType,
          tariffs: byPosition(own),
        },
        meta,
        WALLET_ATTEMPTS,
      );
      const charge = state.charges.get(chargeId)!;
      const tariff =
        own.find((t) => t.id === charge.tariffId) ??
        own.find((t) => t.positionType === promotion.positionType)!;
      const until = charge.paidUntil ?? new Date(Date.parse(promotion.until) + DAY).toISOString();
      await handlePublication(
        ctx.eventStore,
        publication._id,
        { type: 'PromotePublication', positionType: tariff.positionType, tariffId: tariff.id, until },
        meta,
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
