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
import { changePhone, confirmChangePhone } from '../auth';
import { CodeStep, PhoneField } from '../codeEntry';
import { ApiError } from '../http';
import { formatPhone, isFullPhone, phoneDigits } from '../phone';
import { changeEmail, changeName, sendConfirmEmail, switchNotification, uploadAvatar } from '../profile';
import type { NotificationSettingsDto, ProfileDto } from '../types';
import type { ProfileTexts } from './texts';

type SectionProps = {
  me: ProfileDto;
  /** the profile asked again after a change (the session's, the app bar's name) */
  reload: () => Promise<void>;
  texts: ProfileTexts;
};

/** product.md: the hint that a letter was sent shows for 5 s. */
const SENT_HINT_MS = 5000;
const ROW = { direction: { xs: 'column', sm: 'row' }, spacing: 2, alignItems: { sm: 'flex-start' } } as const;

/** What a refused change shows: the field's own error, else the server's message. */
const failureText = (e: unknown, texts: ProfileTexts, field?: string) =>
  e instanceof ApiError ? (field && e.field(field)) || e.message : texts.failed;

/** A section of one's profile: a card with its title (MyDataSection's too). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
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

/** The photo: a jpg or png up to 10 MB, shown as soon as the server has it. */
function AvatarSection({ me, reload, texts }: SectionProps) {
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      await uploadAvatar(file);
      await reload();
    } catch (e) {
      setError(failureText(e, texts, 'avatar'));
    }
  };
  return (
    <Section title={texts.photo}>
      <Stack direction="row" spacing={2} alignItems="center">
        <Avatar src={me.avatar ?? undefined} alt={me.name} sx={{ width: 80, height: 80, fontSize: 32 }}>
          {me.name.slice(0, 1)}
        </Avatar>
        <Box>
          <Button variant="outlined" component="label">
            {texts.upload}
            <input
              hidden
              type="file"
              accept="image/jpeg,image/png"
              aria-label={texts.file}
              onChange={(e) => void upload(e.target.files?.[0])}
            />
          </Button>
          <Typography variant="body2" color="text.secondary" mt={0.5}>
            {texts.photoHint}
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

/** The full name: saved by «Сохранить» when it differs from the saved one. */
function NameSection({ me, reload, texts }: SectionProps) {
  const [name, setName] = useState(me.name);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async () => {
    try {
      await changeName(name);
      await reload();
      setMessage({ ok: true, text: texts.nameSaved });
    } catch (e) {
      setMessage({ ok: false, text: failureText(e, texts, 'name') });
    }
  };
  return (
    <Section title={texts.name}>
      <Stack {...ROW}>
        <TextField
          label={texts.fullName}
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
          // save shows its own outcome under the field: nothing is left to await
          onClick={() => void save()}
          disabled={!name.trim() || name.trim() === me.name}
          sx={{ mt: { sm: 1 } }}
        >
          {texts.save}
        </Button>
      </Stack>
    </Section>
  );
}

/**
 * product.md's phone change: the number shown → a new number → its SMS code (the shared code step),
 * then the profile again.
 */
function PhoneSection({ me, reload, texts }: SectionProps) {
  const [editing, setEditing] = useState(false);
  const [phone, setPhone] = useState('');
  const [endTime, setEndTime] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const digits = phoneDigits(phone);
  const requestCode = async () => setEndTime((await changePhone(digits)).data.endTime);
  if (!editing)
    return (
      <Section title={texts.phone}>
        <Stack direction="row" spacing={2} alignItems="center">
          <Typography flex={1}>{formatPhone(me.phone)}</Typography>
          <Button onClick={() => setEditing(true)}>{texts.changePhone}</Button>
        </Stack>
      </Section>
    );
  return (
    <Section title={texts.newPhoneTitle}>
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
          <PhoneField
            label={texts.newPhone}
            value={phone}
            placeholder="+7 (___) ___-__-__"
            fullWidth
            onChange={(formatted) => {
              setPhone(formatted);
              setError(null);
            }}
            problem={error}
          />
          <Button
            variant="contained"
            disabled={!isFullPhone(phone)}
            sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap' }}
            onClick={() => void requestCode().catch((e) => setError(failureText(e, texts, 'newPhone')))}
          >
            {texts.getCode}
          </Button>
          <Button sx={{ mt: { sm: 1 } }} onClick={() => setEditing(false)}>
            {texts.cancel}
          </Button>
        </Stack>
      )}
    </Section>
  );
}

/**
 * The address: unconfirmed, a badge and «Отправить ссылку»; a new address gets its confirmation link
 * (the letter leads to /confirmation-email).
 */
function EmailSection({ me, reload, texts }: SectionProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentHint, setSentHint] = useState<string | null>(null);
  useEffect(() => {
    if (!sentHint) return;
    const timer = setTimeout(() => setSentHint(null), SENT_HINT_MS);
    return () => clearTimeout(timer);
  }, [sentHint]);
  const sentTo = (address: string) => texts.linkSent.replace('%{email}', address);
  const sendLink = async () => {
    try {
      await sendConfirmEmail();
      setSentHint(sentTo(me.email ?? ''));
    } catch (e) {
      setError(failureText(e, texts));
    }
  };
  const change = async () => {
    try {
      await changeEmail(email);
      await reload();
      setSentHint(sentTo(email.trim()));
      setEmail('');
    } catch (e) {
      setError(failureText(e, texts, 'newEmail'));
    }
  };
  return (
    <Section title={texts.email}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{me.email ?? texts.noEmail}</Typography>
          {me.email &&
            (me.isVerifiedEmail ? (
              <Chip size="small" color="success" label={texts.confirmed} />
            ) : (
              <>
                <Chip size="small" color="warning" label={texts.unconfirmed} />
                {/* sendLink and change show their own failures in the section: nothing is left to await */}
                <Button size="small" onClick={() => void sendLink()}>
                  {texts.sendLink}
                </Button>
              </>
            ))}
        </Stack>
        {sentHint && <Alert severity="success">{sentHint}</Alert>}
        <Stack {...ROW}>
          <TextField
            label={texts.newEmail}
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
            onClick={() => void change()}
            sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap' }}
          >
            {texts.changeEmail}
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}

/**
 * The switches: each switches at once, takes the server's settings, and goes back if refused. The
 * tariff notice (agencies' staff only) has its own call (api.md: the per-setting change).
 */
function NotificationsSection({
  me,
  reload,
  texts,
  switches,
}: SectionProps & { switches: (keyof NotificationSettingsDto)[] }) {
  const [settings, setSettings] = useState(me.settings);
  const toggle = async (name: keyof NotificationSettingsDto, value: boolean) => {
    setSettings((current) => ({ ...current, [name]: value }));
    try {
      setSettings((await switchNotification(name, value)).data.settings);
      await reload();
    } catch {
      setSettings((current) => ({ ...current, [name]: !value }));
    }
  };
  return (
    <Section title={texts.notifications}>
      <Stack>
        {switches.map((name) => (
          <FormControlLabel
            key={name}
            label={texts.switches[name]}
            control={
              <Switch checked={settings[name]} onChange={(e) => void toggle(name, e.target.checked)} />
            }
          />
        ))}
      </Stack>
    </Section>
  );
}

/** the switches every user has; the staff of an agency add the tariff notice */
export const USER_SWITCHES: (keyof NotificationSettingsDto)[] = [
  'canReceiveNotifications',
  'canReceiveSmsNotifications',
  'canReceiveEmailNotifications',
];

/**
 * product.md's profile, the site's and the cabinet's: photo, name, phone by an SMS code, e-mail by a
 * link, notification switches. Each section saves on its own, then the profile is asked again
 * (`reload`), which every section shows.
 */
export function ProfileSections({
  me,
  reload,
  texts,
  switches = USER_SWITCHES,
}: SectionProps & { switches?: (keyof NotificationSettingsDto)[] }) {
  const props = { me, reload, texts };
  return (
    <>
      <AvatarSection {...props} />
      <NameSection {...props} />
      <PhoneSection {...props} />
      <EmailSection {...props} />
      <NotificationsSection {...props} switches={switches} />
    </>
  );
}
