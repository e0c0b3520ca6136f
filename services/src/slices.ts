import type { AppContext } from './core/context';
import type { Reactor } from './core/reactors/reactor';
import type { Workflow } from './core/workflow';
import { agencyReactors, agencyWorkflows } from './agencies';
import { bookingReactors, bookingWorkflows } from './bookings';
import { chatNoticeReactors, chatReactors } from './chats';
import { contentWorkflows } from './content';
import { complaintWorkflows } from './complaints';
import { identityReactors } from './identity';
import { leadReactors } from './leads';
import { savedSearchReactors } from './savedSearches';
import { mediaReactors } from './media';
import { moneyReactors, moneyWorkflows } from './money';
import { publicationReactors } from './publications';

/**
 * What the slices give the process beside their routes: the reactors that follow facts on the log
 * (notifications, chat messages about bookings …) and the workflows the background resumes after a
 * crash. Each slice exports its own from its index.ts; they are gathered here.
 */
/** Reactors act through the process's ports (the queues, the configuration), so each slice's are made with them. */
export const allReactors = (ctx: AppContext): Reactor[] => [
  ...identityReactors(ctx),
  ...agencyReactors(ctx),
  ...moneyReactors(ctx),
  ...bookingReactors(ctx),
  ...chatReactors(ctx),
  ...chatNoticeReactors(ctx),
  ...publicationReactors(ctx),
  ...mediaReactors(ctx),
  ...leadReactors(ctx),
  ...savedSearchReactors(ctx),
];
export const allWorkflows: Workflow<never, unknown>[] = [
  ...agencyWorkflows,
  ...(moneyWorkflows as Workflow<never, unknown>[]),
  ...bookingWorkflows,
  ...(contentWorkflows as Workflow<never, unknown>[]),
  ...(complaintWorkflows as Workflow<never, unknown>[]),
];
