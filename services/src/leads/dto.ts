import {
  houseSelection,
  LEAD_STATUSES,
  leadKind,
  valuation,
  type LeadKind,
  type LeadStatus,
} from '@estate/events';
import { z } from 'zod';

/** The Russian names of the kinds and statuses: the cabinet's lists and the inbox's letters show them. */
export const LEAD_KIND_NAMES: Record<LeadKind, string> = {
  callback: 'Обратный звонок',
  credit: 'Заявка на ипотеку',
  question: 'Вопрос',
  'house-selection': 'Подбор квартиры',
  'wallet-invoice': 'Счёт на пополнение кошелька',
  'investment-feedback': 'Инвестиции: обратная связь',
  subscription: 'Подписка на базу объявлений',
  valuation: 'Оценка квартиры',
};
export const LEAD_STATUS_NAMES: Record<LeadStatus, string> = {
  new: 'Новая',
  'in-work': 'В работе',
  done: 'Выполнена',
  spam: 'Спам',
};

const moderatorRef = z.object({ id: z.string(), name: z.string() });

/** A lead as the moderators' list shows it (react-admin: `id` names the record). */
export const leadDto = z.object({
  id: z.string(),
  kind: leadKind,
  kindName: z.string(),
  status: z.enum(LEAD_STATUSES),
  statusName: z.string(),
  name: z.string(),
  phone: z.string(),
  /** what the person wrote, with the campaign label appended */
  text: z.string(),
  titlePage: z.string().nullable(),
  campaignLabel: z.string().nullable(),
  selection: houseSelection.nullable(),
  valuation: valuation.nullable(),
  /** the signed-in sender (null: a visitor without an account) */
  userId: z.string().nullable(),
  /** how the phone was confirmed: the account's own phone, or an SMS code */
  phoneConfirmedBy: z.enum(['account', 'sms']),
  receivedAt: z.string(),
  updatedAt: z.string(),
  /** the moderator who has it in work (or had it, once closed) */
  takenBy: moderatorRef.nullable(),
  /** the moderator who marked it done or spam */
  closedBy: moderatorRef.nullable(),
  notesCount: z.number().int(),
  lastNote: z.string().nullable(),
  /** the last answer sent to the person (by SMS, and by e-mail when an address is known) */
  lastAnswer: z.string().nullable(),
});
export type LeadDto = z.infer<typeof leadDto>;

export const leadHistoryEntryDto = z.object({
  at: z.string(),
  action: z.enum(['received', 'taken', 'note', 'done', 'spam', 'answer']),
  /** null for the sending itself */
  moderator: moderatorRef.nullable(),
  text: z.string().nullable(),
});
export const leadDetailDto = leadDto.extend({ history: z.array(leadHistoryEntryDto) });
export type LeadDetailDto = z.infer<typeof leadDetailDto>;

/** react-admin's simple-rest shape: the bare page of leads (and Content-Range) */
export const leadList = z.array(leadDto);
export const leadActionAnswer = z.object({ data: leadDetailDto });
export const leadSentAnswer = z.object({
  data: z.object({ id: z.string(), kind: leadKind, status: z.literal('new') }),
});
