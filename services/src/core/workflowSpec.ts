import type { Workflow, WorkflowStep } from './workflow';

/** `undo` points only fire when a later step is refused */
export type CrashPoint<Input, Output> = {
  label: string;
  during: 'run' | 'undo';
  workflow: Workflow<Input, Output>;
};

export class InjectedCrash extends Error {
  constructor(where: string) {
    super(`injected crash ${where}`);
    this.name = 'InjectedCrash';
  }
}

/**
 * Every place a process can die inside a workflow: before and after each step's command, and
 * before and after each undo. Each point is the same workflow with a crash put there; a test runs
 * it, checks that what is left is a state the rules allow, then runs the real workflow again with
 * the same id and checks that it finishes the work exactly once.
 */
export function crashPoints<Input, Output>(workflow: Workflow<Input, Output>): CrashPoint<Input, Output>[] {
  const points: CrashPoint<Input, Output>[] = [];
  const withStep = (index: number, step: WorkflowStep<Input>): Workflow<Input, Output> => ({
    ...workflow,
    steps: workflow.steps.map((s, i) => (i === index ? step : s)),
  });
  workflow.steps.forEach((step, index) => {
    points.push({
      label: `before ${step.name}`,
      during: 'run',
      workflow: withStep(index, {
        ...step,
        run: async () => Promise.reject(new InjectedCrash(`before ${step.name}`)),
      }),
    });
    points.push({
      label: `after ${step.name}`,
      during: 'run',
      workflow: withStep(index, {
        ...step,
        run: async (run) => {
          await step.run(run);
          throw new InjectedCrash(`after ${step.name}`);
        },
      }),
    });
    if (step.undo) {
      const undo = step.undo.bind(step);
      points.push({
        label: `after undoing ${step.name}`,
        during: 'undo',
        workflow: withStep(index, {
          ...step,
          undo: async (run) => {
            await undo(run);
            throw new InjectedCrash(`after undoing ${step.name}`);
          },
        }),
      });
    }
  });
  return points;
}
