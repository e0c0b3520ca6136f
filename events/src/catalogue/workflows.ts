import { z } from 'zod';

const stepName = z.string().min(1).max(64);
const failure = z.object({
  kind: z.string().max(64),
  message: z.string().max(1000),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/**
 * A use case that writes several streams keeps its progress on a stream of its own,
 * `workflow-<id>`: what it was asked (so it can be resumed after a crash), each step done, the
 * refusal that stopped it and each step undone. The steps' own events live on their streams.
 */
export const workflowEvents = {
  WorkflowStarted: z.object({
    workflowId: z.string().min(1).max(200),
    name: z.string().min(1).max(64),
    input: z.unknown(),
  }),
  WorkflowStepCompleted: z.object({ step: stepName, result: z.unknown() }),
  WorkflowStepFailed: z.object({ step: stepName, failure }),
  WorkflowStepUndone: z.object({ step: stepName }),
  WorkflowCompleted: z.object({}),
  WorkflowCompensated: z.object({}),
};
