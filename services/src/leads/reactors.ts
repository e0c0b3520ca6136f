import type { EventData, StoredEvent } from '@estate/events';
import type { AppContext } from '../core/context';
import { fold } from '../core/decider';
import { isDemoFact } from '../core/demo';
import { defineReactor, effectId } from '../core/reactors/reactor';
import { phoneDecider, phoneStream, userDecider, userStream } from '../identity';
import { queueEmail, queueSms } from '../notifications';
import { LEAD_KIND_NAMES } from './dto';
import { leadStream } from './lead';

export const LEADS_INBOX_REACTOR = 'leads-inbox';
export const LEAD_ANSWER_REACTOR = 'leads-answer';

const ROOMS = { 1: '1–2', 2: '3–4', 3: '5–6' } as const;
const ROAD = { 1: 'пешком', 2: 'на машине', 3: 'на транспорте' } as const;
const REPAIR = { without: 'без ремонта', cosmetic: 'косметический', modern: 'современный' } as const;
const HOUSE = { brick: 'кирпичный', block: 'блочный', other: 'другой' } as const;
const TIME = {
  yesterday: 'вчера',
  soon: 'в ближайшее время',
  nextMonth: 'в следующем месяце',
  haveTime: 'не спешу',
} as const;

const line = (label: string, value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? [] : [`${label}: ${value}`];

/** The inbox's letter of a new lead: everything the person told, in Russian. */
export function leadLetter(lead: EventData<'LeadReceived'>, publicUrl: string) {
  const s = lead.selection;
  const v = lead.valuation;
  const lines = [
    `Новая заявка: ${LEAD_KIND_NAMES[lead.kind]}`,
    '',
    ...line('Имя', lead.name),
    ...line('Телефон', `+${lead.phone}`),
    ...line('Телефон подтверждён', lead.phoneConfirmedBy === 'account' ? 'вход в аккаунт' : 'код из СМС'),
    ...line('Страница', lead.titlePage),
    ...line('Метка кампании', lead.campaignLabel),
    ...(lead.text ? ['', lead.text] : []),
    ...(s
      ? [
          '',
          'Параметры подбора:',
          ...line('Город', s.city),
          ...line('Тип недвижимости', s.homesPropertyType),
          ...line('До метро', s.roadToMetro ? ROAD[s.roadToMetro] : null),
          ...line('Не больше, мин', s.notMoreMinutes),
          ...line('Цена', s.priceRange ? `от ${s.priceRange.minValue} до ${s.priceRange.maxValue} ₽` : null),
          ...line('Комнат', s.roomsCount.map((r) => ROOMS[r]).join(', ')),
          ...line('Общая площадь, м²', s.homeSquare),
          ...line('Площадь кухни, м²', s.kitchenSquare),
          ...line('Пожелания', s.wishes),
        ]
      : []),
    ...(v
      ? [
          '',
          'Квартира для оценки:',
          ...line('Адрес', v.address),
          ...line('Район', v.area),
          ...line('Площадь, м²', v.square),
          ...line('Комнат', v.numberOfRooms),
          ...line('Этаж', v.floor),
          ...line('Ремонт', v.repair ? REPAIR[v.repair] : null),
          ...line('Дом', v.houseType ? HOUSE[v.houseType] : null),
          ...line('Когда продавать', v.time ? TIME[v.time] : null),
        ]
      : []),
    '',
    `Заявка в кабинете модератора: ${publicUrl}/cabinet/#/leads/${lead.leadId}/show`,
  ];
  return { subject: `Новая заявка: ${LEAD_KIND_NAMES[lead.kind]} — ${lead.name}`, text: lines.join('\n') };
}

/** What the person is told of a moderator's answer: an SMS to the lead's phone, and a letter. */
export function answerMessage(lead: EventData<'LeadReceived'>, answer: string) {
  const kind = LEAD_KIND_NAMES[lead.kind];
  const page = lead.titlePage ? ` со страницы «${lead.titlePage}»` : '';
  return {
    sms: `Ответ на вашу заявку «${kind}»: ${answer}`,
    subject: `Ответ на вашу заявку: ${kind}`,
    text: `Здравствуйте, ${lead.name}!\n\nОтвет на вашу заявку «${kind}»${page}:\n\n${answer}`,
  };
}

/**
 * Each new lead is e-mailed to the configured inbox (`LEADS_INBOX`), once per event (the job's id
 * is the event's). The request only records the lead; the letter follows the fact. Demo leads
 * tell nobody.
 */
export const leadReactors = (ctx: AppContext) => [
  defineReactor({
    name: LEADS_INBOX_REACTOR,
    handles: ['LeadReceived'],
    async react(event) {
      if (isDemoFact(event)) return;
      await queueEmail(
        ctx,
        { to: ctx.config.LEADS_INBOX, ...leadLetter(event.data, ctx.config.PUBLIC_URL) },
        effectId(LEADS_INBOX_REACTOR, event, 'inbox'),
      );
    },
  }),
  /**
   * A moderator's answer reaches the person: an SMS to the lead's phone, and a letter when an
   * address is known — the account's whose phone it is (as it was when the answer was recorded),
   * else the signed-in sender's. That account's notification switches are honoured; a phone of no
   * account gets the SMS (the person asked to be answered). Job ids come from the event's id.
   */
  defineReactor({
    name: LEAD_ANSWER_REACTOR,
    handles: ['LeadAnswered'],
    async react(event) {
      if (isDemoFact(event)) return;
      const until = (events: StoredEvent[]) => events.filter((e) => e.position <= event.position);
      const received = until(await ctx.eventStore.readStream(leadStream(event.data.leadId))).find(
        (e) => e.type === 'LeadReceived',
      );
      if (!received) return;
      const lead = received.data as EventData<'LeadReceived'>;
      const phone = fold(phoneDecider, until(await ctx.eventStore.readStream(phoneStream(lead.phone))));
      const accountId = phone.ownerId ?? lead.userId;
      const account = accountId
        ? fold(userDecider, until(await ctx.eventStore.readStream(userStream(accountId))))
        : null;
      const known = account?.registered ? account : null;
      if (known && !known.settings.canReceiveNotifications) return;
      const message = answerMessage(lead, event.data.text);
      if (!known || known.settings.canReceiveSmsNotifications)
        await queueSms(
          ctx,
          { to: lead.phone, text: message.sms },
          effectId(LEAD_ANSWER_REACTOR, event, 'sms'),
        );
      if (known?.email && known.settings.canReceiveEmailNotifications)
        await queueEmail(
          ctx,
          { to: known.email, subject: message.subject, text: message.text },
          effectId(LEAD_ANSWER_REACTOR, event, 'email'),
        );
    },
  }),
];
