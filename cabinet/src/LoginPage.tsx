import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useLogin, useNotify } from 'react-admin';
import { normalisePhone } from './authProvider';

const DEMO = [
  { phone: '79990000001', who: 'владелец агентства' },
  { phone: '79990000011', who: 'агент' },
];

/** Sign-in by phone (development); the demo accounts are listed for convenience. */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const [phone, setPhone] = useState('');
  const [pending, setPending] = useState(false);
  const valid = /^7\d{10}$/.test(normalisePhone(phone));
  const submit = async (value = phone) => {
    setPending(true);
    try {
      await login({ username: value });
    } catch (error) {
      notify((error as Error).message || 'Не удалось войти', { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: '#f6f7f9' }}>
      <Card sx={{ width: 380, borderRadius: 3 }} variant="outlined">
        <CardContent>
          <Stack spacing={2} component="form" onSubmit={(e) => { e.preventDefault(); if (valid) void submit(); }}>
            <Typography variant="h5" fontWeight={700}>Кабинет агентства</Typography>
            <TextField label="Телефон" placeholder="+7 (999) 000-00-01" value={phone} onChange={(e) => setPhone(e.target.value)} autoFocus
              error={phone.length > 0 && !valid} helperText={phone.length > 0 && !valid ? 'Неверный формат телефона' : ' '} />
            <Button type="submit" variant="contained" size="large" disabled={!valid || pending}>Войти</Button>
            <Alert severity="info">
              Демо-доступ: {DEMO.map((d) => <Box key={d.phone} component="span" sx={{ display: 'block' }}>{d.phone} — {d.who}</Box>)}
            </Alert>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
