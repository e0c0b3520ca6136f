/**
 * The chats slice: conversations about a listing (`chat-<id>`) between a visitor and its author,
 * with the booking steps posted on them. What other slices and the app may use of it is exported
 * here; nothing else of the folder is imported from outside.
 */
export {
  chatDecider,
  chatIdOf,
  chatStream,
  type BookingMessageKind,
  type ChatCommand,
  type ChatStart,
} from './chat';
export { chatListingOf, chatStartOf } from './listing';
export { chatRoutes } from './api';
export { CHAT_LIVE_TOPIC, CHAT_SOCKET_PATH, ChatSockets, chatReactors } from './live';
export { CHAT_ABSENT_REACTOR, chatNoticeReactors } from './notify';
export { askAboutListing, seedDemoChats } from './demo';
