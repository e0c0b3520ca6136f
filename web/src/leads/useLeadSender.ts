import { useState } from 'react';
import { ApiError, asApiError } from '@estate/client';
import { useSession } from '../auth/session';
import { sendFormCode, storedTrust, storeTrust, verifyFormCode } from '../booking/bookingApi';
import { sendLead } from './leadsApi';

/** errorCode 6: the phone must be confirmed by an SMS code (api.md, SMS and requests). */
const PHONE_NOT_CONFIRMED = 6;
/** A new code asked for before the last one's endTime (docs/decisions.md). */
const RESEND_TOO_EARLY = 107;

export type LeadStage = 'form' | 'sending' | 'code' | 'sent' | 'failed';

/**
 * Sends a form whose phone must be confirmed (a request form, a complaint) as the booking form does:
 * without a code when the phone is the signed-in user's own or this device confirmed it today (the
 * trust cookie), else the server answers errorCode 6, a code is sent and, once entered, the pending
 * form goes with its trust token.
 */
export function useConfirmedSender<Body extends { phone: string }>(
  send: (body: Body, trustToken: string | null) => Promise<unknown>,
) {
  const { profile } = useSession();
  const [stage, setStage] = useState<LeadStage>('form');
  const [endTime, setEndTime] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [pending, setPending] = useState<Body | null>(null);

  const askForCode = async (phone: string) => {
    try {
      setEndTime(await sendFormCode(phone));
    } catch (e) {
      const later =
        e instanceof ApiError && e.errorCode === RESEND_TOO_EARLY ? e.errors.endTime?.[0] : undefined;
      if (!later) throw e;
      setEndTime(later);
    }
    setStage('code');
  };
  const deliver = async (body: Body, trust: string | null) => {
    try {
      await send(body, trust);
      setStage('sent');
    } catch (e) {
      if (e instanceof ApiError && e.errorCode === PHONE_NOT_CONFIRMED) {
        storeTrust(body.phone, null);
        await askForCode(body.phone);
        return;
      }
      throw e;
    }
  };
  const fail = (e: unknown) => {
    setFailure(asApiError(e));
    setStage('failed');
  };

  return {
    stage,
    endTime,
    failure,
    phone: pending?.phone ?? '',
    async submit(body: Body) {
      setPending(body);
      setFailure(null);
      setStage('sending');
      try {
        const own = profile?.phone === body.phone;
        const trust = own ? null : storedTrust(body.phone);
        // a phone neither the user's own nor proved on this device goes to its code at once: the
        // server would only refuse it (errorCode 6, a 403 in the console)
        if (own || trust) await deliver(body, trust);
        else await askForCode(body.phone);
      } catch (e) {
        fail(e);
      }
    },
    /** a wrong code throws: CodeStep shows it under the digits */
    async checkCode(code: string) {
      const body = pending!;
      const token = await verifyFormCode(body.phone, code);
      storeTrust(body.phone, token);
      setStage('sending');
      try {
        await deliver(body, token);
      } catch (e) {
        fail(e);
      }
    },
    resend: () => askForCode(pending!.phone),
    back: () => setStage('form'),
    reset() {
      setFailure(null);
      setStage('form');
    },
  };
}

/** A request form's sender (`/api/send-request`). */
export const useLeadSender = () => useConfirmedSender(sendLead);

/** The failure view's text: the server's message (its field errors joined), else the spec's fallback. */
export function failureMessage(e: ApiError | null): string {
  if (!e) return 'Попробуйте заполнить данные ещё раз';
  const fields = Object.values(e.errors).flat();
  if (fields.length) return fields.join('. ');
  return e.status === 0 ? 'Попробуйте заполнить данные ещё раз' : e.text;
}
