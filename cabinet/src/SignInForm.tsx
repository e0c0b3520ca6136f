import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ApiError, sendLoginCode, formatPhone, isFullPhone, phoneDigits } from '@estate/client';
import { CodeStep, PhoneField } from '@estate/client/codeEntry';

const DEMO = [
  { phone: '79990000001', who: 'владелец агентства' },
  { phone: '79990000011', who: 'агент' },
];

/**
 * Sign-in by SMS code, in the spec's two steps: the phone, then the four digits. It needs no
 * react-admin: the first visit signed out shows it before the cabinet's code is loaded at all
 * (main.tsx), and react-admin's own sign-in page (LoginPage.tsx) is this form too.
 */
export function SignInForm({ signIn }: { signIn: (phone: string, code: string) => Promise<void> }) {
  const [phone, setPhone] = useState('');
  const [endTime, setEndTime] = useState<string | null>(null);
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const digits = phoneDigits(phone);
  const valid = isFullPhone(phone);

  const requestCode = async () => {
    const { data } = await sendLoginCode(digits);
    setEndTime(data.endTime);
  };
  const submitPhone = async () => {
    setPending(true);
    setError(null);
    try {
      await requestCode();
      setStep('code');
    } catch (failure) {
      setError(
        failure instanceof ApiError ? (failure.field('phone') ?? failure.text) : 'Не удалось отправить код',
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: '#f6f7f9', p: 2 }}>
      <Card sx={{ width: 400, maxWidth: '100%', borderRadius: 3 }} variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" fontWeight={700}>
              Кабинет агентства
            </Typography>
            {step === 'phone' ? (
              <Stack
                spacing={2}
                component="form"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (valid && !pending) void submitPhone();
                }}
              >
                <PhoneField
                  label="Телефон"
                  placeholder="+7 (999) 000-00-01"
                  value={phone}
                  autoFocus
                  required
                  onChange={(formatted) => {
                    setPhone(formatted);
                    setError(null);
                  }}
                  problem={error}
                />
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={!valid || pending || Boolean(error)}
                >
                  Получить код по СМС
                </Button>
                <Alert severity="info">
                  Демо-доступ:{' '}
                  {DEMO.map((d) => (
                    <Box key={d.phone} component="span" sx={{ display: 'block' }}>
                      {formatPhone(d.phone)} — {d.who}
                    </Box>
                  ))}
                </Alert>
              </Stack>
            ) : (
              <CodeStep
                phone={digits}
                endTime={endTime}
                onResend={requestCode}
                onBack={() => setStep('phone')}
                onSubmit={async (code) => {
                  try {
                    await signIn(digits, code);
                  } catch (failure) {
                    if (failure instanceof ApiError) throw failure;
                    throw new ApiError(403, { errorCode: 102, message: (failure as Error).message });
                  }
                }}
              />
            )}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
