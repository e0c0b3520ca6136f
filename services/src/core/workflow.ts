import type { EventOf, EventStore } from '@estate/events';
import { fold, type CommandContext, type Decider, commandHandler } from './decider';
import { DomainError, type ErrorKind, type FieldErrors } from './errors';
import { StreamQueueFullError } from './streamQueue';

/**
 * A use case that changes several streams (accept a booking: the calendar, then the request; pay
 * a tariff: the wallet, then the listing) as an ordered list of steps. Each step is one command to
 * one stream and, where it can be undone, the command that undoes it.
 *
 * - A step's refusal (a DomainError: not enough money, the nights are taken) undoes the steps done,
 *   newest first, and reaches the caller as that refusal.
 * - Any other failure (the process dies, the store is unreachable, a stream's queue is full) leaves
 *   the workflow where it was; running it again with the same id — a retry by the client, or
 *   `resumeWorkflows` at start — goes on from the first step not done, or finishes undoing.
 * - So every step must be idempotent: run again after it succeeded, it changes nothing (commands
 *   carry ids derived from the workflow id, and deciders answer a repeated id with no events).
 *
 * The progress lives on the stream `workflow-<id>`: the input (to resume), each step done with its
 * result, the refusal, each step undone. The rules stay in the deciders: a workflow never checks
 * them itself and never calls a decider to make it throw.
 */
export type WorkflowStep<Input> = {
  name: string;
  /** Runs the step's command. Its result is kept and given to later steps. */
  run(run: StepRun<Input>): Promise<unknown>;
  /** Undoes the step after a later step was refused (absent: nothing to undo). */
  undo?(run: StepRun<Input>): Promise<void>;
};

export type StepRun<Input> = {
  input: Input;
  workflowId: string;
  store: EventStore;
  /** results of the steps done so far, by step name */
  results: Readonly<Record<string, unknown>>;
  meta: CommandContext;
};

export type Workflow<Input, Output> = {
  name: string;
  steps: WorkflowStep<Input>[];
  /** what the caller is answered once every step is done */
  output(done: { input: Input; results: Readonly<Record<string, unknown>> }): Output;
};

export const defineWorkflow = <Input, Output>(workflow: Workflow<Input, Output>) => workflow;
export const workflowStream = (workflowId: string) => `workflow-${workflowId}`;

type Failure = { kind: string; message: string; errors?: FieldErrors };
export type WorkflowState = {
  status: 'new' | 'running' | 'compensating' | 'completed' | 'compensated';
  name: string | null;
  input: unknown;
  results: Record<string, unknown>;
  /** steps done and not undone, in the order they were done */
  done: string[];
  failure: Failure | null;
};
type WorkflowEvent =
  | EventOf<'WorkflowStarted'>
  | EventOf<'WorkflowStepCompleted'>
  | EventOf<'WorkflowStepFailed'>
  | EventOf<'WorkflowStepUndone'>
  | EventOf<'WorkflowCompleted'>
  | EventOf<'WorkflowCompensated'>;
type WorkflowCommand =
  | { type: 'Start'; workflowId: string; name: string; input: unknown }
  | { type: 'CompleteStep'; step: string; result: unknown }
  | { type: 'FailStep'; step: string; failure: Failure }
  | { type: 'UndoStep'; step: string }
  | { type: 'Complete' }
  | { type: 'Compensate' };

/** The workflow's own stream: it records progress; idempotent in every command. */
export const workflowDecider: Decider<WorkflowCommand, WorkflowState, WorkflowEvent> = {
  initialState: () => ({ status: 'new', name: null, input: null, results: {}, done: [], failure: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'WorkflowStarted':
        return { ...state, status: 'running', name: event.data.name, input: event.data.input };
      case 'WorkflowStepCompleted':
        return {
          ...state,
          results: { ...state.results, [event.data.step]: event.data.result },
          done: [...state.done, event.data.step],
        };
      case 'WorkflowStepFailed':
        return { ...state, status: 'compensating', failure: event.data.failure };
      case 'WorkflowStepUndone':
        return { ...state, done: state.done.filter((step) => step !== event.data.step) };
      case 'WorkflowCompleted':
        return { ...state, status: 'completed' };
      case 'WorkflowCompensated':
        return { ...state, status: 'compensated' };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'Start':
        return state.status === 'new'
          ? [
              {
                type: 'WorkflowStarted',
                data: { workflowId: command.workflowId, name: command.name, input: command.input },
              },
            ]
          : [];
      case 'CompleteStep':
        return state.status === 'running' && !state.done.includes(command.step)
          ? [{ type: 'WorkflowStepCompleted', data: { step: command.step, result: command.result ?? null } }]
          : [];
      case 'FailStep':
        return state.status === 'running'
          ? [{ type: 'WorkflowStepFailed', data: { step: command.step, failure: command.failure } }]
          : [];
      case 'UndoStep':
        return state.status === 'compensating' && state.done.includes(command.step)
          ? [{ type: 'WorkflowStepUndone', data: { step: command.step } }]
          : [];
      case 'Complete':
        return state.status === 'running' ? [{ type: 'WorkflowCompleted', data: {} }] : [];
      case 'Compensate':
        return state.status === 'compensating' ? [{ type: 'WorkflowCompensated', data: {} }] : [];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

const failureOf = (error: DomainError): Failure => ({
  kind: error.kind,
  message: error.message,
  ...(error.errors ? { errors: error.errors } : {}),
});
const refusalOf = (failure: Failure) =>
  new DomainError(failure.kind as ErrorKind, failure.message, failure.errors);

/**
 * Runs (or resumes) the workflow with this id. The same id with the same input is the same use
 * case: a client retry after a timeout, a double click with one idempotency key, a resume after
 * a crash — each ends with the one outcome.
 */
export async function runWorkflow<Input, Output>(
  store: EventStore,
  workflow: Workflow<Input, Output>,
  workflowId: string,
  input: Input,
  meta: CommandContext = {},
): Promise<Output> {
  const stream = workflowStream(workflowId);
  const record = (command: WorkflowCommand) => handleWorkflow(store, workflowId, command, meta);
  let state = fold(workflowDecider, await store.readStream(stream));
  if (state.status === 'new')
    state = (await record({ type: 'Start', workflowId, name: workflow.name, input })).state;
  if (state.name !== workflow.name)
    throw new Error(`workflow ${workflowId} is a ${state.name}, not a ${workflow.name}`);
  const startedWith = state.input as Input;
  const run = (): StepRun<Input> => ({ input: startedWith, workflowId, store, results: state.results, meta });

  if (state.status === 'running') {
    for (const step of workflow.steps) {
      if (state.done.includes(step.name)) continue;
      try {
        const result = await step.run(run());
        state = (await record({ type: 'CompleteStep', step: step.name, result: result ?? null })).state;
      } catch (error) {
        // not a refusal (a failure, or a stream too busy to take the step now): left for a retry to finish
        if (!(error instanceof DomainError) || error instanceof StreamQueueFullError) throw error;
        state = (await record({ type: 'FailStep', step: step.name, failure: failureOf(error) })).state;
        break;
      }
    }
    if (state.status === 'running') state = (await record({ type: 'Complete' })).state;
  }

  if (state.status === 'compensating') {
    for (const name of [...state.done].reverse()) {
      await workflow.steps.find((s) => s.name === name)?.undo?.(run());
      state = (await record({ type: 'UndoStep', step: name })).state;
    }
    state = (await record({ type: 'Compensate' })).state;
  }

  if (state.status === 'compensated') throw refusalOf(state.failure!);
  return workflow.output({ input: startedWith, results: state.results });
}

/**
 * Finishes the workflows a crash left half-way (run from the background at start): each is run
 * again from its stream, going on or undoing, as its recorded state says.
 */
export async function resumeWorkflow(
  store: EventStore,
  workflows: Workflow<unknown, unknown>[],
  workflowId: string,
  meta: CommandContext = {},
) {
  const state = fold(workflowDecider, await store.readStream(workflowStream(workflowId)));
  if (state.status !== 'running' && state.status !== 'compensating') return 'finished' as const;
  const workflow = workflows.find((w) => w.name === state.name);
  if (!workflow) throw new Error(`unknown workflow ${state.name} (${workflowId})`);
  try {
    await runWorkflow(store, workflow, workflowId, state.input, meta);
    return 'completed' as const;
  } catch (error) {
    if (error instanceof DomainError && !(error instanceof StreamQueueFullError))
      return 'compensated' as const;
    throw error;
  }
}

/** The workflows' own stream's command handler (core/decider.ts `commandHandler`): what a run records. */
export const handleWorkflow = commandHandler(workflowDecider, workflowStream);
