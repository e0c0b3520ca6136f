import { Alert, Button, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { devCode } from '../auth';
import { ApiError } from '../http';
import { formatPhone } from '../phone';
import { CodeInput } from './CodeInput';

/** Seconds left until the server's endTime, ticking (the clock is read in the timer, never while rendering). */
function useCountdown(endTime: string | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!endTime) return;
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, 500);
    const first = setTimeout(tick, 0);
    return () => {
      clearInterval(timer);
      clearTimeout(first);
    };
  }, [endTime]);
  return endTime ? Math.max(0, Math.ceil((Date.parse(endTime) - now) / 1000)) : 0;
}

export interface CodeStepProps {
  phone: string;
  endTime: string | null;
  onSubmit: (code: string) => Promise<void>;
  onResend: () => Promise<void>;
  onBack: () => void;
}

/**
 * The code step of sign-in, sign-up and phone change: the phone locked, four digit fields, the
 * error under them, 'Новый код можно получить через N сек.' until the server's endTime, then a resend.
 */
export function CodeStep({ phone, endTime, onSubmit, onResend, onBack }: CodeStepProps) {
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
        // errorCode 5 says why the code was refused (wrong, expired, too many tries): the server's text
        setError(
          failure instanceof ApiError
            ? failure.errorCode === 5
              ? failure.message
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
      setError(failure instanceof ApiError ? failure.text : 'Не удалось отправить код');
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
        // check and resend show their own failures in the step: nothing is left to await
        onComplete={(value) => void check(value)}
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
        <Button onClick={() => void resend()}>Получить новый код</Button>
      )}
      <Button variant="text" color="inherit" onClick={onBack}>
        Назад
      </Button>
    </Stack>
  );
}
