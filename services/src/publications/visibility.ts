import { USERS, type UserDocument } from '@estate/projections';
import type { Request } from 'express';
import type { AppContext } from '../core/context';

/** product.md: new listings are shown only to premium users during their first 3 days. */
export const PREMIUM_WINDOW_MS = 3 * 24 * 60 * 60_000;

export async function isPremium(ctx: AppContext, req: Request): Promise<boolean> {
  if (!req.user) return false;
  const user = await ctx.readStore
    .collection<UserDocument>(USERS)
    .findOne({ _id: req.user.userId }, { projection: { premiumUntil: 1 } });
  return user?.premiumUntil != null && new Date(user.premiumUntil) > ctx.clock();
}

/** The newest publication time a caller may see: none for premium users, three days ago for everyone else. */
export async function publishedUntil(ctx: AppContext, req: Request): Promise<string | undefined> {
  // whole minutes: the same search a minute long is the same filter, so the read store can reuse its count
  const minute = Math.floor(ctx.clock().getTime() / 60_000) * 60_000;
  return (await isPremium(ctx, req)) ? undefined : new Date(minute - PREMIUM_WINDOW_MS).toISOString();
}
