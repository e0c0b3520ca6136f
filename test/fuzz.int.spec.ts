import { seededRandom } from '@estate/projections/seededRandom';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { ERRORS } from '../services/src/core/errors';
import { DEMO_PHONES } from '../services/src/seed';
import { signIn, startTestApp, type TestApp } from '../services/test/testApp';
import {
  documentedOperations,
  key,
  pathParams,
  servedRoutes,
  type OpenApiOperation,
  type Operation,
} from './support/routes';
import { PROTOTYPE_NAMES } from './support/hostile';

/**
 * The fuzz of every route: each operation of the OpenAPI document and each route the Express app
 * serves gets hostile path parameters, query parameters and bodies — names of Object.prototype,
 * `../`, wrong types, 100 KB strings, deep nesting, unicode, empty and malformed bodies — from a
 * visitor, a user, an agent, an agency owner and a moderator. No answer may be a 5xx, and every error
 * answer is the spec's envelope `{ errorCode, message }`, with a status the operation declares. The cases are drawn by a seeded generator
 * (FUZZ_SEED replays another draw; FUZZ_CASES sets how many per operation and caller).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_612);
const CASES = Number(process.env.FUZZ_CASES ?? 4);
const UNKNOWN_ROUTE = ERRORS.ROUTE_NOT_FOUND.errorCode;

const HOSTILE_STRINGS = [
  ...PROTOTYPE_NAMES,
  '../',
  '../../etc/passwd',
  '..\\..\\windows',
  './',
  '.',
  '..',
  '%2e%2e%2f',
  '/',
  '//',
  '\\',
  '%00',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  ' ',
  '',
  "' OR 1=1 --",
  '{"$gt":""}',
  '$where',
  '$ne',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  'Ω≈ç√∫˜µ≤≥÷',
  '😀👍🏽🏳️‍🌈',
  '\u202e\u0301',
  '\uffff\ud800',
  'Москва',
  '2024-02-30',
  '2024-13-45',
  '7999',
  '79990000001',
  'a'.repeat(300),
];
const HUGE = 'x'.repeat(100 * 1024);
/** the first bytes of a PNG: passes the upload's type check */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
/**
 * Node's HTTP parser refuses a request line and headers over 16 KB (431) before the app sees it, so
 * 100 KB strings go in bodies; path and query parts are cut to this many characters before encoding.
 */
const URL_PART_LIMIT = 1500;
/** escapes no decoder accepts, sent raw in a path or query */
const MALFORMED_PERCENT = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%uD800'];
const QUERY_NAMES = [
  'limit',
  'offset',
  'status',
  'page',
  'sort',
  'range',
  'filter',
  'ids[]',
  'ids',
  'positionTypes[]',
  'isActive',
  'startDate',
  'endDate',
  'locationId',
  'search',
  'name',
  'phone',
  'to',
  'publicationId',
  'type',
  'period',
  'contentType',
  'sortByDate',
  'propertyType',
  ...PROTOTYPE_NAMES,
];
const BODY_NAMES = [
  'phone',
  'smsCode',
  'name',
  'email',
  'text',
  'sum',
  'limit',
  'offset',
  'status',
  'publicationIds',
  'ids',
  'startDate',
  'endDate',
  'isActive',
  'dealCategory',
  'price',
  'images',
  'characteristicData',
  'clientPhone',
  'ics',
  'token',
  'uuid',
  'reason',
  'value',
  'newPhone',
  'newEmail',
  'locationId',
  'address',
  'title',
  'limit',
  ...PROTOTYPE_NAMES,
];

/** Percent-encodes any text: a lone surrogate is sent as U+FFFD, since a URL cannot carry it. */
const encode = (text: string) =>
  encodeURIComponent(
    text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

type Random = () => number;
const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
const chance = (rnd: Random, p: number) => rnd() < p;

/** A JSON text whose object holds an own key named like a prototype property (an object literal would set the prototype instead). */
const ownKey = (name: string, value: unknown) =>
  JSON.parse(`{${JSON.stringify(name)}:${JSON.stringify(value) ?? 'null'}}`) as Record<string, unknown>;
const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

function hostileValue(rnd: Random, depth = 0): unknown {
  switch (Math.floor(rnd() * 12)) {
    case 0:
      return pick(rnd, PROTOTYPE_NAMES);
    case 1:
      return pick(rnd, HOSTILE_STRINGS);
    case 2:
      return pick(rnd, [0, -1, 1.5, -0, 1e308, -1e308, 2 ** 53 + 1, 2 ** 31, 123456789012]);
    case 3:
      return pick(rnd, [true, false, null]);
    case 4:
      return depth > 2 ? [] : [hostileValue(rnd, depth + 1), hostileValue(rnd, depth + 1)];
    case 5:
      return depth > 2 ? {} : ownKey(pick(rnd, PROTOTYPE_NAMES), hostileValue(rnd, depth + 1));
    case 6:
      return chance(rnd, 0.2) ? HUGE : 'a'.repeat(Math.floor(rnd() * 2000));
    case 7:
      return JSON.parse(deep(chance(rnd, 0.5) ? 50 : 500));
    case 8:
      return {};
    case 9:
      return [];
    case 10:
      return '';
    default:
      return pick(rnd, HOSTILE_STRINGS);
  }
}

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
};

/** A value shaped like the declared schema, with hostile values at random places, so the call gets past the outer checks. */
function fromSchema(rnd: Random, schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 4 || chance(rnd, 0.3)) return hostileValue(rnd, depth);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fromSchema(rnd, pick(rnd, choices), depth + 1);
  if (schema.enum) return pick(rnd, schema.enum);
  const type = Array.isArray(schema.type) ? pick(rnd, schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(schema.properties ?? {}))
        if (chance(rnd, 0.8)) out[name] = fromSchema(rnd, child, depth + 1);
      return chance(rnd, 0.2)
        ? { ...out, ...ownKey(pick(rnd, PROTOTYPE_NAMES), hostileValue(rnd, depth + 1)) }
        : out;
    }
    case 'array':
      return Array.from({ length: Math.floor(rnd() * 3) }, () => fromSchema(rnd, schema.items, depth + 1));
    case 'integer':
    case 'number':
      return pick(rnd, [schema.minimum ?? 0, schema.maximum ?? 1, 1, 2, 3, -1]);
    case 'boolean':
      return chance(rnd, 0.5);
    case 'string':
      return pick(rnd, PROTOTYPE_NAMES);
    default:
      return hostileValue(rnd, depth);
  }
}

type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; type: string }
  | { kind: 'none' }
  | { kind: 'multipart'; field: string; bytes: Buffer };

function hostileBody(rnd: Random, declared: OpenApiOperation | undefined): Body {
  const schema = declared?.requestBody?.content?.['application/json']?.schema as Schema | undefined;
  switch (Math.floor(rnd() * 10)) {
    case 0:
      return { kind: 'none' };
    case 1:
      return {
        kind: 'raw',
        type: 'application/json',
        text: pick(rnd, [
          '{',
          '{"a":',
          '[1,2',
          'nul',
          '"unterminated',
          '{"a":1}}',
          '\u0000',
          '{"__proto__":{"isAdmin":true}}',
          '{"constructor":{"prototype":{"x":1}}}',
          deep(5000),
        ]),
      };
    case 2:
      return {
        kind: 'raw',
        type: pick(rnd, ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']),
        text: pick(rnd, ['a=1&__proto__[x]=1', '<a/>', HUGE]),
      };
    case 3:
      return { kind: 'json', value: hostileValue(rnd) };
    case 4:
      return {
        kind: 'multipart',
        field: pick(rnd, ['avatar', 'file', '__proto__']),
        bytes: pick(rnd, [Buffer.from('not an image'), PNG, Buffer.from([0xff, 0xd8, 0xff, 0xe0])]),
      };
    default: {
      if (schema && chance(rnd, 0.7)) return { kind: 'json', value: fromSchema(rnd, schema) };
      const out: Record<string, unknown> = {};
      for (let i = Math.floor(rnd() * 5); i >= 0; i--)
        Object.assign(out, ownKey(pick(rnd, BODY_NAMES), hostileValue(rnd)));
      return { kind: 'json', value: out };
    }
  }
}

function hostileQuery(rnd: Random, declared: OpenApiOperation | undefined): string {
  const names = [
    ...(declared?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    ...QUERY_NAMES,
  ];
  const parts: string[] = [];
  for (let i = Math.floor(rnd() * 5); i > 0; i--) {
    const value = hostileValue(rnd);
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    parts.push(
      `${encode(pick(rnd, names))}=${chance(rnd, 0.05) ? pick(rnd, MALFORMED_PERCENT) : encode(text.slice(0, URL_PART_LIMIT))}`,
    );
    if (chance(rnd, 0.1)) parts.push(`${pick(rnd, names)}[${pick(rnd, PROTOTYPE_NAMES)}]=1`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

let t: TestApp;
/** one server for the thousands of calls (supertest would start one per call) */
let server: Server;
let base: string;
const callers: [string, string | null][] = [['visitor', null]];
/** Real records of the demo data, so a case can also get past the lookups and reach deeper checks. */
const REAL: Record<string, string[]> = {};

beforeAll(async () => {
  t = await startTestApp({ env: { PAYMENT_WAIT_MS: '500', SMS_WAIT_MS: '500' } });
  for (const [name, phone] of [
    ['user', DEMO_PHONES.user],
    ['agent', DEMO_PHONES.agent],
    ['owner', DEMO_PHONES.owner],
    ['moderator', DEMO_PHONES.moderator],
  ] as const) {
    callers.push([name, await signIn(t, phone)]);
  }
  server = createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const search = await request(t.app).post('/api/publications').send({ limit: 5 }).expect(200);
  const publicationIds = search.body.data.map((p: { id: string }) => p.id);
  Object.assign(REAL, {
    id: [...publicationIds, 'demo-agency-1'],
    publicationId: publicationIds,
    agencyId: ['demo-agency-1'],
    employeeId: ['demo-agent-12'],
    userId: ['demo-user'],
    locationId: ['1', 'null'],
    deal: ['sale', 'daily-rent'],
    dealCategory: ['sale', 'dailyRent'],
    dealType: ['sale', 'rent'],
    name: ['flat-1.jpg'],
    tariffId: ['1-1-sale'],
  });
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

function hostilePath(rnd: Random, template: string): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (chance(rnd, 0.3) && Object.hasOwn(REAL, name)) return encode(pick(rnd, REAL[name]));
    if (chance(rnd, 0.05)) return pick(rnd, MALFORMED_PERCENT);
    const value = hostileValue(rnd);
    const text = typeof value === 'string' && value !== '' ? value : (JSON.stringify(value) ?? 'x');
    // raw '../' travels as it is sometimes (the router normalises nothing), encoded otherwise
    return chance(rnd, 0.15) && /^[./]+$/.test(text) ? text : encode(text.slice(0, URL_PART_LIMIT));
  });
}

async function send(o: Operation, path: string, token: string | null, body: Body) {
  let call = request(base)[o.method](path);
  if (token) call = call.set('Authorization', `Bearer ${token}`);
  switch (body.kind) {
    case 'none':
      return call;
    case 'raw':
      return call.set('Content-Type', body.type).send(body.text);
    case 'multipart':
      return call.attach(body.field, body.bytes, { filename: '../../x.png', contentType: 'image/png' });
    default:
      return call.set('Content-Type', 'application/json').send(JSON.stringify(body.value) ?? 'null');
  }
}

it('answers hostile input on every route with the envelope and never a 5xx', async () => {
  const documented = documentedOperations(t.ctx.openApi.document());
  const declarations = new Map(documented.map((o) => [key(o), o.declaration]));
  const operations = new Map<string, Operation>();
  for (const o of [...documented, ...servedRoutes(t.app)])
    operations.set(key(o), { method: o.method, path: o.path });
  // logging out ends the caller's session: it goes last
  const ordered = [...operations.values()].sort(
    (a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'),
  );

  const rnd = seededRandom(SEED);
  const failures: string[] = [];
  let calls = 0;
  for (const o of ordered) {
    const declared = declarations.get(key(o));
    for (const [caller, token] of callers) {
      // every path parameter is given each prototype name and a way out of its folder once (with an
      // image that passes the type check, for the uploads), then the drawn cases
      const fixed: { path: string; body: Body }[] = !pathParams(o.path).length
        ? []
        : [
            ...PROTOTYPE_NAMES.slice(0, 6).map((name) => ({
              path: o.path.replace(/\{\w+\}/g, name),
              body: { kind: 'json', value: {} } satisfies Body,
            })),
            ...['..%2F..%2F..', '%2E%2E', '..'].map((escape) => ({
              path: o.path.replace(/\{\w+\}/g, escape),
              body: { kind: 'multipart', field: 'avatar', bytes: PNG } satisfies Body,
            })),
          ];
      const cases = [
        ...fixed,
        ...Array.from({ length: CASES }, () => ({
          path: hostilePath(rnd, o.path) + hostileQuery(rnd, declared),
          body: hostileBody(rnd, declared),
        })),
      ];
      for (const { path, body } of cases) {
        const res = await send(o, path, token, body);
        calls++;
        const where = `${key(o)} as ${caller}: ${o.method.toUpperCase()} ${path.slice(0, 160)} ${body.kind === 'json' ? (JSON.stringify(body.value) ?? '').slice(0, 160) : body.kind}`;
        if (res.status >= 500) failures.push(`${where} → ${res.status} ${res.text.slice(0, 200)}`);
        // what a client generated from the document expects: every status it can get is declared;
        // a raw '/' or '../' in a parameter makes another address, answered as an unknown route (105)
        else if (
          declared &&
          !Object.hasOwn(declared.responses ?? {}, String(res.status)) &&
          !(res.status === 404 && res.body?.errorCode === UNKNOWN_ROUTE)
        )
          failures.push(`${where} → ${res.status}, a status the operation does not declare`);
        else if (
          res.status >= 400 &&
          (typeof res.body?.errorCode !== 'number' || typeof res.body?.message !== 'string')
        )
          failures.push(`${where} → ${res.status} without the envelope: ${res.text.slice(0, 120)}`);
      }
    }
  }
  expect(operations.size).toBeGreaterThan(100);
  expect(calls).toBeGreaterThan(2000);
  expect(failures).toEqual([]);
}, 120_000);
