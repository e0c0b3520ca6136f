import type { AppContext } from '../core/context';

/**
 * Who has a chat socket open, on any API process: each process notes its users with an end a
 * minute ahead and renews it while their sockets stay open (the read store, shared by the
 * processes in production). Not a read model: nothing of it is rebuilt from the log.
 */
export const CHAT_PRESENCE = 'chat_presence';
export const PRESENCE_TTL_MS = 60_000;
export type PresenceDocument = { _id: string; userId: string; until: string };

const presence = (ctx: AppContext) => ctx.readStore.collection<PresenceDocument>(CHAT_PRESENCE);

export async function markOnline(ctx: AppContext, instance: string, userId: string) {
  const until = new Date(ctx.clock().getTime() + PRESENCE_TTL_MS).toISOString();
  await presence(ctx).replaceOne(
    { _id: `${instance}:${userId}` },
    { _id: `${instance}:${userId}`, userId, until },
    { upsert: true },
  );
}

export const markOffline = (ctx: AppContext, instance: string, userId: string) =>
  presence(ctx).deleteOne({ _id: `${instance}:${userId}` });

export const isOnline = async (ctx: AppContext, userId: string) =>
  (await presence(ctx).findOne({ userId, until: { $gt: ctx.clock().toISOString() } })) !== null;
