import { api } from './api';
import type { ChatMessageDto } from './types';

/** The chat calls (api.md section 7) and the live socket, for the site and the cabinet alike. */
export type ChatCategory = 'all' | 'my-listings' | 'my-questions' | 'bookings';

export const chatList = (page = 1, category: ChatCategory = 'all') =>
  category === 'all'
    ? api.get('/api/chats/{page}', { path: { page } })
    : api.get('/api/chats/{page}/{category}', { path: { page, category } });

/** a page of a chat's messages: page 1 the newest 15, each page in order */
export const chatMessages = (chatId: string, page = 1) =>
  api.get('/api/chats/{id}/message-list', { path: { id: chatId }, query: { limit: 15, offset: page } });

export const sendChatMessage = (message: {
  adId: string;
  text: string;
  chatId: string | null;
  replyMessageIds?: string[];
}) => api.post('/api/chats/send-message', { body: { replyMessageIds: [], ...message } }).then((a) => a.data);

export const readChat = (chatId: string) =>
  api.patch('/api/chats/{id}/read-messages', { path: { id: chatId } });

/** What the socket pushes: a new message or a read, with the receiver's unread count of that chat. */
export type ChatPush =
  | {
      type: 'message';
      chatId: string;
      position: number;
      unreadMessageCount: number;
      message: Omit<ChatMessageDto, 'isMine'>;
    }
  | {
      type: 'read';
      chatId: string;
      position: number;
      unreadMessageCount: number;
      readerId: string;
      upToMessageId: string;
    };

/** the server's close code of a socket without a live session (services/src/chats/live.ts) */
const SIGNED_OUT_CLOSE = 4401;

/**
 * The chats' live socket (`/api/ws`, the session cookie): each push goes to `onPush`. A dropped
 * socket opens again (1 s, then longer, up to 30 s) and asks for what came after the last position
 * it saw, so nothing is lost; `reload` tells the page to load its lists again (too much was missed).
 */
export function openChatSocket(handlers: { onPush(push: ChatPush): void; onReload?(): void }) {
  let socket: WebSocket | null = null;
  let position: number | null = null;
  let retry = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    // a WebSocket upgrade, not an HTTP operation: the OpenAPI document (and so the typed calls) has no entry for it
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
    const ws = new WebSocket(url);
    socket = ws;
    ws.onmessage = (event) => {
      const frame = JSON.parse(String(event.data)) as
        | ChatPush
        | { type: 'ready'; position: number }
        | { type: 'caught-up'; position: number }
        | { type: 'reload' };
      if (frame.type === 'ready') {
        retry = 0;
        // a socket opened again asks for what it missed; the first one starts from now
        if (position !== null) ws.send(JSON.stringify({ type: 'since', position }));
        else position = frame.position;
      } else if (frame.type === 'reload') handlers.onReload?.();
      else if (frame.type === 'caught-up') position = Math.max(position ?? 0, frame.position);
      else {
        position = Math.max(position ?? 0, frame.position);
        handlers.onPush(frame);
      }
    };
    ws.onclose = (event) => {
      // 4401: no live session (signed out, ended elsewhere, expired): opening again would be refused
      if (closed || event.code === SIGNED_OUT_CLOSE) return;
      timer = setTimeout(open, Math.min(30_000, 1000 * 2 ** retry++));
    };
  };
  open();
  return () => {
    closed = true;
    clearTimeout(timer);
    socket?.close();
  };
}

/** product.md, Chat: a list item's time is hours:minutes today, day.month before. */
export function chatTime(iso: string | null, now = new Date()): string {
  if (!iso) return '';
  const at = new Date(iso);
  const zone = { timeZone: 'Europe/Moscow' } as const;
  const day = (d: Date) => d.toLocaleDateString('ru-RU', zone);
  return day(at) === day(now)
    ? at.toLocaleTimeString('ru-RU', { ...zone, hour: '2-digit', minute: '2-digit' })
    : at.toLocaleDateString('ru-RU', { ...zone, day: '2-digit', month: '2-digit' });
}
/** the last message cut to 40 characters plus '...' */
export const preview = (text: string | null) =>
  text && text.length > 40 ? `${text.slice(0, 40)}...` : (text ?? '');
/** the unread badge, capped at '99+' */
export const unreadBadge = (n: number) => (n > 99 ? '99+' : String(n));
