import { MODERATOR_ROLE, ROLES, type EventData, type EventOf } from '@estate/events';
import { deciderSpec } from '../core/deciderSpec';
import { leadDecider, type LeadHandler } from './lead';

/**
 * A lead (`lead-<id>`): received once; new → in work → done or spam, each action by a moderator and
 * recorded with their id; notes at any time, each once.
 */
const given = deciderSpec(leadDecider);
const leadId = 'lead-1';
const anna: LeadHandler = { userId: 'mod-anna', name: 'Анна', role: MODERATOR_ROLE };
const boris: LeadHandler = { userId: 'mod-boris', name: 'Борис', role: MODERATOR_ROLE };
const agent: LeadHandler = { userId: 'agent', name: 'Агент', role: ROLES.AGENT };

const lead: EventData<'LeadReceived'> = {
  leadId,
  kind: 'callback',
  name: 'Мария',
  phone: '79161234567',
  text: 'Перезвоните мне',
  titlePage: 'Главная',
  campaignLabel: null,
  selection: null,
  valuation: null,
  userId: null,
  phoneConfirmedBy: 'sms',
};
const received: EventOf<'LeadReceived'> = { type: 'LeadReceived', data: lead };
const by = (h: LeadHandler) => ({ moderatorId: h.userId, moderatorName: h.name });
const taken = (h: LeadHandler): EventOf<'LeadTaken'> => ({ type: 'LeadTaken', data: { leadId, ...by(h) } });
const done = (h: LeadHandler): EventOf<'LeadCompleted'> => ({
  type: 'LeadCompleted',
  data: { leadId, ...by(h) },
});
const spam = (h: LeadHandler): EventOf<'LeadMarkedSpam'> => ({
  type: 'LeadMarkedSpam',
  data: { leadId, ...by(h) },
});
const note = (h: LeadHandler, noteId: string): EventOf<'LeadNoteAdded'> => ({
  type: 'LeadNoteAdded',
  data: { leadId, noteId, text: 'Не дозвонились, перезвонить вечером', ...by(h) },
});

describe('receiving', () => {
  it('records the lead once', () => {
    given([]).when({ type: 'ReceiveLead', lead }).then([received]);
    given([received]).when({ type: 'ReceiveLead', lead }).then([]);
  });
});

describe('taking into work', () => {
  it('records the moderator who took it; the same moderator again changes nothing', () => {
    given([received])
      .when({ type: 'TakeLead', leadId, by: anna })
      .then([taken(anna)]);
    given([received, taken(anna)])
      .when({ type: 'TakeLead', leadId, by: anna })
      .then([]);
  });

  it('lets another moderator take it over', () => {
    given([received, taken(anna)])
      .when({ type: 'TakeLead', leadId, by: boris })
      .then([taken(boris)]);
  });

  it('refuses a closed lead', () => {
    given([received, done(anna)])
      .when({ type: 'TakeLead', leadId, by: boris })
      .thenThrows('ACTION_NOT_ALLOWED');
    given([received, spam(anna)])
      .when({ type: 'TakeLead', leadId, by: boris })
      .thenThrows('ACTION_NOT_ALLOWED');
  });

  it('refuses anyone but a moderator, and a lead that does not exist', () => {
    given([received]).when({ type: 'TakeLead', leadId, by: agent }).thenThrows('FORBIDDEN');
    given([]).when({ type: 'TakeLead', leadId, by: anna }).thenThrows('NOT_FOUND');
  });
});

describe('closing', () => {
  it('marks a lead in work or a new one done, once', () => {
    given([received, taken(anna)])
      .when({ type: 'CompleteLead', leadId, by: anna })
      .then([done(anna)]);
    given([received])
      .when({ type: 'CompleteLead', leadId, by: boris })
      .then([done(boris)]);
    given([received, done(anna)])
      .when({ type: 'CompleteLead', leadId, by: anna })
      .then([]);
  });

  it('marks a lead spam, once', () => {
    given([received])
      .when({ type: 'MarkLeadSpam', leadId, by: anna })
      .then([spam(anna)]);
    given([received, spam(anna)])
      .when({ type: 'MarkLeadSpam', leadId, by: boris })
      .then([]);
  });

  it('never turns done into spam or spam into done', () => {
    given([received, done(anna)])
      .when({ type: 'MarkLeadSpam', leadId, by: anna })
      .thenThrows('ACTION_NOT_ALLOWED');
    given([received, spam(anna)])
      .when({ type: 'CompleteLead', leadId, by: anna })
      .thenThrows('ACTION_NOT_ALLOWED');
  });

  it('refuses anyone but a moderator', () => {
    given([received]).when({ type: 'CompleteLead', leadId, by: agent }).thenThrows('FORBIDDEN');
    given([received]).when({ type: 'MarkLeadSpam', leadId, by: agent }).thenThrows('FORBIDDEN');
  });
});

describe('call-back notes', () => {
  it('adds a note in any status, each note id once', () => {
    const text = 'Не дозвонились, перезвонить вечером';
    given([received, taken(anna)])
      .when({ type: 'AddLeadNote', leadId, noteId: 'n1', text, by: anna })
      .then([note(anna, 'n1')]);
    given([received, done(anna)])
      .when({ type: 'AddLeadNote', leadId, noteId: 'n2', text, by: boris })
      .then([note(boris, 'n2')]);
    given([received, note(anna, 'n1')])
      .when({ type: 'AddLeadNote', leadId, noteId: 'n1', text, by: anna })
      .then([]);
  });

  it('refuses anyone but a moderator', () => {
    given([received])
      .when({ type: 'AddLeadNote', leadId, noteId: 'n1', text: 'Заметка', by: agent })
      .thenThrows('FORBIDDEN');
  });
});

describe('answers to the person (issue 17, item 6)', () => {
  const text = 'Подобрали три квартиры, пришлём их на почту';
  const answered = (h: LeadHandler, answerId: string): EventOf<'LeadAnswered'> => ({
    type: 'LeadAnswered',
    data: { leadId, answerId, text, ...by(h) },
  });

  it('records the answer with the moderator who wrote it, each answer id once', () => {
    given([received, taken(anna)])
      .when({ type: 'AnswerLead', leadId, answer: { answerId: 'a1', text }, by: anna })
      .then([answered(anna, 'a1')]);
    given([received, answered(anna, 'a1')])
      .when({ type: 'AnswerLead', leadId, answer: { answerId: 'a1', text }, by: anna })
      .then([]);
  });

  it('answers when marking done: the answer first, then done; done again with its answer adds nothing', () => {
    given([received, taken(anna)])
      .when({ type: 'CompleteLead', leadId, by: anna, answer: { answerId: 'a1', text } })
      .then([answered(anna, 'a1'), done(anna)]);
    given([received, answered(anna, 'a1'), done(anna)])
      .when({ type: 'CompleteLead', leadId, by: anna, answer: { answerId: 'a1', text } })
      .then([]);
  });

  it('answers a done lead again, but nobody for a lead marked spam', () => {
    given([received, done(anna)])
      .when({ type: 'AnswerLead', leadId, answer: { answerId: 'a2', text }, by: boris })
      .then([answered(boris, 'a2')]);
    given([received, spam(anna)])
      .when({ type: 'AnswerLead', leadId, answer: { answerId: 'a3', text }, by: anna })
      .thenThrows('ACTION_NOT_ALLOWED');
  });

  it('refuses anyone but a moderator, and a lead that does not exist', () => {
    given([received])
      .when({ type: 'AnswerLead', leadId, answer: { answerId: 'a1', text }, by: agent })
      .thenThrows('FORBIDDEN');
    given([])
      .when({ type: 'AnswerLead', leadId, answer: { answerId: 'a1', text }, by: anna })
      .thenThrows('NOT_FOUND');
  });
});
