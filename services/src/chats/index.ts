/**
 * The chats slice: conversations about a listing (`chat-<id>`) between a visitor and its author,
 * with the booking steps posted on them. What other slices and the app may use of it is exported
 * here; nothing else of the folder is imported from outside.
 */
export {
  chatDecider,
  chatIdOf,
  chatStream,
  handleChat,
  type BookingMessageKind,
  type ChatCommand,
  type ChatStart,
} from './chat';
export { chatListingOf, chatStartOf } from './listing';
import type { SliceManifest } from '../core/slice';
import { chatRoutes } from './api';
import { CHAT_LIVE_TOPIC, chatReactors } from './live';
import { chatNoticeReactors } from './notify';

export { CHAT_LIVE_TOPIC, CHAT_SOCKET_PATH, ChatSockets } from './live';
export { CHAT_ABSENT_REACTOR } from './notify';
export { askAboutListing, seedDemoChats } from './demo';

export const chatsSlice: SliceManifest = {
  name: 'chats',
  routes: () => [{ at: 'api', routes: chatRoutes }],
  /** the live pushes, then the notices to an absent member */
  reactors: (ctx) => [...chatReactors(ctx), ...chatNoticeReactors(ctx)],
  /** an erased person's messages leave the live pushes kept on the bus (trim: the embedded bus; Kafka's retention otherwise) */
  start(ctx) {
    ctx.personalData.afterErasure.push(async () => {
      await ctx.bus.trim?.(CHAT_LIVE_TOPIC);
    });
    return Promise.resolve({ stop: () => Promise.resolve() });
  },
};
