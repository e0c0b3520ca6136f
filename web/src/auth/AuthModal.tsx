import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  FormControlLabel,
  FormHelperText,
  IconButton,
  Link,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type ApiError,
  asApiError,
  confirmPhone,
  login,
  register,
  sendLoginCode,
  formatPhone,
  isFullPhone,
  phoneDigits,
} from '@estate/client';
import { CodeStep, PhoneField, type CodeStepProps } from '@estate/client/codeEntry';
import { useSession } from './session';

type Step = { kind: 'form' } | { kind: 'code'; endTime: string };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 'Вход' and 'Регистрация', each in two steps: details, then the SMS code. */
export function AuthModal() {
  const session = useSession();
  const tab = session.authOpen;
  return (
    <Dialog
      open={tab !== null}
      onClose={session.closeAuth}
      fullWidth
      maxWidth="xs"
      aria-labelledby="auth-title"
    >
      <IconButton
        aria-label="Закрыть"
        onClick={session.closeAuth}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ pt: 4 }}>
        <Typography id="auth-title" variant="h5" fontWeight={700} mb={1}>
          {tab === 'register' ? 'Регистрация' : 'Вход'}
        </Typography>
        <Tabs
          value={tab ?? 'login'}
          onChange={(_e, v: 'login' | 'register') => session.openAuth(v)}
          sx={{ mb: 2 }}
        >
          <Tab value="login" label="Вход" />
          <Tab value="register" label="Регистрация" />
        </Tabs>
        {tab === 'register' ? <SignUp key="register" /> : <SignIn key="login" />}
      </DialogContent>
    </Dialog>
  );
}

/** The SMS code step of both tabs: once the code is confirmed the session signs in and the dialog closes. */
function SessionCodeStep({
  confirm,
  afterSignIn,
  ...step
}: Omit<CodeStepProps, 'onSubmit'> & {
  confirm: (code: string) => Promise<void>;
  afterSignIn?: () => void | Promise<void>;
}) {
  const session = useSession();
  return (
    <CodeStep
      {...step}
      onSubmit={async (code) => {
        await confirm(code);
        await session.signedIn();
        session.closeAuth();
        await afterSignIn?.();
      }}
    />
  );
}

function SignIn() {
  const [phone, setPhone] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [error, setError] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);
  const digits = phoneDigits(phone);

  const requestCode = async () => {
    const { data } = await sendLoginCode(digits);
    setStep({ kind: 'code', endTime: data.endTime });
  };
  if (step.kind === 'code') {
    return (
      <SessionCodeStep
        phone={digits}
        endTime={step.endTime}
        onResend={requestCode}
        onBack={() => setStep({ kind: 'form' })}
        confirm={async (code) => {
          await login(digits, code);
        }}
      />
    );
  }
  return (
    <Stack
      spacing={2}
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        setPending(true);
        setError(null);
        // the failure shows on the form: nothing is left to await
        void requestCode()
          .catch((failure) => setError(asApiError(failure)))
          .finally(() => setPending(false));
      }}
    >
      {error?.status === 429 && <Alert severity="error">{error.text}</Alert>}
      <PhoneField
        label="Телефон"
        required
        value={phone}
        placeholder="+7 (___) ___-__-__"
        autoFocus
        onChange={(formatted) => {
          setPhone(formatted);
          setError(null);
        }}
        problem={error && error.status !== 429 ? (error.field('phone') ?? error.text) : null}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!isFullPhone(phone) || pending || Boolean(error)}
      >
        Получить код по СМС
      </Button>
    </Stack>
  );
}

function SignUp() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', phone: '', email: '', policy: false, newsletter: false });
  const [touched, setTouched] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [error, setError] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);
  const digits = phoneDigits(form.phone);
  const local = {
    name: form.name.trim() ? undefined : 'Обязательное поле',
    phone: isFullPhone(form.phone) ? undefined : 'Неверный формат телефона',
    email: !form.email.trim()
      ? 'Обязательное поле'
      : EMAIL.test(form.email.trim())
        ? undefined
        : 'Введите корректный адрес почты',
    policy: form.policy ? undefined : 'Необходимо согласиться с политикой конфиденциальности',
  };
  const invalid = Object.values(local).some(Boolean);
  const fieldError = (name: 'name' | 'phone' | 'email') =>
    error?.field(name) ?? (touched ? local[name] : undefined);
  const set = (patch: Partial<typeof form>) => {
    setForm({ ...form, ...patch });
    setError(null);
  };

  const requestCode = async () => {
    const { data } = await register({
      name: form.name.trim(),
      phone: digits,
      email: form.email.trim(),
      newsletter: form.newsletter,
    });
    setStep({ kind: 'code', endTime: data.endTime });
  };
  if (step.kind === 'code') {
    return (
      <SessionCodeStep
        phone={digits}
        endTime={step.endTime}
        onResend={requestCode}
        onBack={() => setStep({ kind: 'form' })}
        confirm={async (code) => {
          await confirmPhone(digits, code);
        }}
        afterSignIn={() => navigate('/account/user/main-info')}
      />
    );
  }
  return (
    <Stack
      spacing={1.5}
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (invalid) return;
        setPending(true);
        // the failure shows on the form: nothing is left to await
        void requestCode()
          .catch((failure) => setError(asApiError(failure)))
          .finally(() => setPending(false));
      }}
    >
      {error && !error.body.errors && <Alert severity="error">{error.text}</Alert>}
      <TextField
        label="Имя"
        required
        value={form.name}
        onChange={(e) => set({ name: e.target.value })}
        error={Boolean(fieldError('name'))}
        helperText={fieldError('name') ?? ' '}
      />
      <TextField
        label="Телефон"
        required
        value={form.phone}
        placeholder="+7 (___) ___-__-__"
        onChange={(e) => set({ phone: formatPhone(e.target.value) })}
        error={Boolean(fieldError('phone'))}
        helperText={fieldError('phone') ?? ' '}
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
      />
      <TextField
        label="Электронная почта"
        required
        type="email"
        value={form.email}
        onChange={(e) => set({ email: e.target.value })}
        error={Boolean(fieldError('email'))}
        helperText={fieldError('email') ?? ' '}
      />
      <FormControlLabel
        control={<Checkbox checked={form.policy} onChange={(e) => set({ policy: e.target.checked })} />}
        label={
          <>
            Согласен с{' '}
            <Link href="/storage/privacy_policy.pdf" target="_blank">
              политикой конфиденциальности
            </Link>
          </>
        }
      />
      {touched && local.policy && <FormHelperText error>{local.policy}</FormHelperText>}
      <FormControlLabel
        control={
          <Checkbox checked={form.newsletter} onChange={(e) => set({ newsletter: e.target.checked })} />
        }
        label="Получать новости и подборки"
      />
      <Button type="submit" variant="contained" size="large" disabled={pending || (touched && invalid)}>
        Зарегистрироваться
      </Button>
    </Stack>
  );
}
