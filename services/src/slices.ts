import type { Reactor } from './core/reactors/reactor';
import type { Workflow } from './core/workflow';

/**
 * What the slices give the process beside their routes: the reactors that follow facts on the log
 * (notifications, chat messages about bookings …) and the workflows the background resumes after a
 * crash. Each slice exports its own from its index.ts; they are gathered here.
 */
export const allReactors: Reactor[] = [];
export const allWorkflows: Workflow<never, unknown>[] = [];
