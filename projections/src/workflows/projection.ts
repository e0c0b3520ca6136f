import { workflowEvents } from '@estate/events/catalogue/workflows';
import { defineProjection, eventTypesOf } from '../projection';

export const WORKFLOWS = 'workflows';
export type WorkflowDocument = {
  _id: string;
  revision: number;
  name: string;
  status: 'running' | 'compensating' | 'completed' | 'compensated';
  updatedAt: string;
};

/**
 * Where each use case across streams stands (services/src/core/workflow.ts): the background resumes
 * those a crash left running or compensating.
 */
export const workflowsProjection = defineProjection({
  name: 'workflows',
  version: 1,
  collections: { [WORKFLOWS]: [{ key: { status: 1, updatedAt: 1 } }] },
  handles: eventTypesOf(workflowEvents),
  async apply(event, store) {
    const workflows = store.collection<WorkflowDocument>(WORKFLOWS);
    const workflowId = event.streamId.slice('workflow-'.length);
    if (event.type === 'WorkflowStarted') {
      const current = await workflows.findOne({ _id: workflowId });
      if (current) return; // applied already
      await workflows.insertOne({
        _id: workflowId,
        revision: event.revision,
        name: event.data.name,
        status: 'running',
        updatedAt: event.occurredAt,
      });
      return;
    }
    const status =
      event.type === 'WorkflowStepFailed'
        ? 'compensating'
        : event.type === 'WorkflowCompleted'
          ? 'completed'
          : event.type === 'WorkflowCompensated'
            ? 'compensated'
            : null;
    await workflows.updateOne(
      { _id: workflowId, revision: { $lt: event.revision } },
      { $set: { revision: event.revision, updatedAt: event.occurredAt, ...(status ? { status } : {}) } },
    );
  },
});
