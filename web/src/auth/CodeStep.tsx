import { Alert, Button, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { AuthFailure, devCode } from './authApi';
import { CodeInput } from './CodeInput';
import { formatPhone } from './phone';

/** Seconds left until the server's endTime, ticking. */
function useCountdown(endTime: string | null) {
  const left = () =>
    endTime ? Math.max(0, Math.ceil((new Date(endTime).getTime() - Date.now()) / 1000)) : 0;
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => setSeconds(left()), 500);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endTime]);
  return seconds;
}

/**
 * The code step of sign-in, sign-up and phone change: the phone locked, four digit fields, the
 * error under them, 'Новый код можно получить через N сек.' until the server's endTime, then a resend.
 */
export function CodeStep({
  phone,
  endTime,
  onSubmit,
  onResend,
  onBack,
}: {
  phone: string;
  endTime: string | null;
  onSubmit(code: string): Promise<void>;
  onResend(): Promise<void>;
  onBack(): void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  const seconds = useCountdown(endTime);

  useEffect(() => {
    let alive = true;
    void devCode(phone).then((c) => alive && setHint(c));
    return () => {
      alive = false;
    };
  }, [phone, endTime]);

  const check = useCallback(
    async (value: string) => {
      setPending(true);
      setError(null);
      try {
        await onSubmit(value);
      } catch (failure) {
        setError(
          failure instanceof AuthFailure
            ? failure.body.errorCode === 5
              ? (failure.body.message ?? failure.text)
              : failure.text
            : 'Не удалось проверить код',
        );
        setCode('');
      } finally {
        setPending(false);
      }
    },
    [onSubmit],
  );

  const resend = async () => {
    setError(null);
    try {
      await onResend();
      setCode('');
    } catch (failure) {
      setError(failure instanceof AuthFailure ? failure.text : 'Не удалось отправить код');
    }
  };

  return (
    <Stack spacing={2} alignItems="stretch">
      <Typography color="text.secondary">
        Код отправлен на номер <b>{formatPhone(phone)}</b>
      </Typography>
      <CodeInput
        value={code}
        onChange={setCode}
        onComplete={check}
        error={Boolean(error)}
        disabled={pending}
      />
      {error && (
        <Typography color="error" variant="body2" role="alert" textAlign="center">
          {error}
        </Typography>
      )}
      {hint && (
        <Alert severity="info" data-testid="dev-code">
          Режим разработки: код из СМС — <b>{hint}</b>
        </Alert>
      )}
      {seconds > 0 ? (
        <Typography variant="body2" color="text.secondary" textAlign="center">
          Новый код можно получить через {seconds} сек.
        </Typography>
      ) : (
        <Button onClick={resend}>Получить новый код</Button>
      )}
      <Button variant="text" color="inherit" onClick={onBack}>
        Назад
      </Button>
    </Stack>
  );
}
