import type { ReactNode } from 'react';
import { PhoneCodeStep, ResultView } from './parts';
import { failureMessage, type useLeadSender } from './useLeadSender';

/**
 * A request's steps after its form, alike in every form of the site: the SMS code when the phone is
 * not confirmed yet, the thanks, the failure with a way to try again; the form itself before them.
 */
export function LeadSteps({
  lead,
  sent,
  onSent,
  onRetry = lead.reset,
  children,
}: {
  lead: ReturnType<typeof useLeadSender>;
  /** the thanks: its title and what happens next */
  sent: { title: string; text: string };
  onSent: () => void;
  onRetry?: () => void;
  /** the form */
  children: ReactNode;
}) {
  if (lead.stage === 'sent')
    return <ResultView ok title={sent.title} text={sent.text} button="Хорошо" onButton={onSent} />;
  if (lead.stage === 'failed')
    return (
      <ResultView
        ok={false}
        title="Не удалось отправить заявку"
        text={failureMessage(lead.failure)}
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
  return <>{children}</>;
}
