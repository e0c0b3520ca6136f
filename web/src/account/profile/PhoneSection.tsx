import { Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { changePhone, confirmChangePhone, formatPhone, isFullPhone, phoneDigits } from '@estate/client';
import { CodeStep } from '@estate/client/codeEntry';
import { useSession, type Profile } from '../../auth/session';
import { failureText, Section } from './Section';

/**
 * product.md's phone change: enter a new phone, send a code, enter 4 digits, confirm; the profile
 * reloads. The steps: the number shown → the new number → its code.
 */
export function PhoneSection({ profile }: { profile: Profile }) {
  const { reload } = useSession();
  const [editing, setEditing] = useState(false);
  const [phone, setPhone] = useState('');
  const [endTime, setEndTime] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const digits = phoneDigits(phone);
  const requestCode = async () => {
    const { data } = await changePhone(digits);
    setEndTime(data.endTime);
  };
  if (!editing) {
    return (
      <Section title="Телефон">
        <Stack direction="row" spacing={2} alignItems="center">
          <Typography flex={1}>{formatPhone(profile.phone)}</Typography>
          <Button onClick={() => setEditing(true)}>Изменить номер</Button>
        </Stack>
      </Section>
    );
  }
  if (endTime) {
    return (
      <Section title="Новый телефон">
        <CodeStep
          phone={digits}
          endTime={endTime}
          onResend={requestCode}
          onBack={() => setEndTime(null)}
          onSubmit={async (code) => {
            await confirmChangePhone(digits, code);
            await reload();
            setEditing(false);
            setEndTime(null);
            setPhone('');
          }}
        />
      </Section>
    );
  }
  return (
    <Section title="Новый телефон">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
        <TextField
          label="Новый номер"
          value={phone}
          placeholder="+7 (___) ___-__-__"
          fullWidth
          onChange={(e) => {
            setPhone(formatPhone(e.target.value));
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
        />
        <Button
          variant="contained"
          disabled={!isFullPhone(phone)}
          sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap' }}
          onClick={() => requestCode().catch((e) => setError(failureText(e, 'newPhone')))}
        >
          Получить код
        </Button>
        <Button sx={{ mt: { sm: 1 } }} onClick={() => setEditing(false)}>
          Отмена
        </Button>
      </Stack>
    </Section>
  );
}
