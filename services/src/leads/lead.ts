import { MODERATOR_ROLE, type EventData, type EventOf, type LeadStatus, type Role } from '@estate/events';
import { commandHandler, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';

export type LeadEvent =
  | EventOf<'LeadReceived'>
  | EventOf<'LeadTaken'>
  | EventOf<'LeadNoteAdded'>
  | EventOf<'LeadCompleted'>
  | EventOf<'LeadMarkedSpam'>
  | EventOf<'LeadAnswered'>;

/** who handles the lead: a moderator, named as the history will show them */
export type LeadHandler = { userId: string; name: string; role: Role };

export type LeadCommand =
  | { type: 'ReceiveLead'; lead: EventData<'LeadReceived'> }
  /** a moderator takes the lead into work (or over from another moderator) */
  | { type: 'TakeLead'; leadId: string; by: LeadHandler }
  /** done, with the answer the person is sent (if the moderator wrote one) */
  | { type: 'CompleteLead'; leadId: string; by: LeadHandler; answer?: LeadAnswer }
  | { type: 'MarkLeadSpam'; leadId: string; by: LeadHandler }
  /** a call-back note; its id makes a retried request add it once */
  | { type: 'AddLeadNote'; leadId: string; noteId: string; text: string; by: LeadHandler }
  /** an answer to the person (SMS, and a letter when an address is known); its id makes a retry answer once */
  | { type: 'AnswerLead'; leadId: string; answer: LeadAnswer; by: LeadHandler };

export type LeadAnswer = { answerId: string; text: string };

export type Lead = {
  exists: boolean;
  status: LeadStatus;
  takenBy: string | null;
  noteIds: ReadonlySet<string>;
  answerIds: ReadonlySet<string>;
};

export const leadStream = (leadId: string) => `lead-${leadId}`;

const NOT_FOUND = () => new DomainError('NOT_FOUND', 'Заявка не найдена');

function evolve(lead: Lead, event: LeadEvent): Lead {
  switch (event.type) {
    case 'LeadReceived':
      return { ...lead, exists: true, status: 'new' };
    case 'LeadTaken':
      return { ...lead, status: 'in-work', takenBy: event.data.moderatorId };
    case 'LeadNoteAdded':
      return { ...lead, noteIds: new Set(lead.noteIds).add(event.data.noteId) };
    case 'LeadCompleted':
      return { ...lead, status: 'done' };
    case 'LeadMarkedSpam':
      return { ...lead, status: 'spam' };
    case 'LeadAnswered':
      return { ...lead, answerIds: new Set(lead.answerIds).add(event.data.answerId) };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** a moderator's action on a lead that exists; anyone else is refused */
function handled(lead: Lead, by: LeadHandler) {
  if (by.role !== MODERATOR_ROLE) throw new DomainError('FORBIDDEN', 'Заявками занимаются модераторы');
  if (!lead.exists) throw NOT_FOUND();
  return { moderatorId: by.userId, moderatorName: by.name };
}

const closed = (message: string) => new DomainError('ACTION_NOT_ALLOWED', message);

/** the answer's event, once per answer id; a lead marked spam is answered to nobody */
function answered(
  lead: Lead,
  leadId: string,
  answer: LeadAnswer | undefined,
  moderator: ReturnType<typeof handled>,
): LeadEvent[] {
  if (!answer || lead.answerIds.has(answer.answerId)) return [];
  if (lead.status === 'spam') throw closed('Заявка отмечена как спам: ответ не отправляется');
  return [
    { type: 'LeadAnswered', data: { leadId, answerId: answer.answerId, text: answer.text, ...moderator } },
  ];
}

function decide(command: LeadCommand, lead: Lead): LeadEvent[] {
  switch (command.type) {
    case 'ReceiveLead':
      return lead.exists ? [] : [{ type: 'LeadReceived', data: command.lead }];
    case 'TakeLead': {
      const moderator = handled(lead, command.by);
      if (lead.status === 'done' || lead.status === 'spam') throw closed('Заявка уже закрыта');
      if (lead.status === 'in-work' && lead.takenBy === command.by.userId) return [];
      return [{ type: 'LeadTaken', data: { leadId: command.leadId, ...moderator } }];
    }
    case 'CompleteLead': {
      const moderator = handled(lead, command.by);
      if (lead.status === 'spam') throw closed('Заявка отмечена как спам');
      const answer = answered(lead, command.leadId, command.answer, moderator);
      if (lead.status === 'done') return answer;
      return [...answer, { type: 'LeadCompleted', data: { leadId: command.leadId, ...moderator } }];
    }
    case 'AnswerLead': {
      const moderator = handled(lead, command.by);
      return answered(lead, command.leadId, command.answer, moderator);
    }
    case 'MarkLeadSpam': {
      const moderator = handled(lead, command.by);
      if (lead.status === 'spam') return [];
      if (lead.status === 'done') throw closed('Заявка уже выполнена');
      return [{ type: 'LeadMarkedSpam', data: { leadId: command.leadId, ...moderator } }];
    }
    case 'AddLeadNote': {
      const moderator = handled(lead, command.by);
      if (lead.noteIds.has(command.noteId)) return [];
      return [
        {
          type: 'LeadNoteAdded',
          data: { leadId: command.leadId, noteId: command.noteId, text: command.text, ...moderator },
        },
      ];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/**
 * A lead (`lead-<id>`): received once; a moderator takes it into work (another may take it over),
 * then marks it done or spam, each once and never one after the other; call-back notes at any
 * time; answers to the person (with done, or on their own) in any status but spam, each once. Only moderators act on it, and every action names the one who did it.
 */
export const leadDecider: Decider<LeadCommand, Lead, LeadEvent> = {
  initialState: () => ({
    exists: false,
    status: 'new',
    takenBy: null,
    noteIds: new Set(),
    answerIds: new Set(),
  }),
  evolve,
  decide,
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handleLead = commandHandler(leadDecider, leadStream);
