import { messageKey } from '../i18n/translate';

/** The lead kinds and statuses the list filters by (@estate/events LEAD_KINDS, LEAD_STATUSES). */
export const LEAD_KIND_CHOICES = [
  { id: 'callback', name: messageKey('resources.leads.kinds.callback') },
  { id: 'credit', name: messageKey('resources.leads.kinds.credit') },
  { id: 'question', name: messageKey('resources.leads.kinds.question') },
  { id: 'house-selection', name: messageKey('resources.leads.kinds.houseSelection') },
  { id: 'wallet-invoice', name: messageKey('resources.leads.kinds.walletInvoice') },
  { id: 'investment-feedback', name: messageKey('resources.leads.kinds.investmentFeedback') },
  { id: 'subscription', name: messageKey('resources.leads.kinds.subscription') },
  { id: 'valuation', name: messageKey('resources.leads.kinds.valuation') },
];
export const LEAD_STATUS_CHOICES = [
  { id: 'new', name: messageKey('resources.leads.statuses.new') },
  { id: 'in-work', name: messageKey('resources.leads.statuses.inWork') },
  { id: 'done', name: messageKey('resources.leads.statuses.done') },
  { id: 'spam', name: messageKey('resources.leads.statuses.spam') },
];
export const STATUS_COLOURS = {
  new: 'info',
  'in-work': 'warning',
  done: 'success',
  spam: 'default',
} as const;
