import type { DomainEvent, EventData } from '@estate/events';
import { appliedOnceAndTwice, project, storedEvents } from '../projectionSpec';
import { LEADS, leadsProjection, type LeadDocument } from './projection';

const lead: EventData<'LeadReceived'> = {
  leadId: 'l1',
  kind: 'credit',
  name: 'Светлана',
  phone: '79161110002',
  text: 'Хочу ипотеку\n\nМетка кампании: yandex-spring',
  titlePage: 'Ипотека',
  campaignLabel: 'yandex-spring',
  selection: null,
  valuation: null,
  userId: null,
  phoneConfirmedBy: 'sms',
};
const anna = { moderatorId: 'mod-anna', moderatorName: 'Анна' };
const boris = { moderatorId: 'mod-boris', moderatorName: 'Борис' };
const stream = 'lead-l1';
const events: DomainEvent[] = [
  { type: 'LeadReceived', data: lead },
  { type: 'LeadTaken', data: { leadId: 'l1', ...anna } },
  { type: 'LeadNoteAdded', data: { leadId: 'l1', noteId: 'n1', text: 'Не дозвонились', ...anna } },
  { type: 'LeadTaken', data: { leadId: 'l1', ...boris } },
  { type: 'LeadNoteAdded', data: { leadId: 'l1', noteId: 'n2', text: 'Записали на консультацию', ...boris } },
  { type: 'LeadCompleted', data: { leadId: 'l1', ...boris } },
];
const history = storedEvents(events.map((event) => ({ streamId: stream, event })));

describe('leads read model', () => {
  it('keeps the lead, its status, who took and who closed it, its notes and every step in order', async () => {
    const store = await project([leadsProjection], history);
    const doc = await store.collection<LeadDocument>(LEADS).findOne({ _id: 'l1' });
    expect(doc).toMatchObject({
      kind: 'credit',
      status: 'done',
      text: 'Хочу ипотеку\n\nМетка кампании: yandex-spring',
      campaignLabel: 'yandex-spring',
      receivedAt: history[0].occurredAt,
      updatedAt: history[5].occurredAt,
      takenBy: { id: 'mod-boris', name: 'Борис' },
      closedBy: { id: 'mod-boris', name: 'Борис' },
      notesCount: 2,
      lastNote: 'Записали на консультацию',
      revision: 5,
    });
    expect(doc!.history.map((h) => [h.action, h.moderator?.name ?? null, h.text])).toEqual([
      ['received', null, null],
      ['taken', 'Анна', null],
      ['note', 'Анна', 'Не дозвонились'],
      ['taken', 'Борис', null],
      ['note', 'Борис', 'Записали на консультацию'],
      ['done', 'Борис', null],
    ]);
  });

  it('applies each event once: the same history again changes nothing', async () => {
    const { once, twice } = await appliedOnceAndTwice([leadsProjection], history, [LEADS]);
    expect(twice).toEqual(once);
  });

  it('keeps the answers to the person in the history, the last one apart', async () => {
    const answered = storedEvents([
      { streamId: 'lead-l3', event: { type: 'LeadReceived', data: { ...lead, leadId: 'l3' } } },
      {
        streamId: 'lead-l3',
        event: {
          type: 'LeadAnswered',
          data: { leadId: 'l3', answerId: 'a1', text: 'Перезвоним завтра', ...anna },
        },
      },
      { streamId: 'lead-l3', event: { type: 'LeadCompleted', data: { leadId: 'l3', ...anna } } },
    ]);
    const store = await project([leadsProjection], answered);
    const doc = await store.collection<LeadDocument>(LEADS).findOne({ _id: 'l3' });
    expect(doc).toMatchObject({ status: 'done', lastAnswer: 'Перезвоним завтра' });
    expect(doc!.history.map((h) => [h.action, h.text])).toEqual([
      ['received', null],
      ['answer', 'Перезвоним завтра'],
      ['done', null],
    ]);
  });

  it('marks spam with the moderator who did', async () => {
    const spam = storedEvents([
      { streamId: 'lead-l2', event: { type: 'LeadReceived', data: { ...lead, leadId: 'l2' } } },
      { streamId: 'lead-l2', event: { type: 'LeadMarkedSpam', data: { leadId: 'l2', ...anna } } },
    ]);
    const store = await project([leadsProjection], spam);
    expect(await store.collection<LeadDocument>(LEADS).findOne({ _id: 'l2' })).toMatchObject({
      status: 'spam',
      takenBy: null,
      closedBy: { id: 'mod-anna', name: 'Анна' },
    });
  });
});
