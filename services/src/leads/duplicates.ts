import { createHash } from 'node:crypto';
import type { AppContext } from '../core/context';
import type { SendRequestBody } from './inputs';
import { leadStream } from './lead';

/**
 * The same request sent again (a double click, a second try after a slow answer, the form sent
 * twice) is one lead: the same phone, kind, text (trimmed, spaces folded, any case) and selection or
 * valuation within the same 10-minute period of the clock or the one before it. A lead's id is
 * derived from those and the period, so two sends at the same moment append to one stream (the
 * second finds the lead and records nothing), and a send in the next period finds the first's.
 * A repeat within 10 minutes is always one lead; one 10–20 minutes later may be too.
 */
export const DUPLICATE_PERIOD_MS = 10 * 60_000;

const sameText = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** the id of the lead this request makes in the period (a UUID's shape, from a hash) */
export function leadIdFor(body: SendRequestBody, period: number): string {
  const hex = createHash('sha256')
    .update(
      JSON.stringify([
        'lead',
        body.phone,
        body.kind,
        sameText(body.text),
        body.selection,
        body.valuation,
        period,
      ]),
    )
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export const periodOf = (now: Date) => Math.floor(now.getTime() / DUPLICATE_PERIOD_MS);

/** the lead the same request made in this period or the one before, if any */
export async function sameLeadAs(ctx: AppContext, body: SendRequestBody, period: number) {
  for (const p of [period, period - 1]) {
    const leadId = leadIdFor(body, p);
    if ((await ctx.eventStore.readStream(leadStream(leadId))).length > 0) return leadId;
  }
  return null;
}
