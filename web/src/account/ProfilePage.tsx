import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import {
  apiCall,
  ApiError,
  changePhone,
  confirmChangePhone,
  formatPhone,
  isFullPhone,
  phoneDigits,
} from '@estate/client';
import { CodeStep } from '@estate/client/codeEntry';
import { useSession, type Profile } from '../auth/session';

const failureText = (e: unknown, field?: string) =>
  e instanceof ApiError ? (field && e.field(field)) || e.body.message || e.text : 'Не удалось сохранить';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" fontWeight={700} mb={2}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** product.md's profile: avatar, name, phone change by code, e-mail change by link, notification switches. */
export function ProfilePage() {
  const { profile } = useSession();
  if (!profile) return null;
  return (
    <Stack spacing={3}>
      <Typography variant="h4" fontWeight={700}>
        Профиль
      </Typography>
      <AvatarSection profile={profile} />
      <NameSection profile={profile} />
      <PhoneSection profile={profile} />
      <EmailSection profile={profile} />
      <NotificationsSection profile={profile} />
    </Stack>
  );
}

function AvatarSection({ profile }: { profile: Profile }) {
  const { reload } = useSession();
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const form = new FormData();
    form.append('avatar', file);
    try {
      await apiCall('/api/profile/avatar', { method: 'POST', body: form });
      await reload();
    } catch (e) {
      setError(failureText(e, 'avatar'));
    }
  };
  return (
    <Section title="Фото">
      <Stack direction="row" spacing={2} alignItems="center">
        <Avatar
          src={profile.avatar ?? undefined}
          alt={profile.name}
          sx={{ width: 80, height: 80, fontSize: 32 }}
        >
          {profile.name.slice(0, 1)}
        </Avatar>
        <Box>
          <Button variant="outlined" component="label">
            Загрузить фото
            <input
              hidden
              type="file"
              accept="image/jpeg,image/png"
              aria-label="Файл фото"
              onChange={(e) => void upload(e.target.files?.[0])}
            />
          </Button>
          <Typography variant="body2" color="text.secondary" mt={0.5}>
            JPG или PNG, до 10 МБ
          </Typography>
          {error && (
            <Typography variant="body2" color="error" role="alert">
              {error}
            </Typography>
          )}
        </Box>
      </Stack>
    </Section>
  );
}

function NameSection({ profile }: { profile: Profile }) {
  const { reload } = useSession();
  const [name, setName] = useState(profile.name);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async () => {
    try {
      await apiCall('/api/profile/change-name', { method: 'PATCH', body: JSON.stringify({ name }) });
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

function PhoneSection({ profile }: { profile: Profile }) {
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
  return (
    <Section title="Новый телефон">
      {endTime ? (
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
      ) : (
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
      )}
    </Section>
  );
}

function EmailSection({ profile }: { profile: Profile }) {
  const { reload } = useSession();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentHint, setSentHint] = useState<string | null>(null);
  useEffect(() => {
    if (!sentHint) return;
    const timer = setTimeout(() => setSentHint(null), 5000); // the spec: the hint shows for 5 s
    return () => clearTimeout(timer);
  }, [sentHint]);
  const sendLink = async () => {
    try {
      await apiCall('/api/auth/send-confirm-email/', { method: 'POST', body: JSON.stringify({}) });
      setSentHint(`Письмо со ссылкой отправлено на ${profile.email}`);
    } catch (e) {
      setError(failureText(e));
    }
  };
  const change = async () => {
    try {
      await apiCall('/api/auth/change-email', { method: 'POST', body: JSON.stringify({ newEmail: email }) });
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

const SWITCHES = [
  { key: 'canReceiveNotifications', label: 'Получать уведомления' },
  { key: 'canReceiveSmsNotifications', label: 'СМС-уведомления' },
  { key: 'canReceiveEmailNotifications', label: 'Уведомления на почту' },
] as const;

function NotificationsSection({ profile }: { profile: Profile }) {
  const { reload } = useSession();
  // switched at once, put back if the server refuses
  const [settings, setSettings] = useState(profile.settings);
  const toggle = async (key: (typeof SWITCHES)[number]['key'], value: boolean) => {
    setSettings((current) => ({ ...current, [key]: value }));
    await apiCall(`/api/profile/switch-notifications?${key}=${value}`).catch(() =>
      setSettings((current) => ({ ...current, [key]: !value })),
    );
    await reload();
  };
  return (
    <Section title="Уведомления">
      <Stack>
        {SWITCHES.map((s) => (
          <FormControlLabel
            key={s.key}
            label={s.label}
            control={
              <Switch checked={settings[s.key]} onChange={(e) => void toggle(s.key, e.target.checked)} />
            }
          />
        ))}
      </Stack>
    </Section>
  );
}
