import { TextField } from '@mui/material';
import { useState } from 'react';
import { formatPhone, phoneDigits, type LeadKindDto } from '@estate/client';
import { useSession } from '../auth/session';
import { LeadSteps } from './LeadSteps';
import { ContactFields, SendingEnd } from './parts';
import { useLeadSender } from './useLeadSender';
import { nameProblem, phoneProblem, REQUIRED } from './validation';

const TEXT_LIMIT = 240;

export type RequestFormProps = {
  kind: LeadKindDto;
  /** the page the request is sent from (api.md's titlePage) */
  titlePage: string;
  submitLabel: string;
  /** the text field's label; none: the form sends `fixedText` */
  textLabel?: string;
  textRequired?: boolean;
  fixedText?: string;
  successTitle?: string;
  successText?: string;
  onDone?: () => void;
};

/**
 * A request form of name, phone and an optional comment (popup-phone, popup-credit, the
 * subscription, the investments' feedback): the phone confirmed by an SMS code when the server
 * asks (errorCode 6), then popup-success or popup-error in its place.
 */
export function RequestForm({
  kind,
  titlePage,
  submitLabel,
  textLabel,
  textRequired = false,
  fixedText = '',
  successTitle,
  successText = 'Спасибо! Мы свяжемся с Вами в ближайшее время.',
  onDone,
}: RequestFormProps) {
  const { profile } = useSession();
  const [name, setName] = useState(profile?.name ?? '');
  const [phone, setPhone] = useState(profile ? formatPhone(profile.phone) : '');
  const [text, setText] = useState('');
  const [policy, setPolicy] = useState(true);
  const [tried, setTried] = useState(false);
  const lead = useLeadSender();

  const errors = {
    name: nameProblem(name),
    phone: phoneProblem(phone),
    text: textLabel && textRequired && !text.trim() ? REQUIRED : null,
  };
  const valid = !errors.name && !errors.phone && !errors.text && policy;

  const show = (field: keyof typeof errors) => (tried ? errors[field] : null);
  const sent = () => {
    lead.reset();
    setText('');
    setTried(false);
    onDone?.();
  };
  return (
    <LeadSteps
      lead={lead}
      sentTitle={successTitle}
      sentText={successText}
      onSent={sent}
      pt={0}
      onSubmit={() => {
        setTried(true);
        if (!valid || lead.stage === 'sending') return;
        void lead.submit({
          kind,
          name: name.trim(),
          phone: phoneDigits(phone),
          text: textLabel ? text.trim() : fixedText,
          titlePage,
        });
      }}
    >
      <ContactFields
        name={name}
        phone={phone}
        onChange={(contact) => {
          if (contact.name !== undefined) setName(contact.name);
          if (contact.phone !== undefined) setPhone(contact.phone);
        }}
        problems={{ name: show('name'), phone: show('phone') }}
      />
      {textLabel && (
        <TextField
          label={textLabel}
          required={textRequired}
          multiline
          minRows={3}
          value={text}
          onChange={(e) => setText(e.target.value.slice(0, TEXT_LIMIT))}
          error={!!show('text')}
          helperText={show('text') ?? `${text.length} / ${TEXT_LIMIT}`}
        />
      )}
      <SendingEnd
        policy={policy}
        onPolicy={setPolicy}
        tried={tried}
        sending={lead.stage === 'sending'}
        label={submitLabel}
      />
    </LeadSteps>
  );
}
