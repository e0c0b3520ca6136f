import { Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { PhoneCodeStep, ResultView } from './parts';
import { failureMessage, type useLeadSender } from './useLeadSender';

/** What the steps read of a sender (useConfirmedSender), whatever body it sends. */
type SenderSteps = Omit<ReturnType<typeof useLeadSender>, 'submit'>;

/**
 * A request's steps around its form, alike in every form of the site: the form (sent by `onSubmit`),
 * the SMS code when the phone is not confirmed yet, the thanks, the failure with a way to try again.
 */
export function LeadSteps({
  lead,
  sentTitle = 'Заявка отправлена',
  sentText,
  failedTitle = 'Не удалось отправить заявку',
  failedText = failureMessage(lead.failure),
  onSent,
  onRetry = lead.reset,
  onSubmit,
  pt = 1,
  children,
}: {
  lead: SenderSteps;
  sentTitle?: string;
  /** the thanks' text: what happens next */
  sentText: string;
  failedTitle?: string;
  /** none: the server's message, else the spec's fallback */
  failedText?: string;
  onSent: () => void;
  onRetry?: () => void;
  onSubmit: () => void;
  /** the form's space above its first field */
  pt?: number;
  /** the form's fields and its end */
  children: ReactNode;
}) {
  if (lead.stage === 'sent')
    return <ResultView ok title={sentTitle} text={sentText} button="Хорошо" onButton={onSent} />;
  if (lead.stage === 'failed')
    return (
      <ResultView
        ok={false}
        title={failedTitle}
        text={failedText}
        button="Попробовать снова"
        onButton={onRetry}
      />
    );
  if (lead.stage === 'code')
    return (
      <PhoneCodeStep
        phone={lead.phone}
        endTime={lead.endTime}
        onSubmit={lead.checkCode}
        onResend={lead.resend}
        onBack={lead.back}
      />
    );
  return (
    <Stack
      component="form"
      spacing={2}
      pt={pt}
      noValidate
      aria-busy={lead.stage === 'sending'}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </Stack>
  );
}
