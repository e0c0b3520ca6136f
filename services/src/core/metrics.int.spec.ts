import request from 'supertest';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { startMetricsServer } from './metrics';

/**
 * /metrics end to end on the real app: the token opens it on the public app, the internal port
 * serves it without one, and what a request and a command leave in it is there by name. No timing
 * is asserted.
 */
const TOKEN = 'metrics-token-of-the-test-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

const scrape = async () =>
  (await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;

it('serves the Prometheus text to the bearer of the token, with the declared route, the commands and the gauges', async () => {
  await request(t.app).get('/api/agency/no-such-agency-42');
  await signIn(t, '79990000100');
  const response = await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = response.text;
  // the declared pattern, never the id
  expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/agency\/:id"[^}]*\} 1/);
  expect(text).not.toContain('no-such-agency-42');
  expect(text).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/api\/auth\/login"/);
  // the sign-in's commands and appends, by stream type
  expect(text).toMatch(/commands_total\{[^}]*stream_type="phone"[^}]*outcome="ok"[^}]*\} \d+/);
  expect(text).toMatch(/events_appended_total\{[^}]*stream_type="phone"[^}]*\} \d+/);
  // the read models' lag, every projection named
  expect(text).toMatch(/projection_lag_events\{[^}]*projection="catalogue"[^}]*\} \d+/);
  expect(text).toMatch(/projection_lag_seconds\{[^}]*projection="catalogue"[^}]*\} [\d.]+/);
  // the reactors and the queues this process runs
  expect(text).toMatch(/reactor_backlog_events\{[^}]*reactor="[^"]+"[^}]*\} \d+/);
  expect(text).toMatch(/job_queue_depth\{[^}]*queue="sms"[^}]*state="waiting"[^}]*\} \d+/);
  expect(text).toMatch(/job_dead_letters\{[^}]*queue="sms"[^}]*\} \d+/);
  expect(text).toMatch(/read_store_documents\{[^}]*collection="[^"]+"[^}]*\} \d+/);
  // the disk DATA_DIR is on: free bytes, at most its size
  const free = Number(/data_dir_free_bytes\{role="all"\} (\d+)/.exec(text)?.[1]);
  const size = Number(/data_dir_size_bytes\{role="all"\} (\d+)/.exec(text)?.[1]);
  expect(free).toBeGreaterThan(0);
  expect(size).toBeGreaterThanOrEqual(free);
  // the process's own, from prom-client's default collectors
  expect(text).toMatch(/process_resident_memory_bytes\{role="all"\} \d+/);
  expect(text).toMatch(/nodejs_eventloop_lag_seconds\{role="all"\}/);
  expect(text).toMatch(/nodejs_heap_size_used_bytes\{role="all"\}/);
});

it('answers 401 in the envelope without the token or with another one', async () => {
  for (const authorization of [undefined, 'Bearer wrong-token-of-the-same-length-0123', `Basic ${TOKEN}`]) {
    const call = request(t.app).get('/metrics');
    if (authorization) call.set('Authorization', authorization);
    const { body, headers } = await call.expect(401);
    expect(body).toEqual({ errorCode: 101, message: expect.any(String) });
    expect(headers['www-authenticate']).toBe('Bearer');
  }
});

it('is an unknown address of the public app when no token is configured', async () => {
  const plain = await startTestApp({ seed: false });
  try {
    const { body } = await request(plain.app).get('/metrics').expect(404);
    expect(body).toEqual({ errorCode: expect.any(Number), message: expect.any(String) });
    // its own registry: the other app's requests are not in it
    expect(await plain.ctx.metrics.text()).not.toContain('/api/agency/:id');
  } finally {
    await plain.close();
  }
});

it('serves only GET /metrics on the internal port', async () => {
  const served = await startMetricsServer(t.ctx.metrics, 0, '127.0.0.1');
  try {
    const base = `http://127.0.0.1:${served.port}`;
    const answer = await fetch(`${base}/metrics`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toMatch(/commands_total\{/);
    expect((await fetch(`${base}/api/health`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
  } finally {
    await served.close();
  }
  expect(await scrape()).toContain('process_cpu_seconds_total');
});
