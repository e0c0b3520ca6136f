import { Button, TextField } from '@mui/material';
import { useState } from 'react';
import { formatPhone, phoneDigits } from '@estate/client';
import { useSession } from '../auth/session';
import { sendComplaint, type ComplaintBody } from './leadsApi';
import { LeadSteps } from './LeadSteps';
import { PolicyConsent } from './parts';
import { ModalShell } from './RequestDialog';
import { useConfirmedSender } from './useLeadSender';
import { emailProblem, phoneProblem, REQUIRED } from './validation';

const LIMIT = 240;

/**
 * The complaint modal of a listing (product.md, Modals; api.md, Complaint). The phone is confirmed
 * by an SMS code when the server asks (errorCode 6), as a request form's: a guest's complaint comes
 * from a phone they proved is theirs.
 */
export default function ComplaintDialog({
  publicationId,
  open,
  onClose,
}: {
  publicationId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { profile } = useSession();
  const [phone, setPhone] = useState(profile ? formatPhone(profile.phone) : '');
  const [email, setEmail] = useState(profile?.email ?? '');
  const [comment, setComment] = useState('');
  const [policy, setPolicy] = useState(true);
  const [tried, setTried] = useState(false);
  const complaint = useConfirmedSender((body: ComplaintBody, trust) =>
    sendComplaint(publicationId, body, trust),
  );
  const stage = complaint.stage;

  const commentProblem = !comment.trim()
    ? REQUIRED
    : comment.trim().length < 10
      ? 'Минимум 10 символов'
      : null;
  const errors = { phone: phoneProblem(phone), email: emailProblem(email), comment: commentProblem };
  const valid = !errors.phone && !errors.email && !errors.comment && policy;
  const show = (f: keyof typeof errors) => (tried ? errors[f] : null);
  const close = () => {
    onClose();
    if (stage === 'sent') {
      setComment('');
      setTried(false);
      complaint.reset();
    }
  };

  const submit = () => {
    setTried(true);
    if (!valid || stage === 'sending') return;
    void complaint.submit({
      phone: phoneDigits(phone),
      email: email.trim(),
      comment: comment.trim(),
      policy: true, // \`valid\` holds only with the consent given
    });
  };

  return (
    <ModalShell open={open} onClose={close} title="Пожаловаться">
      <LeadSteps
        lead={complaint}
        sentTitle="Жалоба отправлена"
        sentText="Спасибо, мы обработаем претензию и свяжемся с Вами при необходимости"
        failedTitle="Не удалось пожаловаться на объявление"
        failedText="Попробуйте заполнить данные ещё раз"
        onSent={close}
        onSubmit={submit}
      >
        <TextField
          label="Телефон"
          required
          type="tel"
          value={phone}
          placeholder="+7 (___) ___-__-__"
          onChange={(e) => setPhone(formatPhone(e.target.value))}
          error={!!show('phone')}
          helperText={show('phone')}
        />
        <TextField
          label="Электронная почта"
          required
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={!!show('email')}
          helperText={show('email')}
        />
        <TextField
          label="Комментарий"
          required
          multiline
          minRows={3}
          value={comment}
          onChange={(e) => setComment(e.target.value.slice(0, LIMIT))}
          error={!!show('comment')}
          helperText={show('comment') ?? `${comment.length} / ${LIMIT}`}
        />
        <PolicyConsent checked={policy} onChange={setPolicy} showError={tried} />
        <Button type="submit" variant="contained" size="large" disabled={stage === 'sending'}>
          {stage === 'sending' ? 'Отправляем…' : 'Отправить жалобу'}
        </Button>
      </LeadSteps>
    </ModalShell>
  );
}
