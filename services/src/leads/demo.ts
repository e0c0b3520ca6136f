import { MODERATOR_ROLE, type EventData } from '@estate/events';
import type { AppContext } from '../core/context';
import { DEMO_CORRELATION } from '../core/demo';
import { derivedId } from '../core/ids';
import { type LeadCommand, handleLead } from './lead';

type DemoLead = Omit<EventData<'LeadReceived'>, 'leadId' | 'campaignLabel' | 'userId' | 'phoneConfirmedBy'>;

/** the demo's leads: one of each of the common forms, a selection request among them */
const LEADS: DemoLead[] = [
  {
    kind: 'callback',
    name: 'Алексей',
    phone: '79161110001',
    text: '',
    titlePage: 'Главная',
    selection: null,
    valuation: null,
  },
  {
    kind: 'credit',
    name: 'Светлана',
    phone: '79161110002',
    text: 'Хочу узнать условия ипотеки на двухкомнатную квартиру',
    titlePage: 'Ипотека',
    selection: null,
    valuation: null,
  },
  {
    kind: 'house-selection',
    name: 'Дмитрий',
    phone: '79161110003',
    text: '',
    titlePage: 'Не нашли подходящее объявление?',
    selection: {
      city: 'Москва',
      homesPropertyType: 1,
      roadToMetro: 1,
      notMoreMinutes: 20,
      priceRange: { minValue: 10_000_000, maxValue: 15_000_000 },
      roomsCount: [1],
      homeSquare: 50,
      kitchenSquare: 9,
      wishes: 'Не первый этаж, рядом школа',
    },
    valuation: null,
  },
  {
    kind: 'question',
    name: 'Ольга',
    phone: '79161110004',
    text: 'Можно ли купить квартиру с материнским капиталом?',
    titlePage: 'Журнал',
    selection: null,
    valuation: null,
  },
];

/**
 * Four leads through the lead's commands with the seed's correlation (no letter to the inbox):
 * the moderator has taken the second and noted a call, and answered and closed the fourth.
 */
export async function seedDemoLeads(ctx: AppContext, moderator: { userId: string; name: string }) {
  const by = { ...moderator, role: MODERATOR_ROLE };
  const meta = { actor: 'seed', correlationId: DEMO_CORRELATION };
  for (const [i, demo] of LEADS.entries()) {
    const leadId = derivedId('demo-lead', String(i));
    const run = (command: LeadCommand) => handleLead(ctx.eventStore, leadId, command, meta);
    await run({
      type: 'ReceiveLead',
      lead: { ...demo, leadId, campaignLabel: null, userId: null, phoneConfirmedBy: 'sms' },
    });
    if (i === 1) {
      await run({ type: 'TakeLead', leadId, by });
      await run({
        type: 'AddLeadNote',
        leadId,
        noteId: derivedId('demo-lead-note', String(i)),
        text: 'Не дозвонились, перезвонить после 18:00',
        by,
      });
    }
    if (i === 3)
      await run({
        type: 'CompleteLead',
        leadId,
        by,
        answer: {
          answerId: derivedId('demo-lead-answer', String(i)),
          text: 'Да, материнский капитал можно направить на первый взнос. Перезвоним и расскажем подробнее.',
        },
      });
  }
}
