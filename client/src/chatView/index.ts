export { ChatView, chatTime, preview, unreadBadge } from './ChatView';
