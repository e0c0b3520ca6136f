import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { formatPhone } from '@estate/client';
import { CodeStep, type CodeStepProps } from '@estate/client/codeEntry';
import { DEFAULT_POLICY_URL, useSiteSettings } from '../layout/siteSettings';

// the outlined check and error marks of Material icons, drawn here: the site's MUI chunk stays as it was
const OK_ICON =
  'M16.59 7.58 10 14.17l-3.59-3.58L5 12l5 5 8-8zM12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8';
const ERROR_ICON =
  'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8';

/** popup-success and popup-error: an icon, a title, a line of text and one button. */
export function ResultView({
  ok,
  title,
  text,
  button,
  onButton,
}: {
  ok: boolean;
  title: string;
  text: ReactNode;
  button: string;
  onButton: () => void;
}) {
  return (
    <Stack alignItems="center" spacing={1.5} textAlign="center" py={2} role={ok ? 'status' : 'alert'}>
      <Box
        component="svg"
        viewBox="0 0 24 24"
        aria-hidden
        sx={{ width: 56, height: 56, fill: 'currentColor', color: ok ? 'success.main' : 'error.main' }}
      >
        <path d={ok ? OK_ICON : ERROR_ICON} />
      </Box>
      <Typography variant="h6" component="p" fontWeight={700}>
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
      <Button variant="contained" onClick={onButton} sx={{ minWidth: 180 }}>
        {button}
      </Button>
    </Stack>
  );
}

/** The consent every request form carries, ticked beforehand (api.md), linking the settings' policy. */
export function PolicyConsent({
  checked,
  onChange,
  showError,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  showError: boolean;
}) {
  const settings = useSiteSettings();
  return (
    <>
      <FormControlLabel
        control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} />}
        label={
          <Typography variant="body2">
            Я соглашаюсь с{' '}
            <Link href={settings?.policyUrl ?? DEFAULT_POLICY_URL} target="_blank" rel="noopener">
              политикой конфиденциальности
            </Link>
          </Typography>
        }
      />
      {showError && !checked && (
        <FormHelperText error>Необходимо согласиться с политикой конфиденциальности</FormHelperText>
      )}
    </>
  );
}

/** The SMS code step of a request form: the phone's code, then the pending form goes. */
export function PhoneCodeStep(props: CodeStepProps) {
  return (
    <Stack spacing={1} role="group" aria-label="Подтверждение телефона">
      <Typography fontWeight={600}>Подтвердите телефон</Typography>
      <Typography variant="body2" color="text.secondary">
        Мы отправили код в СМС на номер, который вы указали.
      </Typography>
      <CodeStep {...props} />
    </Stack>
  );
}

/**
 * A request form's contacts: the name and the phone (formatted as it is typed), each with its problem
 * once the form was tried (`problems`: null where there is none or nothing to show yet).
 */
export function ContactFields({
  name,
  phone,
  onChange,
  problems,
}: {
  name: string;
  phone: string;
  onChange: (contact: { name?: string; phone?: string }) => void;
  problems: { name: string | null; phone: string | null };
}) {
  return (
    <>
      <TextField
        label="Имя"
        required
        value={name}
        autoComplete="name"
        onChange={(e) => onChange({ name: e.target.value })}
        error={!!problems.name}
        helperText={problems.name}
      />
      <TextField
        label="Телефон"
        required
        value={phone}
        type="tel"
        autoComplete="tel"
        placeholder="+7 (___) ___-__-__"
        onChange={(e) => onChange({ phone: formatPhone(e.target.value) })}
        error={!!problems.phone}
        helperText={problems.phone}
      />
    </>
  );
}

/** A required area in square metres, as typed: digits and one decimal separator, up to seven characters. */
export function AreaField({
  label,
  value,
  onChange,
  problem,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
}) {
  return (
    <TextField
      label={label}
      required
      fullWidth
      inputMode="decimal"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/[^\d.,]/g, '').slice(0, 7))}
      error={!!problem}
      helperText={problem}
    />
  );
}

/**
 * A request form's end: the consent, the button that sends it («Отправляем…» while it goes) and the
 * note on the starred fields.
 */
export function SendingEnd({
  policy,
  onPolicy,
  tried,
  sending,
  label,
}: {
  policy: boolean;
  onPolicy: (value: boolean) => void;
  tried: boolean;
  sending: boolean;
  label: string;
}) {
  return (
    <>
      <PolicyConsent checked={policy} onChange={onPolicy} showError={tried} />
      <Button type="submit" variant="contained" size="large" disabled={sending}>
        {sending ? 'Отправляем…' : label}
      </Button>
      <Typography variant="caption" color="text.secondary">
        * — обязательные поля
      </Typography>
    </>
  );
}
