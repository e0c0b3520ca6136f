import { randomUUID } from 'node:crypto';
import { PUBLICATION_STATUS, ROLES } from '@estate/events';
import { CATALOGUE, dayOf, USERS, type CatalogueDocument, type UserDocument } from '@estate/projections';
import type { AppContext } from '../core/context';
import { handleCommand } from '../core/decider';
import { DomainError } from '../core/errors';
import { publicationDecider, type Actor } from '../publications/decide';
import { publicationStream } from '../publications/publication';
import { findPublicationTariff } from './tariffs';
import { walletDecider, walletStream } from './wallet';

const DAY = 24 * 60 * 60_000;
/** Many payments may hit one wallet at once: each is retried on the wallet's new revision until it has its answer. */
const WALLET_ATTEMPTS = 1000;
const PAYABLE = [PUBLICATION_STATUS.PUBLISHED, PUBLICATION_STATUS.DRAFT, PUBLICATION_STATUS.ARCHIVED, PUBLICATION_STATUS.PUBLISHED_NOT_ACTIVE] as number[];

const charge = (ctx: AppContext, agencyId: string, command: { chargeId: string; sum: number; purpose: 'tariff' | 'promotion-day'; publicationId: string; by: string; limit: number | null }) =>
  handleCommand(ctx.eventStore, walletStream(agencyId), walletDecider, { type: 'Charge', agencyId, month: dayOf(ctx.clock().toISOString()).slice(0, 7), ...command }, { actor: command.by }, WALLET_ATTEMPTS);

/**
 * Pays a promotion tariff from the agency's wallet for its first day, then publishes the listing
 * (if it is not yet) and promotes it. Not enough money is errorCode 59 and changes nothing; a step
 * that fails after the charge gives the money back.
 */
export async function payTariff(ctx: AppContext, actor: Actor, listing: CatalogueDocument, tariffId: string) {
  const tariff = findPublicationTariff(tariffId);
  if (!tariff) throw new DomainError('NOT_FOUND', 'Тариф не найден');
  if (!tariffId.endsWith(`-${listing.dealCategory}`) && !tariffId.endsWith('-new-buildings')) throw new DomainError('INVALID_DATA', undefined, { tariffId: ['Тариф другого типа сделки'] });
  if (!PAYABLE.includes(listing.status)) throw new DomainError('ACTION_NOT_ALLOWED', 'Отклонённое объявление нужно сначала отредактировать');
  if (!listing.agencyId) throw new DomainError('FORBIDDEN');
  const employee = actor.role === ROLES.AGENT ? await ctx.readStore.collection<UserDocument>(USERS).findOne({ _id: actor.userId }) : null;
  const chargeId = randomUUID();
  await charge(ctx, listing.agencyId, { chargeId, sum: tariff.pricePerDay, purpose: 'tariff', publicationId: listing._id, by: actor.userId, limit: employee?.employee?.limit ?? null });
  try {
    const stream = publicationStream(listing._id);
    if (listing.status !== PUBLICATION_STATUS.PUBLISHED) await handleCommand(ctx.eventStore, stream, publicationDecider, { type: 'PublishPublication', actor }, { actor: actor.userId });
    const until = new Date(ctx.clock().getTime() + DAY).toISOString();
    const result = await handleCommand(ctx.eventStore, stream, publicationDecider, { type: 'PromotePublication', positionType: tariff.positionType, tariffId, until }, { actor: actor.userId });
    await ctx.projections.whenCaughtUp(result.position);
  } catch (error) {
    const refund = await handleCommand(ctx.eventStore, walletStream(listing.agencyId), walletDecider, { type: 'Refund', agencyId: listing.agencyId, chargeId }, { actor: actor.userId }, WALLET_ATTEMPTS);
    await ctx.projections.whenCaughtUp(refund.position);
    throw error;
  }
}

/**
 * The daily charge: every promotion whose paid day has run out is charged the next day, or ends
 * (with an event) when the wallet cannot pay — the balance never goes below zero. The charge id is
 * the listing and the day, so running twice charges once.
 */
export async function billPromotions(ctx: AppContext): Promise<{ charged: number; ended: number }> {
  const now = ctx.clock();
  const due = await ctx.readStore.collection<CatalogueDocument>(CATALOGUE).find({ status: PUBLICATION_STATUS.PUBLISHED, 'promotion.until': { $lte: now.toISOString() } });
  let charged = 0;
  let ended = 0;
  for (const listing of due) {
    const promotion = listing.promotion!;
    const tariff = promotion.tariffId ? findPublicationTariff(promotion.tariffId) : null;
    const stream = publicationStream(listing._id);
    const end = () => handleCommand(ctx.eventStore, stream, publicationDecider, { type: 'EndPromotion' }, { actor: 'billing' });
    if (!tariff || !listing.agencyId) {
      await end();
      ended++;
      continue;
    }
    try {
      await charge(ctx, listing.agencyId, { chargeId: `${listing._id}:${dayOf(promotion.until)}`, sum: tariff.pricePerDay, purpose: 'promotion-day', publicationId: listing._id, by: 'billing', limit: null });
      const until = new Date(Date.parse(promotion.until) + DAY).toISOString();
      await handleCommand(ctx.eventStore, stream, publicationDecider, { type: 'PromotePublication', positionType: tariff.positionType, tariffId: promotion.tariffId!, until }, { actor: 'billing' });
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
  const schedule = (at: number) => ctx.jobs.add(BILLING_QUEUE, 'run', {}, { jobId: `billing-${new Date(at).toISOString().slice(0, 13)}`, delayMs: Math.max(0, at - Date.now()), attempts: 3 });
  const processor = await ctx.jobs.process(BILLING_QUEUE, async () => {
    const result = await billPromotions(ctx);
    ctx.logger.info(result, 'promotions billed');
    await schedule(Math.ceil((Date.now() + 1) / HOUR) * HOUR);
  });
  await schedule(Date.now());
  return processor;
}
