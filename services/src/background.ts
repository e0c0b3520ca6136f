import type { AppContext } from './core/context';
import { startDomainEventForwarder } from './core/forwarder';
import { startStatisticsConsumer } from './statistics';
import { recordCodeDelivery } from './identity';
import { startNotificationWorkers } from './notifications';
import { startBillingWorker, startPaymentWorker } from './money';
import { startImageWorker } from './media';
import { startDigestWorker } from './savedSearches';
import { WORKFLOWS, type WorkflowDocument } from '@estate/projections';
import { resumeWorkflow } from './core/workflow';
import { allWorkflows } from './slices';

/** A workflow untouched this long while running or undoing was left by a crash (a live one moves in milliseconds). */
const STALLED_AFTER_MS = 30_000;
const RECOVERY_EVERY_MS = 60_000;

/**
 * Finishes the use cases a crash left half-way: every workflow still running or undoing after
 * STALLED_AFTER_MS is run again from its stream (it goes on, or finishes undoing).
 */
async function resumeStalledWorkflows(ctx: AppContext) {
  const stalledBefore = new Date(ctx.clock().getTime() - STALLED_AFTER_MS).toISOString();
  const stalled = await ctx.readStore
    .collection<WorkflowDocument>(WORKFLOWS)
    .find(
      { status: { $in: ['running', 'compensating'] }, updatedAt: { $lt: stalledBefore } },
      { limit: 100 },
    );
  for (const workflow of stalled) {
    try {
      const outcome = await resumeWorkflow(ctx.eventStore, allWorkflows as never, workflow._id, {
        actor: 'recovery',
      });
      ctx.logger.info({ workflowId: workflow._id, name: workflow.name, outcome }, 'workflow resumed');
    } catch (error) {
      ctx.logger.error(
        { err: error, workflowId: workflow._id, name: workflow.name },
        'workflow could not be resumed',
      );
    }
  }
}

function startWorkflowRecovery(ctx: AppContext) {
  const sweep = () =>
    resumeStalledWorkflows(ctx).catch((error) =>
      ctx.logger.error({ err: error }, 'workflow recovery failed'),
    );
  let running = sweep();
  const timer = setInterval(() => {
    running = running.then(sweep);
  }, RECOVERY_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * What runs beside the HTTP API in one process (ROLE=all) or in the worker: the statistics consumer,
 * the SMS, e-mail, payment, promotion-billing and photo-size processors and, when there is a Kafka for other processes to read, the domain-event forwarder.
 */
export async function startBackground(ctx: AppContext) {
  const statistics = await startStatisticsConsumer(ctx);
  ctx.interactions = statistics;
  const stoppers = [
    statistics,
    await startNotificationWorkers(ctx, recordCodeDelivery),
    await startPaymentWorker(ctx),
    await startBillingWorker(ctx),
    await startImageWorker(ctx),
    await startDigestWorker(ctx),
    startWorkflowRecovery(ctx),
  ];
  if (ctx.config.KAFKA_BROKERS) stoppers.push(await startDomainEventForwarder(ctx));
  return {
    async stop() {
      await Promise.all(stoppers.map((s) => s.stop()));
    },
  };
}
