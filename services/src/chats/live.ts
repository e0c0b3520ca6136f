import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { hostname } from 'node:os';
import type { Duplex } from 'node:stream';
import { ROLES, type EventData, type StoredEvent } from '@estate/events';
import { CHATS, type ChatDocument } from '@estate/projections';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { AuthenticatedUser } from '../core/access';
import type { AppContext } from '../core/context';
import { fold, loadState } from '../core/decider';
import { ERRORS } from '../core/errors';
import { defineReactor } from '../core/reactors/reactor';
import { CROSS_SITE_REFUSED, crossSiteCheck } from '../core/security';
import { contextOf, currentTraceContext, inSpan, SpanKind, type TraceCarrier } from '../core/tracing';
import { agencyDecider, agencyStream } from '../agencies';
import { sessionEndOf, sessionOfHeaders, sessionOfToken, type SocketSession } from '../identity';
import { chatDecider, chatStream, unreadOf, type Chat } from './chat';
import { withBookingInfo } from './bookingInfo';
import { messageOf, type ChatMessageDto } from './dto';
import { markOffline, markOnline, PRESENCE_TTL_MS } from './presence';
import { messageText } from './messageText';

/** the bus topic of what each API process pushes to the sockets it holds */
export const CHAT_LIVE_TOPIC = 'chat-live';
export const CHAT_LIVE_REACTOR = 'chats-live';
export const CHAT_SESSIONS_REACTOR = 'chats-live-sessions';
export const CHAT_SOCKET_PATH = '/api/ws';
/** a reconnecting client is caught up from at most this many events of the log; beyond, it reloads its lists */
const CATCH_UP_EVENTS = 10_000;
/** a socket that has not said who it is within this time is closed */
const AUTH_WAIT_MS = 5000;
/** the close code of a socket without a live session: the site's client does not open it again */
export const SIGNED_OUT_CLOSE = 4401;
/** how long an ended session is remembered here, for a socket that was let in as its end was on the way */
const ENDED_REMEMBERED_MS = 60_000;

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
  /** the trace context of the reaction that published it: the push's span continues the request's trace */
  trace?: TraceCarrier;
};

/** A session ended (signed out, revoked): every API process closes the sockets opened in it. */
export type SessionEndedNote = { sessionEnded: { userId: string; tokenHash: string } };
type LiveNote = LivePush | SessionEndedNote;

/** the push of one chat fact, from the chat's state at it; null for a chat without members (recorded before chats) */
function pushOf(event: StoredEvent, chat: Chat): LivePush | null {
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
async function withAgencyOwner(ctx: AppContext, push: LivePush): Promise<LivePush> {
  // the chat's first event is its start (chat.ts appends it with the first message)
  const [first] = await ctx.eventStore.readStream(chatStream(push.chatId), 0, 1);
  const started = first?.type === 'ChatStarted' ? (first.data as EventData<'ChatStarted'>) : undefined;
  if (!started?.agencyId) return push;
  const { state: agency } = await loadState(ctx.eventStore, agencyStream(started.agencyId), agencyDecider);
  if (!agency.registered || push.recipients.includes(agency.ownerId)) return push;
  return {
    ...push,
    recipients: [...push.recipients, agency.ownerId],
    unread: { ...push.unread, [agency.ownerId]: push.unread[started.authorId] ?? 0 },
  };
}

/**
 * The chat's state at one of its facts: the state this process keeps of the stream (core/decider.ts,
 * extended by what was appended since), which ends at the fact while the reactor keeps up; a
 * reactor behind the log (a restart, a redelivery) folds the stream up to the fact instead. A long
 * chat is thus not read and folded whole for each message.
 */
async function chatAt(ctx: AppContext, event: StoredEvent): Promise<Chat> {
  const streamId = chatStream(String((event.data as { chatId: string }).chatId));
  const kept = await loadState(ctx.eventStore, streamId, chatDecider);
  if (kept.position === event.position) return kept.state;
  return fold(
    chatDecider,
    (await ctx.eventStore.readStream(streamId)).filter((e) => e.position <= event.position),
  );
}

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
      const push = pushOf(stored, await chatAt(ctx, stored));
      if (!push) return;
      if (push.event.type === 'message' && push.event.message.bookingDailyRentAdRequestId) {
        // a booking's message tells its request as the chat's page does (bookingInfo.ts), as the read
        // model has it now; a message just posted is its request's newest, whether or not the chat's
        // read model has it yet
        const [message] = await withBookingInfo(ctx, push.chatId, [push.event.message]);
        push.event = { type: 'message', message: { ...message, focused: true } };
      }
      const value: LivePush = { ...(await withAgencyOwner(ctx, push)), trace: currentTraceContext() };
      await ctx.bus.publish(CHAT_LIVE_TOPIC, [{ key: push.chatId, value }]);
    },
  }),
  // the sockets of a session outlive the request that ended it, and may be held by any API process
  defineReactor({
    name: CHAT_SESSIONS_REACTOR,
    handles: ['SessionEnded'],
    async react(event) {
      const { userId, tokenHash } = event.data;
      const note: SessionEndedNote = { sessionEnded: { userId, tokenHash } };
      await ctx.bus.publish(CHAT_LIVE_TOPIC, [{ key: userId, value: note }]);
    },
  }),
];

type ClientMessage = { type: 'auth'; token: string } | { type: 'since'; position: number };

function parse(raw: RawData): ClientMessage | null {
  try {
    const value = JSON.parse(messageText(raw)) as Partial<ClientMessage> & {
      position?: unknown;
      token?: unknown;
    };
    if (value.type === 'auth' && typeof value.token === 'string') return { type: 'auth', token: value.token };
    if (value.type === 'since' && Number.isSafeInteger(value.position) && Number(value.position) >= 0)
      return { type: 'since', position: Number(value.position) };
    return null;
  } catch {
    return null;
  }
}

/** The answer to an upgrade a foreign page started: 403 in the spec's envelope, and no socket. */
function refuseUpgrade(socket: Duplex) {
  const body = JSON.stringify({ errorCode: ERRORS.FORBIDDEN.errorCode, message: CROSS_SITE_REFUSED });
  socket.end(
    'HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * The chat sockets of one API process (`/api/ws`): a signed-in user (the session cookie on the
 * upgrade, or `{ type: 'auth', token }` first) gets every push about their chats on every tab they
 * have open; `{ type: 'since', position }` catches a reconnecting tab up on what it missed. An
 * upgrade a foreign page starts is refused as a cross-site write is (core/security.ts); a socket
 * lives only as long as its session: closed when the session is ended (the bus's note, from any
 * process) or when its end comes (checked before each push, on the client's ping and on the heartbeat).
 */
export class ChatSockets {
  private readonly byUser = new Map<string, Set<WebSocket>>();
  /** the session each joined socket was opened in, and when it ends unless used meanwhile */
  private readonly sessions = new Map<WebSocket, { tokenHash: string; endsAt: number }>();
  /** sessions ended lately (token hash → when the note came): a socket let in just before is closed on joining */
  private readonly endedLately = new Map<string, number>();
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  private readonly isCrossSite: ReturnType<typeof crossSiteCheck>;
  private subscription: { stop(): Promise<void> } | null = null;
  /** this process among the API processes: its bus group and its presence notes */
  private readonly instance = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly ctx: AppContext) {
    this.isCrossSite = crossSiteCheck(ctx.config);
  }

  /** the sockets open on this process, signed in or not yet (metrics: websocket_connections) */
  get openSockets(): number {
    return this.server.clients.size;
  }

  /** whether the user has a socket open on this process */
  isOnline = (userId: string) => (this.byUser.get(userId)?.size ?? 0) > 0;

  async attach(http: Server) {
    http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (new URL(req.url ?? '/', 'http://local').pathname !== CHAT_SOCKET_PATH) {
        socket.destroy();
        return;
      }
      // the browser sends the session cookie with an upgrade any page starts
      if (this.isCrossSite(req.headers)) {
        refuseUpgrade(socket);
        return;
      }
      void sessionOfHeaders(this.ctx, req.headers).then(
        (session) => this.server.handleUpgrade(req, socket, head, (ws) => this.opened(ws, session)),
        () => socket.destroy(),
      );
    });
    // the users with a socket here are noted as present again before their note ends; sockets
    // whose session has come to its end are closed
    this.heartbeat = setInterval(() => {
      for (const userId of this.byUser.keys())
        void markOnline(this.ctx, this.instance, userId).catch(() => undefined);
      for (const ws of this.sessions.keys()) void this.stillSignedIn(ws);
      const forgotten = this.ctx.clock().getTime() - ENDED_REMEMBERED_MS;
      for (const [tokenHash, at] of this.endedLately) if (at < forgotten) this.endedLately.delete(tokenHash);
    }, PRESENCE_TTL_MS / 3);
    this.heartbeat.unref();
    // this process's own group, from now on: each process pushes to the sockets it holds
    this.subscription = await this.ctx.bus.subscribe(
      `${CHAT_LIVE_TOPIC}-${this.instance}`,
      CHAT_LIVE_TOPIC,
      async (batch) => {
        for (const message of batch) await this.receive(message.value as LiveNote);
      },
      { fromNow: true, onError: (error) => this.ctx.logger.warn({ err: error }, 'chat push failed') },
    );
  }

  private async receive(note: LiveNote) {
    if ('sessionEnded' in note) return this.endSession(note.sessionEnded.userId, note.sessionEnded.tokenHash);
    await this.deliver(note);
  }

  private opened(ws: WebSocket, session: SocketSession | null) {
    let who = session?.user ?? null;
    if (session) this.join(ws, session);
    const waiting = who ? null : setTimeout(() => ws.close(SIGNED_OUT_CLOSE, 'Требуется вход'), AUTH_WAIT_MS);
    ws.on('message', (raw) => {
      const message = parse(raw);
      if (!message) return;
      if (message.type === 'auth' && !who) {
        void sessionOfToken(this.ctx, message.token).then((found) => {
          if (!found) return ws.close(SIGNED_OUT_CLOSE, 'Требуется вход');
          if (waiting) clearTimeout(waiting);
          who = found.user;
          this.join(ws, found);
        });
      } else if (message.type === 'since' && who) {
        const user = who;
        void this.stillSignedIn(ws)
          .then((live) => (live ? this.catchUp(ws, user, message.position) : undefined))
          .catch((error: unknown) => this.ctx.logger.warn({ err: error }, 'chat catch-up failed'));
      }
    });
    // a client's ping is a moment to see that the session has not ended meanwhile
    ws.on('ping', () => void this.stillSignedIn(ws));
    ws.on('close', () => {
      if (waiting) clearTimeout(waiting);
      this.sessions.delete(ws);
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

  private join(ws: WebSocket, { user, endsAt }: SocketSession) {
    if (this.endedLately.has(user.tokenHash)) return this.signOut(ws);
    this.sessions.set(ws, { tokenHash: user.tokenHash, endsAt });
    const sockets = this.byUser.get(user.userId) ?? new Set();
    sockets.add(ws);
    this.byUser.set(user.userId, sockets);
    void markOnline(this.ctx, this.instance, user.userId).catch(() => undefined);
    ws.send(JSON.stringify({ type: 'ready', userId: user.userId, position: this.ctx.projections.position }));
  }

  private signOut(ws: WebSocket) {
    this.sessions.delete(ws);
    ws.close(SIGNED_OUT_CLOSE, 'Сеанс завершён');
  }

  /** the sockets of a session that has been ended, on this process */
  private endSession(userId: string, tokenHash: string) {
    this.endedLately.set(tokenHash, this.ctx.clock().getTime());
    for (const ws of this.byUser.get(userId) ?? [])
      if (this.sessions.get(ws)?.tokenHash === tokenHash) this.signOut(ws);
  }

  /**
   * Whether the socket's session is still live; at the end it knew, the session is asked again
   * (a use since moves the end forward), and a socket whose session has ended is closed.
   */
  private async stillSignedIn(ws: WebSocket): Promise<boolean> {
    const session = this.sessions.get(ws);
    if (!session) return false;
    if (this.ctx.clock().getTime() < session.endsAt) return true;
    let endsAt: number | null;
    try {
      endsAt = await sessionEndOf(this.ctx, session.tokenHash);
    } catch (error) {
      // not known now: this push is held back, the socket is asked about again at the next one
      this.ctx.logger.warn({ err: error }, 'chat socket session not checked');
      return false;
    }
    if (endsAt === null) {
      this.signOut(ws);
      return false;
    }
    session.endsAt = endsAt;
    return true;
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

  private async deliver(push: LivePush) {
    const sockets = push.recipients.flatMap((userId) =>
      [...(this.byUser.get(userId) ?? [])].map((ws) => ({ ws, userId })),
    );
    if (sockets.length === 0) return;
    await inSpan(
      'ws push',
      {
        kind: SpanKind.PRODUCER,
        ...(push.trace ? { parent: contextOf(push.trace) } : {}),
        attributes: { 'push.type': push.event.type, 'push.sockets': sockets.length },
      },
      async () => {
        for (const { ws, userId } of sockets) if (await this.stillSignedIn(ws)) this.send(ws, push, userId);
      },
    );
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
        const push = pushOf(event, await chatAt(this.ctx, event));
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
    this.sessions.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
