import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { hostname } from 'node:os';
import type { Duplex } from 'node:stream';
import { ROLES, type EventData, type StoredEvent } from '@estate/events';
import { CHATS, type ChatDocument } from '@estate/projections';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { AuthenticatedUser } from '../core/access';
import type { AppContext } from '../core/context';
import { fold } from '../core/decider';
import { defineReactor } from '../core/reactors/reactor';
import { agencyDecider, agencyStream } from '../agencies';
import { userOfHeaders, userOfToken } from '../identity';
import { chatDecider, chatStream, unreadOf } from './chat';
import { messageOf, type ChatMessageDto } from './dto';
import { markOffline, markOnline, PRESENCE_TTL_MS } from './presence';

/** the bus topic of what each API process pushes to the sockets it holds */
export const CHAT_LIVE_TOPIC = 'chat-live';
export const CHAT_LIVE_REACTOR = 'chats-live';
export const CHAT_SOCKET_PATH = '/api/ws';
/** a reconnecting client is caught up from at most this many events of the log; beyond, it reloads its lists */
const CATCH_UP_EVENTS = 10_000;
/** a socket that has not said who it is within this time is closed */
const AUTH_WAIT_MS = 5000;

/** A fact of a chat as the sockets carry it: a new message or a read, with each member's unread count. */
export type LivePush = {
  chatId: string;
  /** the fact's position in the log: a reconnecting client asks for what came after the last one it saw */
  position: number;
  recipients: string[];
  unread: Record<string, number>;
  event:
    | {
        type: 'message';
        message: Omit<ChatMessageDto, 'isMine'>;
      }
    | { type: 'read'; readerId: string; upToMessageId: string };
};

/** the push of one chat fact, from the chat's stream up to it; null for a chat without members (recorded before chats) */
function pushOf(event: StoredEvent, history: StoredEvent[]): LivePush | null {
  const chat = fold(chatDecider, history);
  if (!chat.members) return null;
  const recipients = [chat.members.visitorId, chat.members.authorId].filter(
    (id): id is string => id !== null,
  );
  const data = event.data as Record<string, unknown>;
  const base = {
    chatId: String(data.chatId),
    position: event.position,
    recipients,
    unread: Object.fromEntries(recipients.map((id) => [id, unreadOf(chat, id)])),
  };
  if (event.type === 'ChatMessagePosted')
    return {
      ...base,
      event: {
        type: 'message',
        message: messageOf(data as EventData<'ChatMessagePosted'>, event.occurredAt),
      },
    };
  const read = data as { readerId: string; upToMessageId: string };
  return { ...base, event: { type: 'read', readerId: read.readerId, upToMessageId: read.upToMessageId } };
}

/**
 * The agency's owner reads the chats of the agency's listings (the cabinet's «Чаты»): they get the
 * pushes too, with the listing side's unread count.
 */
async function withAgencyOwner(ctx: AppContext, push: LivePush, history: StoredEvent[]): Promise<LivePush> {
  const started = history.find((e) => e.type === 'ChatStarted')?.data as
    { agencyId: string | null; authorId: string } | undefined;
  if (!started?.agencyId) return push;
  const agency = fold(agencyDecider, await ctx.eventStore.readStream(agencyStream(started.agencyId)));
  if (!agency.registered || push.recipients.includes(agency.ownerId)) return push;
  return {
    ...push,
    recipients: [...push.recipients, agency.ownerId],
    unread: { ...push.unread, [agency.ownerId]: push.unread[started.authorId] ?? 0 },
  };
}

/** the chat's stream up to and including a fact of it */
const historyUpTo = async (ctx: AppContext, event: StoredEvent) =>
  (await ctx.eventStore.readStream(chatStream(String((event.data as { chatId: string }).chatId)))).filter(
    (e) => e.position <= event.position,
  );

/**
 * What follows a chat's fact for the sockets: the push, on the bus, which every API process reads
 * for the sockets it holds. A reactor (at least once, from its checkpoint): the request that sent
 * the message only appended it.
 */
export const chatReactors = (ctx: AppContext) => [
  defineReactor({
    name: CHAT_LIVE_REACTOR,
    handles: ['ChatMessagePosted', 'ChatMessagesRead'],
    async react(event) {
      const stored = event as unknown as StoredEvent;
      const history = await historyUpTo(ctx, stored);
      const push = pushOf(stored, history);
      if (!push) return;
      await ctx.bus.publish(CHAT_LIVE_TOPIC, [
        { key: push.chatId, value: await withAgencyOwner(ctx, push, history) },
      ]);
    },
  }),
];

type ClientMessage = { type: 'auth'; token: string } | { type: 'since'; position: number };

function parse(raw: RawData): ClientMessage | null {
  try {
    const value = JSON.parse(String(raw)) as Partial<ClientMessage> & { position?: unknown; token?: unknown };
    if (value.type === 'auth' && typeof value.token === 'string') return { type: 'auth', token: value.token };
    if (value.type === 'since' && Number.isSafeInteger(value.position) && Number(value.position) >= 0)
      return { type: 'since', position: Number(value.position) };
    return null;
  } catch {
    return null;
  }
}

/**
 * The chat sockets of one API process (`/api/ws`): a signed-in user (the session cookie on the
 * upgrade, or `{ type: 'auth', token }` first) gets every push about their chats on every tab they
 * have open; `{ type: 'since', position }` catches a reconnecting tab up on what it missed.
 */
export class ChatSockets {
  private readonly byUser = new Map<string, Set<WebSocket>>();
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  private subscription: { stop(): Promise<void> } | null = null;
  /** this process among the API processes: its bus group and its presence notes */
  private readonly instance = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly ctx: AppContext) {}

  /** whether the user has a socket open on this process */
  isOnline = (userId: string) => (this.byUser.get(userId)?.size ?? 0) > 0;

  async attach(http: Server) {
    http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (new URL(req.url ?? '/', 'http://local').pathname !== CHAT_SOCKET_PATH) {
        socket.destroy();
        return;
      }
      void userOfHeaders(this.ctx, req.headers).then(
        (user) => this.server.handleUpgrade(req, socket, head, (ws) => this.opened(ws, user)),
        () => socket.destroy(),
      );
    });
    // the users with a socket here are noted as present again before their note ends
    this.heartbeat = setInterval(() => {
      for (const userId of this.byUser.keys())
        void markOnline(this.ctx, this.instance, userId).catch(() => undefined);
    }, PRESENCE_TTL_MS / 3);
    this.heartbeat.unref();
    // this process's own group, from now on: each process pushes to the sockets it holds
    this.subscription = await this.ctx.bus.subscribe(
      `${CHAT_LIVE_TOPIC}-${this.instance}`,
      CHAT_LIVE_TOPIC,
      async (batch) => {
        for (const message of batch) this.deliver(message.value as LivePush);
      },
      { fromNow: true, onError: (error) => this.ctx.logger.warn({ err: error }, 'chat push failed') },
    );
  }

  private opened(ws: WebSocket, user: AuthenticatedUser | null) {
    let who = user;
    if (who) this.join(ws, who);
    const waiting = who ? null : setTimeout(() => ws.close(4401, 'Требуется вход'), AUTH_WAIT_MS);
    ws.on('message', (raw) => {
      const message = parse(raw);
      if (!message) return;
      if (message.type === 'auth' && !who) {
        void userOfToken(this.ctx, message.token).then((found) => {
          if (!found) return ws.close(4401, 'Требуется вход');
          if (waiting) clearTimeout(waiting);
          who = found;
          this.join(ws, found);
        });
      } else if (message.type === 'since' && who) {
        void this.catchUp(ws, who, message.position).catch((error: unknown) =>
          this.ctx.logger.warn({ err: error }, 'chat catch-up failed'),
        );
      }
    });
    ws.on('close', () => {
      if (waiting) clearTimeout(waiting);
      if (!who) return;
      const sockets = this.byUser.get(who.userId);
      sockets?.delete(ws);
      if (sockets?.size === 0) {
        this.byUser.delete(who.userId);
        void markOffline(this.ctx, this.instance, who.userId).catch(() => undefined);
      }
    });
    ws.on('error', () => ws.terminate());
  }

  private join(ws: WebSocket, user: AuthenticatedUser) {
    const sockets = this.byUser.get(user.userId) ?? new Set();
    sockets.add(ws);
    this.byUser.set(user.userId, sockets);
    void markOnline(this.ctx, this.instance, user.userId).catch(() => undefined);
    ws.send(JSON.stringify({ type: 'ready', userId: user.userId, position: this.ctx.projections.position }));
  }

  private send(ws: WebSocket, push: LivePush, userId: string) {
    if (ws.readyState !== WebSocket.OPEN) return;
    ws.send(
      JSON.stringify({
        ...push.event,
        chatId: push.chatId,
        position: push.position,
        unreadMessageCount: push.unread[userId] ?? 0,
      }),
    );
  }

  private deliver(push: LivePush) {
    for (const userId of push.recipients)
      for (const ws of this.byUser.get(userId) ?? []) this.send(ws, push, userId);
  }

  /** what the user's chats had after a position of the log, in order; too far back, a `reload` */
  private async catchUp(ws: WebSocket, user: AuthenticatedUser, after: number) {
    const mine = await this.ctx.readStore.collection<ChatDocument>(CHATS).find(
      {
        $or: [
          { visitorId: user.userId },
          { authorId: user.userId },
          // the owner's agency's chats, as the owner's lists show them
          ...(user.role === ROLES.AGENCY_OWNER && !user.inactive && user.agencyId
            ? [{ agencyId: user.agencyId }]
            : []),
        ],
      },
      { projection: { _id: 1 } },
    );
    const chats = new Set(mine.map((c) => c._id));
    let position = after;
    for (let scanned = 0; scanned < CATCH_UP_EVENTS;) {
      const events = await this.ctx.eventStore.readAll(position, 500);
      if (events.length === 0) return ws.send(JSON.stringify({ type: 'caught-up', position }));
      for (const event of events) {
        position = event.position;
        if (event.type !== 'ChatMessagePosted' && event.type !== 'ChatMessagesRead') continue;
        if (!chats.has(String((event.data as { chatId: string }).chatId))) continue;
        const push = pushOf(event, await historyUpTo(this.ctx, event));
        if (push) this.send(ws, push, user.userId);
      }
      scanned += events.length;
    }
    ws.send(JSON.stringify({ type: 'reload' }));
  }

  async close() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.subscription?.stop();
    for (const [userId, sockets] of this.byUser) {
      for (const ws of sockets) ws.terminate();
      await markOffline(this.ctx, this.instance, userId).catch(() => undefined);
    }
    this.byUser.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
