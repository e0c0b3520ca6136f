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
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Loading, Title, useGetIdentity } from 'react-admin';
import {
  ApiError,
  apiCall,
  changeEmail,
  changeName,
  changePhone,
  confirmChangePhone,
  formatPhone,
  isFullPhone,
  phoneDigits,
  profile as askProfile,
  sendConfirmEmail,
  switchNotification,
  uploadAvatar,
  type NotificationSettingsDto,
  type SettingsDto,
} from '@estate/client';
import { CodeStep } from '@estate/client/codeEntry';
import { forgetProfile } from '../authProvider';
import { useCabinetTranslate } from '../i18n/translate';
import type { Profile } from '../types';

type Translate = ReturnType<typeof useCabinetTranslate>;
type SectionProps = { me: Profile; reload: () => Promise<void>; translate: Translate };

/** product.md: the hint that a letter was sent shows for 5 s. */
const SENT_HINT_MS = 5000;
const ROW = { direction: { xs: 'column', sm: 'row' }, spacing: 2, alignItems: { sm: 'flex-start' } } as const;

/** What a refused change shows: the field's own error, else the server's message. */
const failureText = (e: unknown, translate: Translate, field?: string) =>
  e instanceof ApiError ? (field && e.field(field)) || e.message : translate('profile.failed');

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" fontWeight={700} mb={2}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function AvatarSection({ me, reload, translate }: SectionProps) {
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      await uploadAvatar(file);
      await reload();
    } catch (e) {
      setError(failureText(e, translate, 'avatar'));
    }
  };
  return (
    <Section title={translate('profile.photo')}>
      <Stack direction="row" spacing={2} alignItems="center">
        <Avatar src={me.avatar ?? undefined} alt={me.name} sx={{ width: 80, height: 80, fontSize: 32 }}>
          {me.name.slice(0, 1)}
        </Avatar>
        <Box>
          <Button variant="outlined" component="label">
            {translate('profile.upload')}
            <input
              hidden
              type="file"
              accept="image/jpeg,image/png"
              aria-label={translate('profile.file')}
              onChange={(e) => void upload(e.target.files?.[0])}
            />
          </Button>
          <Typography variant="body2" color="text.secondary" mt={0.5}>
            {translate('profile.photoHint')}
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

function NameSection({ me, reload, translate }: SectionProps) {
  const [name, setName] = useState(me.name);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async () => {
    try {
      await changeName(name);
      await reload();
      setMessage({ ok: true, text: translate('profile.nameSaved') });
    } catch (e) {
      setMessage({ ok: false, text: failureText(e, translate, 'name') });
    }
  };
  return (
    <Section title={translate('profile.name')}>
      <Stack {...ROW}>
        <TextField
          label={translate('profile.fullName')}
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
          disabled={!name.trim() || name.trim() === me.name}
          sx={{ mt: { sm: 1 } }}
        >
          {translate('profile.save')}
        </Button>
      </Stack>
    </Section>
  );
}

/** product.md's phone change: a new number, its SMS code (the shared code step), then the profile again. */
function PhoneSection({ me, reload, translate }: SectionProps) {
  const [editing, setEditing] = useState(false);
  const [phone, setPhone] = useState('');
  const [endTime, setEndTime] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const digits = phoneDigits(phone);
  const requestCode = async () => setEndTime((await changePhone(digits)).data.endTime);
  if (!editing)
    return (
      <Section title={translate('profile.phone')}>
        <Stack direction="row" spacing={2} alignItems="center">
          <Typography flex={1}>{formatPhone(me.phone)}</Typography>
          <Button onClick={() => setEditing(true)}>{translate('profile.changePhone')}</Button>
        </Stack>
      </Section>
    );
  return (
    <Section title={translate('profile.newPhoneTitle')}>
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
        <Stack {...ROW}>
          <TextField
            label={translate('profile.newPhone')}
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
            onClick={() => requestCode().catch((e) => setError(failureText(e, translate, 'newPhone')))}
          >
            {translate('profile.getCode')}
          </Button>
          <Button sx={{ mt: { sm: 1 } }} onClick={() => setEditing(false)}>
            {translate('profile.cancel')}
          </Button>
        </Stack>
      )}
    </Section>
  );
}

/** The address: unconfirmed, a badge and «Отправить ссылку»; a new address gets its confirmation link. */
function EmailSection({ me, reload, translate }: SectionProps) {
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
      setSentHint(translate('profile.linkSent', { email: me.email ?? '' }));
    } catch (e) {
      setError(failureText(e, translate));
    }
  };
  const change = async () => {
    try {
      await changeEmail(email);
      await reload();
      setSentHint(translate('profile.linkSent', { email: email.trim() }));
      setEmail('');
    } catch (e) {
      setError(failureText(e, translate, 'newEmail'));
    }
  };
  return (
    <Section title={translate('profile.email')}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {me.email ?? translate('profile.noEmail')}
          </Typography>
          {me.email &&
            (me.isVerifiedEmail ? (
              <Chip size="small" color="success" label={translate('profile.confirmed')} />
            ) : (
              <>
                <Chip size="small" color="warning" label={translate('profile.unconfirmed')} />
                <Button size="small" onClick={sendLink}>
                  {translate('profile.sendLink')}
                </Button>
              </>
            ))}
        </Stack>
        {sentHint && <Alert severity="success">{sentHint}</Alert>}
        <Stack {...ROW}>
          <TextField
            label={translate('profile.newEmail')}
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
            {translate('profile.changeEmail')}
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}

const SWITCHES: (keyof NotificationSettingsDto)[] = [
  'canReceiveNotifications',
  'canReceiveSmsNotifications',
  'canReceiveEmailNotifications',
  'canReceiveTariffNotifications',
];

/**
 * The switches: the site's three by the spec's query call, the tariff notice by its name (api.md: the
 * per-setting change), the only call that knows it. Each switches at once and goes back if refused.
 */
function NotificationsSection({ me, translate }: SectionProps) {
  const [settings, setSettings] = useState(me.settings);
  const toggle = async (name: keyof NotificationSettingsDto, value: boolean) => {
    setSettings((current) => ({ ...current, [name]: value }));
    try {
      const { data } =
        name === 'canReceiveTariffNotifications'
          ? await apiCall<{ data: SettingsDto }>('/api/profile/notification-setting', {
              method: 'PATCH',
              body: { name, value },
            })
          : await switchNotification(name, value);
      setSettings(data.settings);
    } catch {
      setSettings((current) => ({ ...current, [name]: !value }));
    }
  };
  return (
    <Section title={translate('profile.notifications')}>
      <Stack>
        {SWITCHES.map((name) => (
          <FormControlLabel
            key={name}
            label={translate(`profile.switches.${name}`)}
            control={
              <Switch checked={settings[name]} onChange={(e) => void toggle(name, e.target.checked)} />
            }
          />
        ))}
      </Stack>
    </Section>
  );
}

/**
 * One's own profile, an agent's or an owner's (product.md: /account/agency/profile, which the site
 * sends here): photo, name, phone by an SMS code, e-mail by a link, notification switches. The same
 * calls as the site's profile; each section saves on its own, then the profile (and the name in the
 * app bar) is asked again.
 */
export function ProfilePage() {
  const translate = useCabinetTranslate();
  const { refetch } = useGetIdentity();
  const [me, setMe] = useState<Profile | null>(null);
  useEffect(() => {
    void askProfile().then(setMe);
  }, []);
  const reload = useCallback(async () => {
    forgetProfile();
    setMe(await askProfile());
    await refetch();
  }, [refetch]);
  return (
    <Stack spacing={2} sx={{ py: 2, maxWidth: 760 }} data-testid="profile">
      <Title title={translate('profile.title')} />
      {me ? (
        <>
          <AvatarSection me={me} reload={reload} translate={translate} />
          <NameSection me={me} reload={reload} translate={translate} />
          <PhoneSection me={me} reload={reload} translate={translate} />
          <EmailSection me={me} reload={reload} translate={translate} />
          <NotificationsSection me={me} reload={reload} translate={translate} />
        </>
      ) : (
        <Loading />
      )}
    </Stack>
  );
}
