import type { AppContext } from './core/context';
import { startDomainEventForwarder } from './core/forwarder';
import { WORKFLOWS, type WorkflowDocument } from '@estate/projections';
import type { SliceManifest, Stopper } from './core/slice';
import { resumeWorkflow, type Workflow } from './core/workflow';
import { allWorkflows, SLICES } from './slices';

/** A workflow untouched this long while running or undoing was left by a crash (a live one moves in milliseconds). */
const STALLED_AFTER_MS = 30_000;
const RECOVERY_EVERY_MS = 60_000;

/**
 * Finishes the use cases a crash left half-way: every workflow still running or undoing after
 * STALLED_AFTER_MS is run again from its stream (it goes on, or finishes undoing).
 */
async function resumeStalledWorkflows(ctx: AppContext, workflows: Workflow<never, unknown>[]) {
  const stalledBefore = new Date(ctx.clock().getTime() - STALLED_AFTER_MS).toISOString();
  const stalled = await ctx.readStore
    .collection<WorkflowDocument>(WORKFLOWS)
    .find(
      { status: { $in: ['running', 'compensating'] }, updatedAt: { $lt: stalledBefore } },
      { limit: 100 },
    );
  for (const workflow of stalled) {
    try {
      const outcome = await resumeWorkflow(ctx.eventStore, workflows, workflow._id, {
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

function startWorkflowRecovery(ctx: AppContext, workflows: Workflow<never, unknown>[]) {
  const sweep = () =>
    resumeStalledWorkflows(ctx, workflows).catch((error) =>
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
 * What runs beside the HTTP API in one process (ROLE=all) or in the worker: each slice's background
 * work in the slices' order (the SMS and e-mail processors, the statistics consumer, the payment,
 * promotion-billing, photo-size and digest processors), the recovery of stalled workflows and, when
 * there is a Kafka for other processes to read, the domain-event forwarder.
 */
export async function startBackground(ctx: AppContext, slices: readonly SliceManifest[] = SLICES) {
  const stoppers: Stopper[] = [];
  for (const slice of slices) if (slice.start) stoppers.push(await slice.start(ctx));
  stoppers.push(startWorkflowRecovery(ctx, allWorkflows(slices)));
  if (ctx.config.KAFKA_BROKERS) stoppers.push(await startDomainEventForwarder(ctx));
  return {
    async stop() {
      await Promise.all(stoppers.map((s) => s.stop()));
    },
  };
}
