import { hostname } from 'node:os';
import { ProjectorLease, runWhileLeased } from '@estate/projections';
import { createHttpServer } from './core/server';
import { buildContext, closeContext, erasureRebuilds, projectorRunner } from './bootstrap';
import { ConfigError, loadConfig } from './core/config';
import { createApp } from './app';
import { SLICES } from './slices';
import { ChatSockets } from './chats';
import { startMetricsServer } from './core/metrics';
import { startTracing } from './core/tracing';
import type { AppContext } from './core/context';
import { adminEndpoint, adminTargetsOf, type AdminTargets } from './operations';

/**
 * Every role's own metrics on the internal port, when METRICS_PORT is set (core/metrics.ts), and
 * there, with ADMIN_TOKEN, the operator's calls on what this process runs (operations/control.ts).
 */
async function serveMetrics(ctx: AppContext, projections?: AdminTargets['projections']) {
  const { METRICS_PORT, METRICS_HOST, ADMIN_TOKEN } = ctx.config;
  if (METRICS_PORT === undefined) return null;
  const admin = adminEndpoint(adminTargetsOf(ctx, projections), ADMIN_TOKEN);
  const served = await startMetricsServer(ctx.metrics, METRICS_PORT, METRICS_HOST, admin);
  ctx.logger.info(
    { port: served.port, role: ctx.config.ROLE, admin: Boolean(ADMIN_TOKEN) },
    'metrics served at /metrics',
  );
  return served;
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // before the context: the projections it builds are traced only when tracing is on (core/tracing.ts)
  const tracing = await startTracing(config);
  if (tracing) console.log(`traces: ${tracing.serviceName} → ${tracing.endpoint}`);
  const ctx = await buildContext(config);
  // a projector's runner, which the operator may rebuild read models with only while it leads
  const projector = config.ROLE === 'projector' ? projectorRunner(ctx) : null;
  let leased: ReturnType<typeof runWhileLeased> | null = null;
  const metricsServer = await serveMetrics(
    ctx,
    projector ? () => (leased?.leading ? projector : null) : undefined,
  );
  const onSignal = (stop: (signal: string) => Promise<void>) => {
    // the spans still buffered are sent before the process stops
    const stopping = (signal: string) => void stop(signal);
    const flushed = (signal: string) => () =>
      void (tracing ? tracing.stop().finally(() => stopping(signal)) : stopping(signal));
    process.on('SIGINT', flushed('SIGINT'));
    process.on('SIGTERM', flushed('SIGTERM'));
  };

  if (projector) {
    const owner = `${hostname()}:${process.pid}`;
    let erasures: ReturnType<typeof erasureRebuilds> | null = null;
    const leading = runWhileLeased(
      projector,
      new ProjectorLease(ctx.readStore, owner, config.PROJECTOR_LEASE_MS),
      {
        renewEveryMs: Math.floor(config.PROJECTOR_LEASE_MS / 3),
        onChange: (leading) => {
          ctx.logger.info(
            { owner, leading },
            leading ? 'projector leads' : 'projector lost its lease; standing by',
          );
          // only the leader rebuilds after an erasure: a standby would move the shared checkpoint past it
          if (leading) {
            erasures = erasureRebuilds(ctx, projector);
            erasures
              .start()
              .catch((error: unknown) => ctx.logger.error({ err: error }, 'following erasures failed'));
          } else void erasures?.stop();
        },
      },
    );
    leased = leading;
    ctx.logger.info({ owner }, 'projector started (standby until it holds the lease)');
    onSignal(async () => {
      await erasures?.stop();
      await leading.stop();
      await metricsServer?.close();
      await closeContext(ctx);
      process.exit(0);
    });
    return;
  }
  if (config.ROLE === 'worker') {
    // the queue processors (SMS, e-mail) started with the context's background work
    ctx.logger.info({ jobs: ctx.jobs.name, bus: ctx.bus.name }, 'worker started');
    onSignal(async () => {
      await metricsServer?.close();
      await closeContext(ctx);
      process.exit(0);
    });
    return;
  }

  if (config.SEED)
    for (const slice of SLICES) {
      const seeded = await slice.seed?.(ctx);
      if (seeded?.created)
        ctx.logger.info({ slice: slice.name, listings: seeded.listings }, 'demo data created');
    }
  const app = createApp(ctx);
  const server = createHttpServer(app);
  // the chats' live pushes on the same server (/api/ws)
  const sockets = new ChatSockets(ctx);
  await sockets.attach(server);
  ctx.metrics.watch({ sockets: () => sockets.openSockets });
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // PUBLIC_URL defaults to http://localhost:PORT outside production; PORT=0 picks a port only known now
  const base =
    config.PORT === 0 && config.NODE_ENV !== 'production' ? `http://localhost:${port}` : config.PUBLIC_URL;
  // performance.now() counts from the process start, so loading the code is included
  const readyMs = Math.round(performance.now());
  ctx.logger.info({ port, readyMs, events: ctx.projections.position }, 'marketplace ready');
  // what a snapshot's start left to load is loaded now, a frame at a time between requests
  void ctx.loadReadModels().then(
    () => ctx.logger.info({ ms: Math.round(performance.now()) }, 'read models loaded'),
    (error: unknown) => ctx.logger.error({ err: error }, 'read models not loaded'),
  );
  console.log(
    `\nМаркетплейс запущен за ${readyMs} мс (событий в журнале: ${ctx.projections.position})\n  сайт:    ${base}/prodazha\n  кабинет: ${base}/cabinet/  (вход по СМС: 79990000001 — владелец агентства, 79990000011 — агент, 79990000100 — пользователь)\n  API:     ${base}/api/docs${config.NODE_ENV !== 'production' ? `\n  коды из СМС (режим разработки): ${base}/api/dev/sms?phone=79990000001` : ''}\n`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.logger.info({ signal }, 'stopping');
    server.close();
    server.closeAllConnections();
    await sockets.close();
    await metricsServer?.close();
    await closeContext(ctx);
    process.exit(0);
  };
  onSignal(stop);
}

main().catch((error) => {
  console.error('Не удалось запустить маркетплейс:', error);
  process.exit(1);
});
