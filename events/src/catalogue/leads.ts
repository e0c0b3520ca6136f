import { z } from 'zod';
import { id, phone } from './shared';

/**
 * What a request form asks for (api.md Forms: `POST /api/send-request`; product.md: the callback,
 * mortgage, question and house-selection popups, the wallet invoice, the investment feedback form,
 * the subscription to the listings base, the seller's valuation calculator).
 */
export const LEAD_KINDS = [
  'callback',
  'credit',
  'question',
  'house-selection',
  'wallet-invoice',
  'investment-feedback',
  'subscription',
  'valuation',
] as const;
export const leadKind = z.enum(LEAD_KINDS);
export type LeadKind = z.infer<typeof leadKind>;

/** new → in work (a moderator took it) → done or spam */
export const LEAD_STATUSES = ['new', 'in-work', 'done', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** A lead's text with the campaign label appended: a person's 2,000 characters and the label's 200. */
export const LEAD_TEXT_LIMIT = 2000;

/** A moderator's answer to the person who sent a lead: it goes by SMS, so a few messages at most. */
export const LEAD_ANSWER_LIMIT = 500;

/** product.md section 3, Selection request: the four-step form for a listing not found. */
export const houseSelection = z.object({
  city: z.string().min(2).max(100),
  /** a property type of the cabinet's list (1 Квартира … 15) */
  homesPropertyType: z.number().int().min(1).max(99).nullable(),
  /** 'До метро': 1 on foot, 2 by car, 3 by public transport */
  roadToMetro: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  notMoreMinutes: z.number().int().min(1).max(240).nullable(),
  priceRange: z.object({ minValue: z.number().nonnegative(), maxValue: z.number().nonnegative() }).nullable(),
  /** 1 = '1, 2-комнатная', 2 = '3, 4-комнатная', 3 = '5, 6-комнатная' */
  roomsCount: z
    .array(z.union([z.literal(1), z.literal(2), z.literal(3)]))
    .min(1)
    .max(3),
  homeSquare: z.number().positive(),
  kitchenSquare: z.number().positive(),
  wishes: z.string().min(3).max(LEAD_TEXT_LIMIT),
});
export type HouseSelection = z.infer<typeof houseSelection>;

/** product.md section 3, Valuation calculator: what a seller tells of the flat to be valued. */
export const valuation = z.object({
  square: z.number().positive(),
  numberOfRooms: z.number().int().nonnegative(),
  floor: z.number().int().nullable(),
  repair: z.enum(['without', 'cosmetic', 'modern']).nullable(),
  houseType: z.enum(['brick', 'block', 'other']).nullable(),
  area: z.string().max(200).nullable(),
  address: z.string().min(3).max(300),
  time: z.enum(['yesterday', 'soon', 'nextMonth', 'haveTime']).nullable(),
});
export type Valuation = z.infer<typeof valuation>;

/** who handled a lead or a complaint: the moderator's id and name as they were (the history shows the name) */
export const moderator = { moderatorId: id, moderatorName: z.string().max(200) };

/** The `lead-<id>` stream: one request sent through a form, and the moderators' work on it. */
export const leadEvents = {
  /**
   * `text` is what the person wrote with the campaign label appended (api.md); the label is kept
   * apart too. `phoneConfirmedBy`: the signed-in user's own phone, or an SMS code (trust token).
   */
  LeadReceived: z.object({
    leadId: id,
    kind: leadKind,
    name: z.string().min(1).max(100),
    phone,
    text: z.string().max(LEAD_TEXT_LIMIT + 250),
    titlePage: z.string().max(300).nullable(),
    campaignLabel: z.string().max(200).nullable(),
    selection: houseSelection.nullable(),
    valuation: valuation.nullable(),
    userId: id.nullable(),
    phoneConfirmedBy: z.enum(['account', 'sms']),
  }),
  LeadTaken: z.object({ leadId: id, ...moderator }),
  LeadNoteAdded: z.object({
    leadId: id,
    noteId: id,
    text: z.string().min(1).max(LEAD_TEXT_LIMIT),
    ...moderator,
  }),
  LeadCompleted: z.object({ leadId: id, ...moderator }),
  LeadMarkedSpam: z.object({ leadId: id, ...moderator }),
  /**
   * A moderator's answer to the person (issue 17, item 6): a reactor sends it by SMS to the lead's
   * phone and by e-mail when an address is known. `answerId` makes a retried request answer once.
   */
  LeadAnswered: z.object({
    leadId: id,
    answerId: id,
    text: z.string().min(1).max(LEAD_ANSWER_LIMIT),
    ...moderator,
  }),
};
