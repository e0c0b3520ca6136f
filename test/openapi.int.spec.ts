import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import request from 'supertest';
import { startTestApp, type TestApp } from '../services/test/testApp';
import { documentedOperations, key, pathParams, servedRoutes } from './support/routes';

/**
 * The OpenAPI document (`/api/openapi.json`) against the app that serves it: the same routes both
 * ways, a `security` declaration on every operation that turns a visitor away with 401, and every
 * `{param}` of a path declared. The document is read over HTTP, as a client reads it.
 */
let t: TestApp;
let document: { paths?: Record<string, unknown> };

/** Served on purpose without an entry: the document itself, and the site's files for robots and browsers. */
const NOT_DOCUMENTED = new Set(['GET /api/openapi.json', 'GET /robots.txt', 'GET /favicon.ico']);

beforeAll(async () => {
  t = await startTestApp();
  document = (await request(t.app).get('/api/openapi.json').expect(200)).body;
});
afterAll(() => t.close());

const served = () => servedRoutes(t.app).filter((o) => !NOT_DOCUMENTED.has(key(o)));

it('is a valid OpenAPI 3.1 document', async () => {
  await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
});

it('documents every route the app serves, and serves every route it documents', () => {
  const documented = new Set(documentedOperations(document).map(key));
  const servedKeys = new Set(served().map(key));
  expect(
    served()
      .map(key)
      .filter((k) => !documented.has(k)),
  ).toEqual([]);
  expect([...documented].filter((k) => !servedKeys.has(k))).toEqual([]);
  expect(documented.size).toBeGreaterThan(100);
});

it('declares every path parameter of every operation', () => {
  const missing = documentedOperations(document).flatMap((o) => {
    const declared = new Set(
      (o.declaration.parameters ?? []).filter((p) => p.in === 'path' && p.required).map((p) => p.name),
    );
    return pathParams(o.path)
      .filter((name) => !declared.has(name))
      .map((name) => `${key(o)}: {${name}}`);
  });
  expect(missing).toEqual([]);
});

it('declares security on every operation that answers a visitor 401, and on no other', async () => {
  const undeclared: string[] = [];
  const needless: string[] = [];
  let refused = 0;
  for (const o of documentedOperations(document)) {
    const path = o.path.replace(/\{\w+\}/g, 'demo-0001');
    const res = await request(t.app)[o.method](path).send({});
    const declared = Boolean(o.declaration.security?.length);
    // `{}` among the requirements says a session is optional
    const optional = o.declaration.security?.some(
      (requirement) => Object.keys(requirement as object).length === 0,
    );
    if (res.status === 401) refused++;
    if (res.status === 401 && !declared) undeclared.push(key(o));
    if (res.status !== 401 && declared && !optional) needless.push(`${key(o)} → ${res.status}`);
  }
  expect(undeclared).toEqual([]);
  expect(needless).toEqual([]);
  expect(refused).toBeGreaterThan(40);
});

it('declares the schema of every success answer (the API tests check each answer they receive against it)', () => {
  const missing = documentedOperations(document).flatMap((o) => {
    const responses =
      (o.declaration as { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> })
        .responses ?? {};
    const success = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
    const described =
      success.length > 0 &&
      success.every(([, answer]) => Object.values(answer.content ?? {}).some((media) => media.schema));
    return described ? [] : [key(o)];
  });
  expect(missing).toEqual([]);
});

it('is a contract tools can use: Redocly’s recommended rules find no error, every operation has its own id', () => {
  const folder = mkdtempSync(join(tmpdir(), 'estate-openapi-'));
  const file = join(folder, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const run = spawnSync(process.execPath, [join(__dirname, 'support/lintOpenApi.mjs'), file], {
    encoding: 'utf8',
  });
  rmSync(folder, { recursive: true, force: true });
  expect(run.status).toBe(0);
  const problems = run.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { severity: string; rule: string; message: string; where: string });
  expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  // the warnings left: the spec's own paths that a template reads two ways (`/publications/last/{id}`
  // beside `/publications/{id}/…`), and the document's licence
  expect([...new Set(problems.map((p) => p.rule))].sort()).toEqual(['info-license', 'no-ambiguous-paths']);
  const ids = documentedOperations(document).map(
    (o) => (o.declaration as { operationId?: string }).operationId,
  );
  expect(ids.filter((id) => !id)).toEqual([]);
  expect(new Set(ids).size).toBe(ids.length);
});
