import type { Role } from '@estate/events';
import { Router, type Request, type Response } from 'express';
import { z, type ZodType } from 'zod';
import { requireRoles, currentUser } from './access';
import type { AppContext } from './context';
import { parse } from './http';
import { jsonBody, type OpenApi } from './openapi';
import { readTurn } from './readTurns';

/**
 * Who may call a route: anyone (the caller is on `req.user` when signed in), anyone signed in, or
 * the listed roles (an active employee for the staff roles).
 */
export type RouteAuth = 'public' | 'signed-in' | readonly Role[];

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type RouteInput<P, Q, B, H = unknown> = {
  ctx: AppContext;
  params: P;
  query: Q;
  body: B;
  /** the declared request headers, parsed (by their names as the schema spells them) */
  headers: H;
  req: Request;
  res: Response;
};

/**
 * One route, declared once: method, path (`{name}` for a parameter, as OpenAPI writes it), who may
 * call it, and the zod schemas of its parameters, query, body and answer. `mountRoutes` registers
 * it in Express and in the OpenAPI document from this one object; the handler gets its input
 * parsed and returns the answer's body, which is checked against `response` wherever the app runs
 * under test, so the document cannot drift from the code.
 */
export type RouteDeclaration<
  P extends ZodType = ZodType,
  Q extends ZodType = ZodType,
  B extends ZodType = ZodType,
  R extends ZodType = ZodType,
  H extends ZodType = ZodType,
> = {
  method: Method;
  /** more than one path: aliases the spec's client uses (each is documented) */
  path: string | readonly string[];
  tags: readonly string[];
  summary: string;
  description?: string;
  auth: RouteAuth;
  params?: P;
  query?: Q;
  body?: B;
  /** request headers the route reads (an Idempotency-Key): an object schema keyed by the header's name */
  headers?: H;
  /**
   * A body that is not JSON (an upload, 'multipart/form-data'): `body` documents its fields, and the
   * handler reads it itself (the file store must check the file before anything is kept).
   */
  consumes?: string;
  /**
   * How a body that does not fit `body` is refused: errorCode 1 with field errors unless said (the
   * sign-in calls answer a malformed phone with the spec's errorCode 4).
   */
  parseBody?: <T>(schema: ZodType<T>, value: unknown) => T;
  /** the success answer: 200 unless said */
  status?: 200 | 201;
  response: R;
  /** a file or a text (iCal) instead of JSON: the handler writes the answer itself */
  produces?: string;
  /** error statuses the route answers beyond the common ones (400, and 401/403 for auth) */
  errors?: readonly number[];
  /** redirects the route answers (to the address in `Location`) */
  redirects?: readonly (301 | 302 | 303 | 307 | 308)[];
  /**
   * A read that costs milliseconds of CPU (a catalogue search): it waits for its turn (`readTurn`),
   * one per pass of the event loop, so commands and timers never queue behind a batch of them.
   */
  heavyRead?: true;
  /** the router awaits the answer, so a handler with nothing to wait for answers at once */
  handle(
    input: RouteInput<z.output<P>, z.output<Q>, z.output<B>, z.output<H>>,
  ): Answer<z.input<R>> | Promise<Answer<z.input<R>>>;
};

/**
 * An answer already written as JSON text, for the catalogue's pages: each listing's JSON is kept
 * with its (frozen, replaced on every change) document, so a page joins texts instead of building
 * and serialising 20 listings again. The type parameter is the answer it stands for.
 */
export class JsonText<T = unknown> {
  declare readonly answer?: T;
  constructor(readonly text: string) {}
}

/** what a handler answers: the document, its JSON text, or nothing when it wrote the answer itself */
type Answer<T> = T | JsonText<T> | void;

/** Declares a route with its types inferred from its schemas. */
export const defineRoute = <
  P extends ZodType,
  Q extends ZodType,
  B extends ZodType,
  R extends ZodType,
  H extends ZodType = ZodType,
>(
  route: RouteDeclaration<P, Q, B, R, H>,
): RouteDeclaration<P, Q, B, R, H> => route;

/** The answer a route declares, for clients: `ResponseOf<typeof routes.search>`. */
export type ResponseOf<T> =
  T extends RouteDeclaration<ZodType, ZodType, ZodType, infer R> ? z.output<R> : never;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'некорректные данные (errorCode 1 и поля errors)',
  401: 'требуется вход (errorCode 101)',
  403: 'недостаточно прав (errorCode 102)',
  404: 'не найдено',
  409: 'конфликт',
  413: 'тело запроса больше допустимого',
  422: 'действие недоступно',
  429: 'превышен лимит запросов',
  503: 'сервис недоступен',
};

export const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const paths = (route: RouteDeclaration) => (typeof route.path === 'string' ? [route.path] : [...route.path]);

/**
 * `name[]=a&name[]=b`, `name=a&name=b` and `name=a,b` are all the list [a, b] for a query field the
 * schema declares as an array; other fields keep the last value sent.
 */
export function queryInput(query: Request['query'], schema: ZodType | undefined): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, ZodType>) : {};
  for (const [rawKey, value] of Object.entries(query)) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    const wantsList = field !== undefined && isArraySchema(field);
    const values = (Array.isArray(value) ? value : [value]).map(String);
    if (wantsList) {
      const list = values.flatMap((v) => v.split(',')).filter(Boolean);
      input[key] = [...((input[key] as string[] | undefined) ?? []), ...list];
    } else {
      input[key] = values[values.length - 1];
    }
  }
  return input;
}

function isArraySchema(schema: ZodType): boolean {
  let current: unknown = schema;
  for (let depth = 0; depth < 8 && current; depth++) {
    if (current instanceof z.ZodArray) return true;
    const def = (current as { _zod?: { def?: { innerType?: unknown; in?: unknown; type?: string } } })._zod
      ?.def;
    current = def?.innerType ?? def?.in;
  }
  return false;
}

/** The headers a route declares, read by the names its schema spells (`Idempotency-Key`). */
function headerInput(req: Request, schema: ZodType): Record<string, unknown> {
  const names = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  return Object.fromEntries(names.map((name) => [name, req.get(name)]));
}

function authorise(req: Request, auth: RouteAuth) {
  if (auth === 'public') return;
  if (auth === 'signed-in') currentUser(req);
  else requireRoles(req, auth);
}

/** Registers each route in the router and in the OpenAPI document. */
export function mountRoutes(ctx: AppContext, routes: readonly RouteDeclaration[]): Router {
  const router = Router();
  const checkAnswers = ctx.config.NODE_ENV === 'test';
  for (const route of routes) {
    document(ctx.openApi, route);
    const status = route.status ?? 200;
    for (const path of paths(route)) {
      router[route.method](expressPath(path), async (req, res) => {
        authorise(req, route.auth);
        const params = route.params ? parse(route.params, req.params) : req.params;
        const query = route.query ? parse(route.query, queryInput(req.query, route.query)) : {};
        const headers = route.headers ? parse(route.headers, headerInput(req, route.headers)) : {};
        const body =
          route.body && !route.consumes ? (route.parseBody ?? parse)(route.body, req.body ?? {}) : undefined;
        if (route.heavyRead) {
          await readTurn();
          // whoever asked has gone while the read waited: nobody is left to answer
          if (req.socket.destroyed) return;
        }
        const answer = await route.handle({ ctx, params, query, body, headers, req, res });
        if (route.produces || res.headersSent) return;
        if (answer instanceof JsonText) {
          if (checkAnswers) checkAnswer(route, path, JSON.parse(answer.text));
          res.status(status).type('json').send(answer.text);
          return;
        }
        if (checkAnswers) checkAnswer(route, path, answer);
        res.status(status).json(answer);
      });
    }
  }
  return router;
}

/**
 * Under test every answer is checked against its declaration: an answer that does not fit is a
 * failure of the test that received it (a 500 naming the route and the fields), never a document
 * that silently says something else.
 */
function checkAnswer(route: RouteDeclaration, path: string, answer: unknown) {
  const result = route.response.safeParse(answer);
  if (result.success) return;
  const problems = result.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
  throw new Error(
    `the answer of ${route.method.toUpperCase()} ${path} does not fit its declared schema: ${problems.join('; ')}`,
  );
}

/**
 * An operation's id, from its method and path (`GET /api/publications/{id}/price-history` →
 * `getPublicationsByIdPriceHistory`): unique as the pair is, stable as the path is, and readable
 * in a generated client.
 */
export function operationId(method: Method, path: string): string {
  const words = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      return param ? ['by', param[1]] : segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
    });
  return [method, ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('');
}

/**
 * Statuses any operation can answer, whatever it declares: a JSON body over its limit (the body
 * parser runs before the routes) and a malformed one.
 */
const ANY_OPERATION = [400, 413];
/**
 * What any write can answer besides: its stream's queue in the process is full (429, core/streamQueue.ts),
 * or a writer in another process kept winning the stream (409, after the retries).
 */
const ANY_WRITE = [409, 429];

function document(openApi: OpenApi, route: RouteDeclaration) {
  const status = route.status ?? 200;
  const errorStatuses = new Set<number>([
    ...ANY_OPERATION,
    ...(route.method === 'get' ? [] : ANY_WRITE),
    ...(route.auth === 'public' ? [] : [401, 403]),
    ...(route.errors ?? []),
  ]);
  const success = route.produces
    ? { description: route.summary, content: { [route.produces]: { schema: route.response } } }
    : jsonBody(route.response, route.summary);
  for (const path of paths(route)) {
    openApi.route({
      method: route.method,
      path,
      tags: [...route.tags],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      operationId: operationId(route.method, path),
      // a public operation says so (an empty list), so no tool reads it as undeclared
      security: route.auth === 'public' ? [] : [{ bearer: [] }],
      request: {
        ...(route.params ? { params: route.params as z.ZodObject } : {}),
        ...(route.query ? { query: route.query as z.ZodObject } : {}),
        ...(route.headers ? { headers: route.headers as z.ZodObject } : {}),
        ...(route.body
          ? {
              body: route.consumes
                ? { content: { [route.consumes]: { schema: route.body } } }
                : jsonBody(route.body),
            }
          : {}),
      },
      responses: {
        [status]: success,
        ...Object.fromEntries(
          (route.redirects ?? []).map((code) => [
            code,
            {
              description: 'перенаправление',
              headers: { Location: { description: 'куда', schema: { type: 'string' as const } } },
            },
          ]),
        ),
        ...Object.fromEntries(
          [...errorStatuses].map((code) => [
            code,
            jsonBody(openApi.errorSchema, ERROR_DESCRIPTIONS[code] ?? 'ошибка'),
          ]),
        ),
      },
    });
  }
}
