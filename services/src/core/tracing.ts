import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import type { RequestHandler } from 'express';
import type { Projection } from '@estate/projections';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';
import type { Config } from './config';
import type { Job, JobQueue } from './jobs/port';
import { routeLabel } from './metrics';

/**
 * Traces with OpenTelemetry (issue 43, item 2), off unless an OTLP endpoint is configured. Spans are
 * made here explicitly, with the public API only (no auto-instrumentation): a request, a command, an
 * append, a projection or reactor handling an event, a job, a WebSocket push. The W3C trace context
 * travels in event metadata (`traceparent`, `tracestate`, set at append), so the process that handles
 * an event continues the trace of the request that appended it.
 */

export { SpanKind };

const TRACER = 'estate';
/** whether a tracer provider is registered: when not, no span is made at all (not even a no-op one) */
let tracing = false;

/** W3C trace context as carried in event metadata and bus messages */
export type TraceCarrier = { traceparent?: string; tracestate?: string };

/**
 * Events older than this are handled without a span: a rebuild or a long catch-up would otherwise
 * attach millions of spans to traces that ended long ago.
 */
export const CONTINUED_WITHIN_MS = 15 * 60_000;

/** The trace context of the current span, to be carried by an event or a message; undefined when not tracing. */
export function currentTraceContext(): TraceCarrier | undefined {
  if (!tracing) return undefined;
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}

export type SpanOptions = {
  kind?: SpanKind;
  attributes?: Attributes;
  /** the parent (an event's carried context); the active context when absent */
  parent?: Context;
  links?: Link[];
};

/** Runs fn in a span of its own (ended when fn settles, an error recorded); without tracing, just runs fn. */
export function inSpan<T>(name: string, options: SpanOptions, fn: (span?: Span) => Promise<T>): Promise<T> {
  if (!tracing) return fn();
  const { parent, ...spanOptions } = options;
  return trace
    .getTracer(TRACER)
    .startActiveSpan(name, spanOptions, parent ?? context.active(), async (span) => {
      try {
        return await fn(span);
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    });
}

/** An event as the tracing needs it: its type, id, time and metadata (the carried trace context). */
type TracedEvent = {
  type: string;
  eventId: string;
  position: number;
  occurredAt: string;
  metadata: TraceCarrier;
};

/**
 * Handles an event in a child span of the span that appended it (another process's, often), so
 * the request, its command, the append and every projection and reactor it wakes make one trace.
 * Child spans rather than links: each event has exactly one cause, and a trace viewer shows a
 * child in the request's tree, where a link would start a trace of its own. Events that carry no
 * trace context (appended before tracing, or with it off) or are older than CONTINUED_WITHIN_MS
 * are handled without a span.
 */
export function inEventSpan<T>(
  name: string,
  event: TracedEvent,
  attributes: Attributes,
  fn: () => Promise<T>,
): Promise<T> {
  if (!tracing || !event.metadata.traceparent) return fn();
  if (Date.now() - Date.parse(event.occurredAt) > CONTINUED_WITHIN_MS) return fn();
  return inSpan(
    name,
    {
      kind: SpanKind.CONSUMER,
      parent: contextOf(event.metadata),
      attributes: {
        'event.type': event.type,
        'event.id': event.eventId,
        'event.position': event.position,
        ...attributes,
      },
    },
    fn,
  );
}

/**
 * The projections with a span per event each one handles (`project <name>`), continuing the
 * event's trace; as they are when tracing is off, so a rebuild without tracing pays nothing.
 */
export function tracedProjections(projections: Projection[]): Projection[] {
  if (!tracing) return projections;
  return projections.map((projection) => {
    const handles = projection.handles ? new Set<string>(projection.handles) : null;
    return {
      ...projection,
      apply: (event, store) =>
        handles && !handles.has(event.type)
          ? projection.apply(event, store)
          : inEventSpan(`project ${projection.name}`, event, { projection: projection.name }, () =>
              projection.apply(event, store),
            ),
    };
  });
}

/** The context a carried trace context continues: the parent of the span that handles it. */
export function contextOf(carrier: TraceCarrier): Context {
  return propagation.extract(ROOT_CONTEXT, carrier);
}

// ---------------------------------------------------------------- log scope

/** What every log line written while handling something carries (core/logger.ts's mixin). */
export type LogScope = {
  requestId?: string;
  /** the chain of commands and reactions this work belongs to (event metadata's correlationId) */
  correlationId?: string;
  /** the event this work follows (a reactor's), the causationId of the commands it runs */
  causationId?: string;
};

const scopes = new AsyncLocalStorage<LogScope>();

/** Runs fn with the scope's ids on every log line and as the default metadata of the commands it runs. */
export const inLogScope = <T>(scope: LogScope, fn: () => T): T => scopes.run(scope, fn);

export const currentLogScope = (): LogScope | undefined => scopes.getStore();

/** The ids of the current request or event and, when tracing, of the current span: merged into every log line. */
export function logIds(): Record<string, string> {
  const scope = scopes.getStore();
  const ids: Record<string, string> = {};
  if (scope?.requestId) ids.requestId = scope.requestId;
  if (scope?.correlationId) ids.correlationId = scope.correlationId;
  if (tracing) {
    const span = trace.getActiveSpan()?.spanContext();
    if (span && trace.isSpanContextValid(span)) {
      ids.traceId = span.traceId;
      ids.spanId = span.spanId;
    }
  }
  return ids;
}

// ---------------------------------------------------------------- requests and jobs

/** A request's id: the caller's X-Request-Id (64 characters at most) or a new one, answered in X-Request-Id. */
export function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const id = (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * The request's id (the caller's X-Request-Id, or a new one; answered in X-Request-Id) as the log
 * scope's request and correlation id, so every line logged while it is handled and every event
 * its commands append carry it; and, when tracing, the request's server span (named by its
 * declared route once answered, never by the URL with its ids). An incoming `traceparent` is not
 * followed: the site is public, and a caller must not choose what is sampled.
 */
export const requestScope: RequestHandler = (req, res, next) => {
  const requestId = requestIdOf(req, res);
  req.id = requestId;
  inLogScope({ requestId, correlationId: requestId }, () => {
    if (!tracing) return next();
    const tracer = trace.getTracer(TRACER);
    const span = tracer.startSpan(
      `${req.method} request`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'request.id': requestId } },
      ROOT_CONTEXT,
    );
    // an unsampled request's span records nothing: it only carries the decision to what the request does
    if (span.isRecording())
      res.once('close', () => {
        const route = routeLabel(req);
        span.updateName(`${req.method} ${route}`);
        span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
    context.with(trace.setSpan(ROOT_CONTEXT, span), next);
  });
};

/** the trace contexts of the jobs this process queued lately, by queue and job id */
const QUEUED_REMEMBERED = 10_000;

/**
 * The job queue with a span per job run (every attempt), a child of the span that queued the job
 * when this process queued it (the reactors queue the worker's own jobs): the trace context is
 * kept beside the queue, never in the job's data, which the handlers validate as they are.
 */
export function tracingJobs(jobs: JobQueue): JobQueue {
  const queued = new Map<string, TraceCarrier>();
  return {
    get name() {
      return jobs.name;
    },
    add: async (queue, name, data, options) => {
      const carrier = currentTraceContext();
      const id = await jobs.add(queue, name, data, options);
      if (carrier) {
        queued.set(`${queue}:${id}`, carrier);
        if (queued.size > QUEUED_REMEMBERED) queued.delete(queued.keys().next().value!);
      }
      return id;
    },
    process: <T>(
      queue: string,
      handler: (job: Job<T>) => Promise<unknown>,
      options?: { concurrency?: number },
    ) =>
      jobs.process<T>(
        queue,
        (job) => {
          if (!tracing) return handler(job);
          const carrier = queued.get(`${queue}:${job.id}`);
          return inSpan(
            `job ${queue}`,
            {
              kind: SpanKind.CONSUMER,
              parent: carrier ? contextOf(carrier) : ROOT_CONTEXT,
              attributes: { 'job.queue': queue, 'job.name': job.name, 'job.attempt': job.attemptsMade },
            },
            () => handler(job),
          );
        },
        options,
      ),
    deadLetters: (queue) => jobs.deadLetters(queue),
    retryDead: (queue, jobId) => jobs.retryDead(queue, jobId),
    counts: (queue) => jobs.counts(queue),
    compact: () => jobs.compact?.() ?? Promise.resolve(),
    close: () => jobs.close(),
  };
}

// ---------------------------------------------------------------- the SDK

export type TracingSettings = Pick<
  Config,
  | 'ROLE'
  | 'OTEL_EXPORTER_OTLP_ENDPOINT'
  | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'
  | 'OTEL_SERVICE_NAME'
  | 'OTEL_TRACES_SAMPLER_ARG'
  | 'OTEL_SDK_DISABLED'
>;

/** Where spans are sent: the traces endpoint as given, or the OTLP endpoint's /v1/traces; null: tracing is off. */
export function tracesEndpoint(settings: TracingSettings): string | null {
  if (settings.OTEL_SDK_DISABLED) return null;
  if (settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (!settings.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  return `${settings.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
}

export type Tracing = {
  endpoint: string;
  serviceName: string;
  /** sends the spans still buffered and unregisters the provider (spans are no longer made) */
  stop(): Promise<void>;
};

/**
 * Registers the tracer provider when an endpoint is configured: spans sampled by a parent-based
 * ratio (a trace is kept or dropped whole, in every process: the sampled flag travels with the
 * context), batched and exported over OTLP/HTTP (JSON). The service is named per role
 * (`estate-api`, `estate-projector`, `estate-worker`, `estate` for all). Null when off.
 */
export async function startTracing(settings: TracingSettings): Promise<Tracing | null> {
  const endpoint = tracesEndpoint(settings);
  if (!endpoint) return null;
  // loaded only when configured: a start without tracing does not pay for the SDK's imports
  const { NodeTracerProvider, BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler } =
    await import('@opentelemetry/sdk-trace-node');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  const serviceName =
    settings.OTEL_SERVICE_NAME ?? (settings.ROLE === 'all' ? 'estate' : `estate-${settings.ROLE}`);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': serviceName,
      'service.instance.id': `${hostname()}:${process.pid}`,
    }),
    sampler: new ParentBasedSampler({
      root: new TraceIdRatioBasedSampler(settings.OTEL_TRACES_SAMPLER_ARG),
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: endpoint }))],
  });
  // the AsyncLocalStorage context manager and the W3C trace-context propagator
  provider.register();
  tracing = true;
  return {
    endpoint,
    serviceName,
    async stop() {
      tracing = false;
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
