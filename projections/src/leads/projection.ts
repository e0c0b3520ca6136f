import type { EventData, LeadStatus } from '@estate/events';
import { defineProjection } from '../projection';

export const LEADS = 'leads';

export type LeadModerator = { id: string; name: string };
export type LeadHistoryEntry = {
  at: string;
  action: 'received' | 'taken' | 'note' | 'done' | 'spam' | 'answer';
  moderator: LeadModerator | null;
  text: string | null;
};

/** A lead as the moderators read it: the request, where its work stands, and its history. */
export type LeadDocument = Omit<EventData<'LeadReceived'>, 'leadId'> & {
  _id: string;
  /** revision of the lead's stream last applied: the idempotency guard */
  revision: number;
  status: LeadStatus;
  receivedAt: string;
  updatedAt: string;
  takenBy: LeadModerator | null;
  closedBy: LeadModerator | null;
  notesCount: number;
  lastNote: string | null;
  /** the last answer sent to the person (SMS and e-mail) */
  lastAnswer: string | null;
  history: LeadHistoryEntry[];
};

/**
 * The leads (`lead-<id>` streams): one document per lead with its status, who took and who closed
 * it, its notes and every step in order. Each step is applied once, by the stream's revision.
 */
export const leadsProjection = defineProjection({
  name: 'leads',
  // 2: the answers to the person
  version: 2,
  collections: {
    [LEADS]: [
      { key: { receivedAt: -1 } },
      { key: { status: 1, receivedAt: -1 } },
      { key: { kind: 1, receivedAt: -1 } },
      { key: { kind: 1, status: 1, receivedAt: -1 } },
      { key: { phone: 1, receivedAt: -1 } },
    ],
  },
  handles: ['LeadReceived', 'LeadTaken', 'LeadNoteAdded', 'LeadCompleted', 'LeadMarkedSpam', 'LeadAnswered'],
  async apply(event, store) {
    const leads = store.collection<LeadDocument>(LEADS);
    if (event.type === 'LeadReceived') {
      const { leadId, ...lead } = event.data;
      if (await leads.findOne({ _id: leadId })) return; // applied already
      await leads.insertOne({
        _id: leadId,
        revision: event.revision,
        ...lead,
        status: 'new',
        receivedAt: event.occurredAt,
        updatedAt: event.occurredAt,
        takenBy: null,
        closedBy: null,
        notesCount: 0,
        lastNote: null,
        lastAnswer: null,
        history: [{ at: event.occurredAt, action: 'received', moderator: null, text: null }],
      });
      return;
    }
    const { leadId, moderatorId, moderatorName } = event.data;
    const moderator = { id: moderatorId, name: moderatorName };
    const step = (
      action: LeadHistoryEntry['action'],
      fields: Partial<LeadDocument>,
      text: string | null = null,
    ) =>
      leads.updateOne(
        { _id: leadId, revision: { $lt: event.revision } },
        {
          $set: { ...fields, revision: event.revision, updatedAt: event.occurredAt },
          $push: { history: { at: event.occurredAt, action, moderator, text } },
        },
      );
    switch (event.type) {
      case 'LeadTaken':
        await step('taken', { status: 'in-work', takenBy: moderator });
        return;
      case 'LeadCompleted':
        await step('done', { status: 'done', closedBy: moderator });
        return;
      case 'LeadMarkedSpam':
        await step('spam', { status: 'spam', closedBy: moderator });
        return;
      case 'LeadAnswered':
        await step('answer', { lastAnswer: event.data.text }, event.data.text);
        return;
      case 'LeadNoteAdded': {
        const lead = await leads.findOne({ _id: leadId });
        if (!lead || lead.revision >= event.revision) return;
        await step('note', { notesCount: lead.notesCount + 1, lastNote: event.data.text }, event.data.text);
        return;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
});
