import type { AppContext } from '../core/context';
import { type UserCommand, handleUser } from './user';

/** Runs a command on an account and waits for the read models, so the next read sees it. */
export async function changeUser(ctx: AppContext, userId: string, command: UserCommand) {
  const result = await handleUser(ctx.eventStore, userId, command, {
    actor: userId,
  });
  await ctx.projections.whenCaughtUp(result.position);
  return result;
}
