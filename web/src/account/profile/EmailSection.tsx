import { Alert, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { changeEmail, sendConfirmEmail } from '@estate/client';
import { useSession, type Profile } from '../../auth/session';
import { failureText, Section } from './Section';

/** product.md: shown for 5 s after a letter is sent. */
const SENT_HINT_MS = 5000;

/**
 * The e-mail address: a badge while it is unconfirmed with «Отправить ссылку», and a change of
 * address (a confirmation link goes to the new one). The letter leads to /confirmation-email.
 */
export function EmailSection({ profile }: { profile: Profile }) {
  const { reload } = useSession();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentHint, setSentHint] = useState<string | null>(null);
  useEffect(() => {
    if (!sentHint) return;
    const timer = setTimeout(() => setSentHint(null), SENT_HINT_MS);
    return () => clearTimeout(timer);
  }, [sentHint]);
  const sendLink = async () => {
    try {
      await sendConfirmEmail();
      setSentHint(`Письмо со ссылкой отправлено на ${profile.email}`);
    } catch (e) {
      setError(failureText(e));
    }
  };
  const change = async () => {
    try {
      await changeEmail(email);
      await reload();
      setSentHint(`Письмо со ссылкой отправлено на ${email.trim()}`);
      setEmail('');
    } catch (e) {
      setError(failureText(e, 'newEmail'));
    }
  };
  return (
    <Section title="Электронная почта">
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap">
          <Typography>{profile.email ?? 'не указана'}</Typography>
          {profile.email &&
            (profile.isVerifiedEmail ? (
              <Chip size="small" color="success" label="Подтверждена" />
            ) : (
              <>
                <Chip size="small" color="warning" label="Не подтверждена" />
                <Button size="small" onClick={sendLink}>
                  Отправить ссылку
                </Button>
              </>
            ))}
        </Stack>
        {sentHint && <Alert severity="success">{sentHint}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
          <TextField
            label="Новый адрес"
            type="email"
            value={email}
            fullWidth
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? ' '}
          />
          <Button
            variant="contained"
            disabled={!email.trim()}
            onClick={change}
            sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap' }}
          >
            Изменить почту
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}
