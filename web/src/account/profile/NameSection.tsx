import { Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { changeName } from '@estate/client';
import { useSession, type Profile } from '../../auth/session';
import { failureText, Section } from './Section';

/** The full name: saved by «Сохранить» when it differs from the saved one. */
export function NameSection({ profile }: { profile: Profile }) {
  const { reload } = useSession();
  const [name, setName] = useState(profile.name);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async () => {
    try {
      await changeName(name);
      await reload();
      setMessage({ ok: true, text: 'Имя сохранено' });
    } catch (e) {
      setMessage({ ok: false, text: failureText(e, 'name') });
    }
  };
  return (
    <Section title="Имя">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
        <TextField
          label="ФИО"
          required
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setMessage(null);
          }}
          fullWidth
          error={message?.ok === false}
          helperText={message?.text ?? ' '}
        />
        <Button
          variant="contained"
          onClick={save}
          disabled={!name.trim() || name.trim() === profile.name}
          sx={{ mt: { sm: 1 } }}
        >
          Сохранить
        </Button>
      </Stack>
    </Section>
  );
}
