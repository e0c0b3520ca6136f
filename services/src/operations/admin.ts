import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { SqliteEventStore, type EventStore } from '@estate/events';
import { ConfigError, loadConfig, type Config } from '../core/config';
import { backupDataDir, OperatorError, restoreDataDir } from './backup';

/**
 * The operator's command line (`npm run admin -- <command> …`): one table of commands, each with
 * its usage, its arguments' schema and what it does. A command is added by adding a row (the
 * erasure of a person's data joins it with its issue).
 *
 * Reads go to the engines directly (a stream, a backup) or to the metrics port (the lags); changes
 * to what a running process holds (a read model's rebuild, a reactor's replay) are asked of that
 * process on its internal port (operations/control.ts says why).
 */

/** where a command writes: the terminal in `cli.ts`, an array in tests */
export type Output = { line(text: string): void; error(text: string): void };

/** The arguments as typed: positional words, and `--name value` or a bare `--flag` (true). */
export type Arguments = { positional: string[]; options: Record<string, string | true> };

type CommandContext = { config: Config; env: NodeJS.ProcessEnv; out: Output };

export type Command<A = unknown> = {
  name: string;
  usage: string;
  summary: string;
  /** parses the typed arguments; its messages are the operator's */
  schema: z.ZodType<A>;
  run(args: A, context: CommandContext): Promise<void>;
};

const defineCommand = <A>(command: Command<A>) => command as unknown as Command;

/** a command's arguments: exactly these positional words and these options, nothing unknown */
const argumentsOf = <P extends z.ZodType, S extends z.core.$ZodShape>(positional: P, options: S) =>
  z.object({ positional, options: z.strictObject(options) });

/** a command of one folder and no option (backup, restore) */
const oneFolder = (missing: string) => argumentsOf(z.tuple([z.string({ error: missing }).min(1)]), {});
const position = z.coerce
  .number({ error: 'ожидается номер позиции в журнале' })
  .int('ожидается целое число')
  .min(0, 'позиция не меньше 0');
const serverUrl = z.string().url('ожидается адрес вида http://127.0.0.1:9464').optional();

export class UsageError extends Error {}

/** `argv` as positional words and options; every word after `--name` that is not an option is its value */
export function splitArguments(argv: string[]): Arguments {
  const positional: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    const option = /^--([a-z][a-z-]*)(?:=(.*))?$/.exec(word);
    if (!option) positional.push(word);
    else if (option[2] !== undefined) options[option[1]] = option[2];
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) options[option[1]] = argv[++i];
    else options[option[1]] = true;
  }
  return { positional, options };
}

/** The engines' log as the server opens it; an embedded one must exist (a typo in DATA_DIR creates nothing). */
async function openLog(config: Config): Promise<EventStore> {
  if (config.EVENTSTORE_URL)
    return new (await import('@estate/events/store/kurrent')).KurrentEventStore(config.EVENTSTORE_URL);
  const file = join(config.dataDir, 'events.sqlite');
  if (!existsSync(file)) throw new OperatorError(`В DATA_DIR (${config.dataDir}) нет журнала событий.`);
  return new SqliteEventStore(file);
}

function embeddedOnly(config: Config, what: string) {
  if (config.EVENTSTORE_URL || config.KAFKA_BROKERS)
    throw new OperatorError(
      `${what} — для встроенного режима (DATA_DIR). С KurrentDB, MongoDB и Kafka пользуйтесь их средствами: docs/operations.md, «Backup and restore».`,
    );
}

/** the internal port of the process to ask: --url, else ADMIN_URL, else this host's METRICS_PORT */
function processUrl(given: string | undefined, { config, env }: CommandContext): string {
  const url =
    given ?? env.ADMIN_URL ?? (config.METRICS_PORT ? `http://127.0.0.1:${config.METRICS_PORT}` : null);
  if (url && !z.url().safeParse(url).success)
    throw new UsageError(`${url} — не адрес: ожидается http://хост:порт (порт метрик процесса)`);
  if (!url)
    throw new UsageError(
      'Не знаю, к какому процессу обратиться: укажите --url http://хост:порт (порт метрик) или ADMIN_URL / METRICS_PORT.',
    );
  return url.replace(/\/$/, '');
}

/** the refusal a process answers an /admin/ call with: the API's error envelope */
const errorEnvelope = z.object({ message: z.string(), errors: z.unknown().optional() });

/** An /admin/ call of a running process (operations/control.ts): its answer, or its refusal told as it is. */
async function callProcess<T>(
  url: string,
  path: string,
  body: unknown,
  answerSchema: z.ZodType<T>,
  { config }: CommandContext,
): Promise<T> {
  if (!config.ADMIN_TOKEN)
    throw new UsageError(
      'Нужен ADMIN_TOKEN: тот же, с которым запущен процесс (в окружении, не в аргументах).',
    );
  let response: Response;
  try {
    response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${config.ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new OperatorError(
      `Процесс на ${url} недоступен (${String(error)}). Он запущен с METRICS_PORT и ADMIN_TOKEN?`,
    );
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refusal = errorEnvelope.safeParse(answer);
    const reason = refusal.success
      ? `${refusal.data.message}${refusal.data.errors ? ` ${JSON.stringify(refusal.data.errors)}` : ''}`
      : response.status === 404
        ? 'нет такого адреса — процесс запущен без ADMIN_TOKEN?'
        : 'без объяснения';
    throw new OperatorError(`${url} отказал (${response.status}): ${reason}`);
  }
  const parsed = answerSchema.safeParse(answer);
  if (!parsed.success)
    throw new OperatorError(`${url} ответил не так, как ожидалось: ${JSON.stringify(answer)}`);
  return parsed.data;
}

/** One sample of the Prometheus text: a metric's name, its labels and its value. */
type Sample = { name: string; labels: Record<string, string>; value: number };

export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[label[1]] = label[2].replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** What the lags command prints of one process's metrics: the same gauges the alerts watch. */
export function describeLags(samples: Sample[]): string[] {
  const lines: string[] = [];
  const of = (name: string) => samples.filter((s) => s.name === name);
  const seconds = new Map(of('projection_lag_seconds').map((s) => [s.labels.projection, s.value]));
  for (const s of of('projection_lag_events'))
    lines.push(
      `  модель чтения ${s.labels.projection}: отстаёт на ${s.value} событий, ${seconds.get(s.labels.projection) ?? 0} с`,
    );
  for (const s of of('reactor_backlog_events'))
    lines.push(`  реактор ${s.labels.reactor}: не обработано ${s.value} событий`);
  const queues = new Map<string, string[]>();
  for (const s of of('job_queue_depth'))
    queues.set(s.labels.queue, [...(queues.get(s.labels.queue) ?? []), `${s.labels.state} ${s.value}`]);
  for (const [queue, states] of queues) lines.push(`  очередь ${queue}: ${states.join(', ')}`);
  for (const s of of('job_dead_letters'))
    if (s.value > 0) lines.push(`  ВНИМАНИЕ: в очереди ${s.labels.queue} ${s.value} мёртвых заданий`);
  if (lines.length === 0) lines.push('  этот процесс не ведёт ни моделей чтения, ни реакторов, ни очередей');
  return lines;
}

export const COMMANDS: Command[] = [
  defineCommand({
    name: 'help',
    usage: 'help',
    summary: 'список команд',
    schema: argumentsOf(z.tuple([]), {}),
    run(_args, { out }) {
      out.line('npm run admin -- <команда> …   (настройки — из того же окружения, что у сервера)\n');
      for (const command of COMMANDS) out.line(`  ${command.usage.padEnd(56)} ${command.summary}`);
      return Promise.resolve();
    },
  }),
  defineCommand({
    name: 'backup',
    usage: 'backup <папка>',
    summary: 'копия DATA_DIR (журнал, шина, очереди, загрузки) — можно при работающем сервере',
    schema: oneFolder('укажите папку для копии'),
    async run({ positional: [target] }, { config, out }) {
      embeddedOnly(config, 'backup');
      const { manifest, left } = await backupDataDir(config.dataDir, resolve(target));
      if (left.length > 0) out.error(`ВНИМАНИЕ: не скопировано (неизвестно, что это): ${left.join(', ')}`);
      out.line(
        `Копия ${config.dataDir} в ${resolve(target)}: позиция журнала ${manifest.position}, файлов ${manifest.files.length}, ${manifest.files.reduce((n, f) => n + f.bytes, 0)} байт.`,
      );
    },
  }),
  defineCommand({
    name: 'restore',
    usage: 'restore <папка>',
    summary: 'восстановить копию в пустой DATA_DIR (сервер остановлен)',
    schema: oneFolder('укажите папку с копией'),
    async run({ positional: [source] }, { config, out }) {
      embeddedOnly(config, 'restore');
      const manifest = await restoreDataDir(resolve(source), config.dataDir);
      out.line(
        `Восстановлено в ${config.dataDir}: позиция журнала ${manifest.position} (копия от ${manifest.createdAt}). Модели чтения построятся из журнала при запуске сервера.`,
      );
    },
  }),
  defineCommand({
    name: 'stream',
    usage: 'stream <id потока> [--from ревизия] [--limit N]',
    summary: 'события одного потока (publication-…, user-…)',
    schema: argumentsOf(
      z.tuple([z.string({ error: 'укажите id потока' }).regex(/^\S{1,200}$/, 'id потока без пробелов')]),
      {
        from: z.coerce.number().int('ревизия — целое число').min(0).default(0),
        limit: z.coerce.number().int('целое число').min(1).max(10_000).default(100),
      },
    ),
    async run({ positional: [streamId], options }, { config, out }) {
      const log = await openLog(config);
      try {
        const events = await log.readStream(streamId, options.from, options.limit);
        if (events.length === 0) out.line(`В потоке ${streamId} нет событий с ревизии ${options.from}.`);
        for (const e of events) {
          out.line(`#${e.revision} ${e.type} v${e.schemaVersion}  ${e.occurredAt}  позиция ${e.position}`);
          out.line(`  ${JSON.stringify(e.data)}`);
          out.line(`  ${JSON.stringify(e.metadata)}`);
        }
      } finally {
        await log.close();
      }
    },
  }),
  defineCommand({
    name: 'lags',
    usage: 'lags [--url http://хост:порт[,…]]',
    summary: 'отставание моделей чтения, реакторов и очередей (по метрикам процессов)',
    schema: argumentsOf(z.tuple([]), { url: z.string().optional() }),
    async run({ options }, context) {
      const urls = (options.url ?? processUrl(undefined, context)).split(',');
      let failed = 0;
      for (const url of urls.map((u) => processUrl(u, context))) {
        const response = await fetch(`${url}/metrics`).catch((error: Error) => error);
        if (response instanceof Error || !response.ok) {
          context.out.error(
            `${url}/metrics недоступен (${response instanceof Error ? response.message : response.status}).`,
          );
          failed++;
          continue;
        }
        const samples = parsePrometheus(await response.text());
        const role = samples.find((s) => s.labels.role)?.labels.role ?? '?';
        context.out.line(`${url} (роль ${role}):`);
        for (const line of describeLags(samples)) context.out.line(line);
      }
      if (failed > 0) throw new OperatorError(`Не ответили процессы: ${failed} из ${urls.length}.`);
    },
  }),
  defineCommand({
    name: 'rebuild',
    usage: 'rebuild <модель чтения|all> [--url …]',
    summary: 'перестроить модель чтения из журнала в работающем процессе',
    schema: argumentsOf(
      z.tuple([
        z
          .string({ error: 'укажите модель чтения или all' })
          .regex(/^[A-Za-z0-9_-]{1,80}$/, 'имя модели чтения'),
      ]),
      { url: serverUrl },
    ),
    async run({ positional: [readModel], options }, context) {
      const url = processUrl(options.url, context);
      const answer = await callProcess(
        url,
        `/admin/read-models/${readModel}/rebuild`,
        {},
        z.object({ position: z.number(), ms: z.number() }),
        context,
      );
      context.out.line(`Модель ${readModel} перестроена до позиции ${answer.position} за ${answer.ms} мс.`);
    },
  }),
  defineCommand({
    name: 'erase',
    usage: 'erase <id пользователя> --reason "<основание: заявление, дата>" [--url …]',
    summary: 'удалить персональные данные человека по его заявлению (ключи забываются навсегда)',
    schema: argumentsOf(
      z.tuple([
        z.string({ error: 'укажите id пользователя' }).regex(/^[A-Za-z0-9_-]{1,80}$/, 'id пользователя'),
      ]),
      {
        reason: z.string({ error: 'укажите --reason' }).trim().min(1, 'укажите --reason').max(500),
        url: serverUrl,
      },
    ),
    async run({ positional: [userId], options }, context) {
      const url = processUrl(options.url, context);
      const answer = await callProcess(
        url,
        `/admin/people/${userId}/erase`,
        { reason: options.reason },
        z.object({ erased: z.boolean(), position: z.number().nullable() }),
        context,
      );
      context.out.line(
        answer.erased
          ? `Данные пользователя ${userId} удалены (позиция журнала ${answer.position}).`
          : `Данные пользователя ${userId} уже были удалены.`,
      );
    },
  }),
  defineCommand({
    name: 'replay',
    usage: 'replay <реактор> --from <позиция> [--force] [--url …]',
    summary: 'повторить реакции реактора после позиции журнала',
    schema: argumentsOf(
      z.tuple([z.string({ error: 'укажите реактор' }).regex(/^[A-Za-z0-9_-]{1,80}$/, 'имя реактора')]),
      {
        from: position,
        force: z.literal(true, { error: '--force без значения' }).optional(),
        url: serverUrl,
      },
    ),
    async run({ positional: [reactor], options }, context) {
      const url = processUrl(options.url, context);
      const answer = await callProcess(
        url,
        `/admin/reactors/${reactor}/replay`,
        { from: options.from, force: options.force ?? false },
        z.object({ head: z.number(), warning: z.string().nullable() }),
        context,
      );
      if (answer.warning) context.out.error(`ВНИМАНИЕ: ${answer.warning}`);
      context.out.line(
        `Реактор ${reactor} повторяет события после позиции ${options.from} (конец журнала: ${answer.head}).`,
      );
    },
  }),
];

/** an argument's problem as the operator typed it: the option's name, or the words' count */
function problemOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys')
    return `неизвестные параметры: ${issue.keys.map((k) => `--${k}`).join(', ')}`;
  if (issue.path[0] === 'options') return `--${String(issue.path[1])}: ${issue.message}`;
  if (issue.path.length === 1 && issue.code === 'too_big') return 'лишние аргументы';
  if (issue.path.length === 1 && issue.code === 'too_small') return 'не хватает аргументов';
  return issue.message;
}

/**
 * Runs one command line: 0 when done, 2 for a mistake in the arguments (with the usage), 1 when
 * the command could not be done (a damaged backup, a refusal, an unreachable process).
 */
export async function runAdmin(argv: string[], env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  const [name = 'help', ...rest] = argv;
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    out.error(
      `Нет команды «${name}». Команды: ${COMMANDS.map((c) => c.name).join(', ')} (npm run admin -- help).`,
    );
    return 2;
  }
  try {
    const parsed = command.schema.safeParse(splitArguments(rest));
    if (!parsed.success) {
      throw new UsageError(parsed.error.issues.map(problemOf).join('; '));
    }
    await command.run(parsed.data, { config: loadConfig(env), env, out });
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      out.error(`${error.message}\nИспользование: npm run admin -- ${command.usage}`);
      return 2;
    }
    if (error instanceof OperatorError) {
      out.error(error.message);
      return 1;
    }
    if (error instanceof ConfigError) {
      out.error(error.message);
      return 2;
    }
    out.error(`Команда ${name} не выполнена: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
