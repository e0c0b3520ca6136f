import type { EventOf } from '@estate/events';
import { commandHandler, type Decider } from '../core/decider';

/**
 * The `session-<tokenHash>` stream: when a session was last used. A session unused for
 * SESSION_IDLE_SECONDS ends; each use moves that end forward, but a use is recorded at most once
 * per SESSION_USE_RECORDED_EVERY_MS, so reads do not write on every request. It is a stream of
 * its own, not the user's, so an active account's stream does not grow by an event an hour.
 */
export const SESSION_USE_RECORDED_EVERY_MS = 60 * 60_000;

export type SessionActivityEvent = EventOf<'SessionUsed'>;
export type SessionActivity = { lastUsedAt: string | null };
export type SessionActivityCommand = {
  type: 'RecordSessionUse';
  userId: string;
  tokenHash: string;
  now: Date;
};

export const sessionStream = (tokenHash: string) => `session-${tokenHash}`;

export const sessionActivityDecider: Decider<SessionActivityCommand, SessionActivity, SessionActivityEvent> =
  {
    initialState: () => ({ lastUsedAt: null }),
    evolve: (state, event) => ({
      lastUsedAt: state.lastUsedAt && state.lastUsedAt > event.data.at ? state.lastUsedAt : event.data.at,
    }),
    decide(command, state) {
      // several requests racing past the read model's hour record one use between them
      if (
        state.lastUsedAt &&
        command.now.getTime() - Date.parse(state.lastUsedAt) < SESSION_USE_RECORDED_EVERY_MS
      )
        return [];
      return [
        {
          type: 'SessionUsed',
          data: { userId: command.userId, tokenHash: command.tokenHash, at: command.now.toISOString() },
        },
      ];
    },
  };

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handleSessionActivity = commandHandler(sessionActivityDecider, sessionStream);
