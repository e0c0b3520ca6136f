import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { EventStore } from '@estate/events';
import { ProjectionRunner } from '@estate/projections';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { parse } from '../core/http';
import type { Logger } from '../core/logger';
import { sameToken, type InternalHandler } from '../core/metrics';
import { ReactorRunner } from '../core/reactors/reactor';
import { erasePerson } from '../identity';

/**
 * The operator's calls that change what a running process holds: rebuilding a read model and
 * replaying a reactor. They are answered by the process itself, on its internal metrics port and
 * to ADMIN_TOKEN only, because that process owns the state: embedded read models live only in its
 * memory, and a runner (projections or reactors) keeps its positions in memory and writes them
 * over any checkpoint changed beside it. A command line that changed the files or MongoDB directly
 * would be undone by the next checkpoint of the running process, and a stopped embedded server
 * rebuilds every read model at its start anyway. Reads (a stream, the lags, a backup) need no
 * cooperation and are made by the command line itself (operations/admin.ts).
 */
export type AdminTargets = {
  events: EventStore;
  /** the runner projecting in this process now; null where read models are projected elsewhere, or by a standby projector */
  projections(): ProjectionRunner | null;
  /** the reactors running in this process (roles all and worker) */
  reactors: ReactorRunner | null;
  logger: Logger;
  clock?: () => Date;
  /** a person's erasure at a written request (identity's erasePerson): null when already erased */
  erase?: (userId: string, reason: string) => Promise<number | null>;
};

/** who erased a person at the operator's command, as PersonErased records it */
export const OPERATOR = 'operator';

/** What a process built by `buildContext` offers the operator; a projector passes its leased runner. */
export function adminTargetsOf(
  ctx: AppContext,
  projections: AdminTargets['projections'] = () =>
    ctx.projections instanceof ProjectionRunner ? ctx.projections : null,
): AdminTargets {
  return {
    events: ctx.eventStore,
    projections,
    reactors: ctx.reactors instanceof ReactorRunner ? ctx.reactors : null,
    logger: ctx.logger,
    clock: ctx.clock,
    erase: (userId, reason) => erasePerson(ctx, userId, { by: OPERATOR, reason }),
  };
}

/**
 * Completed jobs keep their ids a week in the embedded queue and a day in BullMQ (the adapters'
 * retention): within a day a replayed reactor's SMS and e-mail jobs are recognised and dropped.
 */
export const JOB_IDS_REMEMBERED_MS = 24 * 60 * 60 * 1000;

/**
 * Reactors whose every effect is deduped for good, so a replay from any position repeats nothing a
 * person sees. Every other reactor queues SMS or e-mails (deduped by job id only while the queue
 * remembers the id) or pushes to open chats (not deduped at all): a replay of those is refused
 * without --force when it reaches past the job ids' memory. A new reactor is in the second group
 * until it is listed here.
 */
export const REPLAY_SAFE_REACTORS: Readonly<Record<string, string>> = {
  'booking-chat': 'сообщения в чате бронирования с тем же id чат не принимает второй раз',
  'saved-searches-matcher': 'решение подписки не засчитывает объявление поиску второй раз',
  'media-images': 'размеры фотографии просто пересчитываются заново',
};

/** Pushes to the open chats of the moment: no id stops a repeat, a replay always repeats them. */
const LIVE_PUSH_REACTORS = new Set(['chats-live', 'chats-live-sessions']);

/** Why a replay of a reactor from a position would repeat something a person sees; null when it would not. */
export function replayRisk(
  reactor: string,
  firstReplayed: { occurredAt: string } | undefined,
  now: Date,
): string | null {
  if (reactor in REPLAY_SAFE_REACTORS || !firstReplayed) return null;
  if (LIVE_PUSH_REACTORS.has(reactor))
    return `${reactor} повторит живые уведомления открытым чатам: их ничто не отсеивает.`;
  const age = now.getTime() - Date.parse(firstReplayed.occurredAt);
  if (age <= JOB_IDS_REMEMBERED_MS) return null;
  return `${reactor} ставит в очередь СМС и письма: первое повторяемое событие от ${firstReplayed.occurredAt}, а очередь помнит id заданий не дольше суток, поэтому люди могут получить их второй раз.`;
}

const replayBody = z.object({
  from: z.number({ error: 'Позиция в журнале — целое число' }).int('Позиция в журнале — целое число').min(0),
  force: z.boolean().default(false),
});

const ADMIN_PATH = /^\/admin\/(read-models|reactors|people)\/([A-Za-z0-9_-]{1,80})\/(rebuild|replay|erase)$/;
/** which action each kind of target takes */
const ACTION_OF = { 'read-models': 'rebuild', reactors: 'replay', people: 'erase' } as const;
const eraseBody = z.strictObject({ reason: z.string().trim().min(1).max(500) });

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 10_000) throw new DomainError('PAYLOAD_TOO_LARGE');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError('INVALID_DATA', 'Тело запроса — не JSON');
  }
}

/**
 * `POST /admin/read-models/<name|all>/rebuild`, `POST /admin/reactors/<name>/replay` (`{ from,
 * force }`) and `POST /admin/people/<userId>/erase` (`{ reason }`), answered in the error envelope like the API. Without a token every /admin/ path is
 * left to the metrics server's 404.
 */
export function adminEndpoint(targets: AdminTargets, token: string | undefined): InternalHandler {
  let busy = false;
  return (req, res) => {
    const path = req.url?.split('?')[0] ?? '';
    if (!token || !path.startsWith('/admin/')) return false;
    const answer = async () => {
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!given || !sameToken(given, token)) throw new DomainError('UNAUTHENTICATED');
      const match = ADMIN_PATH.exec(path);
      if (!match || req.method !== 'POST' || ACTION_OF[match[1] as keyof typeof ACTION_OF] !== match[3])
        throw new DomainError('ROUTE_NOT_FOUND');
      if (busy) throw new DomainError('CONFLICT', 'Предыдущая команда администратора ещё выполняется');
      busy = true;
      try {
        if (match[1] === 'read-models') return await rebuild(targets, match[2]);
        if (match[1] === 'people')
          return await erase(targets, match[2], parse(eraseBody, await jsonBody(req)));
        return await replay(targets, match[2], parse(replayBody, await jsonBody(req)));
      } finally {
        busy = false;
      }
    };
    answer().then(
      (body) => send(res, 200, body),
      (error: unknown) => {
        if (error instanceof DomainError) return send(res, error.status, error.toBody());
        targets.logger.error({ err: error, path }, 'admin call failed');
        send(res, 500, new DomainError('INTERNAL').toBody());
      },
    );
    return true;
  };
}

async function rebuild(targets: AdminTargets, name: string) {
  const runner = targets.projections();
  if (!runner)
    throw new DomainError(
      'ACTION_NOT_ALLOWED',
      'Этот процесс не строит модели чтения сейчас: обратитесь к процессу ROLE=all или к ведущему projector',
    );
  const known = runner.projections.map((p) => p.name);
  if (name !== 'all' && !known.includes(name))
    throw new DomainError('NOT_FOUND', `Нет модели чтения ${name}; есть: ${known.join(', ')}, all`);
  const started = performance.now();
  targets.logger.warn({ readModel: name }, 'rebuilding a read model at the operator’s request');
  await runner.rebuild(name);
  return { readModel: name, position: runner.position, ms: Math.round(performance.now() - started) };
}

async function erase(targets: AdminTargets, userId: string, body: z.infer<typeof eraseBody>) {
  if (!targets.erase) throw new DomainError('ACTION_NOT_ALLOWED', 'Этот процесс не удаляет данные людей');
  targets.logger.warn({ userId }, 'erasing a person at the operator’s request');
  const position = await targets.erase(userId, body.reason);
  return { userId, erased: position !== null, position };
}

async function replay(targets: AdminTargets, name: string, body: z.infer<typeof replayBody>) {
  const reactors = targets.reactors;
  if (!reactors)
    throw new DomainError(
      'ACTION_NOT_ALLOWED',
      'В этом процессе нет реакторов: обратитесь к ROLE=all или worker',
    );
  const known = reactors.reactors.map((r) => r.name);
  if (!known.includes(name))
    throw new DomainError('NOT_FOUND', `Нет реактора ${name}; есть: ${known.join(', ')}`);
  const head = await targets.events.headPosition();
  if (body.from > head)
    throw new DomainError('INVALID_DATA', `Позиция ${body.from} дальше конца журнала (${head})`, {
      from: [`не больше ${head}`],
    });
  const [first] = await targets.events.readAll(body.from, 1);
  const risk = replayRisk(name, first, (targets.clock ?? (() => new Date()))());
  if (risk && !body.force)
    throw new DomainError('ACTION_NOT_ALLOWED', `${risk} Повторите с --force, если это нужно.`);
  targets.logger.warn({ reactor: name, from: body.from, forced: Boolean(risk) }, 'replaying a reactor');
  await reactors.replayFrom(name, body.from);
  return { reactor: name, from: body.from, head, warning: risk };
}
