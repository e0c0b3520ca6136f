import type { AppContext } from '../core/context';
import { handleCommand } from '../core/decider';
import { userDecider, userStream, type UserCommand } from './user';

/** Runs a command on an account and waits for the read models, so the next read sees it. */
export async function changeUser(ctx: AppContext, userId: string, command: UserCommand) {
  const result = await handleCommand(ctx.eventStore, userStream(userId), userDecider, command, {
    actor: userId,
  });
  await ctx.projections.whenCaughtUp(result.position);
  return result;
}
