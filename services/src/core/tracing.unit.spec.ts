import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, type EventOf } from '@estate/events';
import { loadConfig } from './config';
import { handleCommand, type Decider } from './decider';
import { currentTraceContext, inLogScope, logIds, tracesEndpoint } from './tracing';

describe('the tracing settings', () => {
  const settings = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

  it('are off without an endpoint, and with the standard switch', () => {
    expect(tracesEndpoint(settings({}))).toBeNull();
    expect(
      tracesEndpoint(
        settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }),
      ),
    ).toBeNull();
  });

  it("send to the endpoint's /v1/traces, or to the traces endpoint as given", () => {
    expect(tracesEndpoint(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }))).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(
      tracesEndpoint(
        settings({
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
          OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:9000/otlp/v1/traces',
        }),
      ),
    ).toBe('http://traces:9000/otlp/v1/traces');
  });

  it('refuse a ratio outside 0 to 1 and an endpoint that is not http(s)', () => {
    expect(() => settings({ OTEL_TRACES_SAMPLER_ARG: '1.5' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
  });
});

type Event = EventOf<'UserNameChanged'>;
const renaming: Decider<{ name: string }, null, Event> = {
  initialState: () => null,
  evolve: (state) => state,
  decide: ({ name }) => [{ type: 'UserNameChanged', data: { userId: 'u1', name } }],
};

describe('the ids a command inherits', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tracing-'));
    store = new SqliteEventStore(join(dir, 'events.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("are the request's or the reaction's correlation and causation ids, unless the caller gives its own", async () => {
    await inLogScope({ requestId: 'r1', correlationId: 'r1', causationId: 'event-1' }, async () => {
      await handleCommand(store, 'user-u1', renaming, { name: 'Анна' });
      await handleCommand(store, 'user-u1', renaming, { name: 'Вера' }, { correlationId: 'own' });
      expect(logIds()).toEqual({ requestId: 'r1', correlationId: 'r1' });
    });
    await handleCommand(store, 'user-u1', renaming, { name: 'Галина' });
    const [inScope, own, outside] = (await store.readStream('user-u1')).map((e) => e.metadata);
    expect(inScope).toMatchObject({ correlationId: 'r1', causationId: 'event-1' });
    expect(own).toMatchObject({ correlationId: 'own', causationId: 'event-1' });
    expect(outside.correlationId).not.toBe('r1');
    expect(outside.causationId).toBeNull();
  });

  it('carry no trace context while tracing is off', async () => {
    expect(currentTraceContext()).toBeUndefined();
    await handleCommand(store, 'user-u1', renaming, { name: 'Анна' });
    const [event] = await store.readStream('user-u1');
    expect(event.metadata).not.toHaveProperty('traceparent');
    expect(logIds()).toEqual({});
  });
});
