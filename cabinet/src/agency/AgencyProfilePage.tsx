import {
  Alert,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { HttpError, Title, useNotify } from 'react-admin';
import { useAgencyResource, useCabinetData } from './useAgency';
import type { Agency } from '../types';
import { ROLES } from '../staff';

/** What `GET /api/agency/{id}` answers; only some of it is the user's to change. */
/** as the API answers it: inferred from the server's schema, never copied */
/** The fields the form edits — and the only ones it sends: the profile call refuses anything else (id, balance, counters…). */
const EDITABLE = [
  'name',
  'legalEntity',
  'inn',
  'kpp',
  'accountNumber',
  'siteLink',
  'email',
  'description',
  'canViewInCatalog',
] as const;
type Editable = (typeof EDITABLE)[number];
type Form = Pick<Agency, Editable>;

const DESCRIPTION_LIMIT = 240;

export function editableOf(agency: Agency): Form {
  return Object.fromEntries(EDITABLE.map((field) => [field, agency[field]])) as Form;
}

/** The body of the save: every editable field, empty texts as null, KPP only for a legal entity (api.md section 5). */
export function profilePatch(form: Form) {
  const text = (value: string | null) => (value?.trim() ? value.trim() : null);
  return {
    name: form.name.trim(),
    legalEntity: form.legalEntity,
    inn: text(form.inn),
    kpp: form.legalEntity === 1 ? text(form.kpp) : null,
    accountNumber: text(form.accountNumber),
    siteLink: text(form.siteLink),
    email: text(form.email),
    description: text(form.description),
    canViewInCatalog: form.canViewInCatalog,
  };
}

/** The server names a taken agency name `agencyName` (the realtor form's field); here it is the name field. */
const FIELD_ALIASES: Record<string, Editable> = { agencyName: 'name' };

/** Field errors of the API's envelope, each field's messages joined with '. ' (api.md section 5), and what belongs to no field. */
export function fieldErrorsOf(error: unknown): {
  fields: Partial<Record<Editable, string>>;
  general: string | null;
} {
  const body = (error instanceof HttpError ? error.body : (error as { body?: unknown })?.body) as
    { errors?: Record<string, unknown> } | undefined;
  const fields: Partial<Record<Editable, string>> = {};
  const rest: string[] = [];
  for (const [key, messages] of Object.entries(body?.errors ?? {})) {
    const text = Array.isArray(messages) ? messages.join('. ') : String(messages);
    const field = Object.hasOwn(FIELD_ALIASES, key)
      ? FIELD_ALIASES[key]
      : (EDITABLE as readonly string[]).includes(key)
        ? (key as Editable)
        : null;
    if (field) fields[field] = fields[field] ? `${fields[field]}. ${text}` : text;
    else rest.push(text);
  }
  const message = (error as Error)?.message;
  return {
    fields,
    general: rest.length
      ? rest.join('. ')
      : Object.keys(fields).length
        ? null
        : message || 'Не удалось сохранить профиль агентства',
  };
}

/** The agency profile of the spec: legal entity kind, INN, KPP for a legal entity only, account, site, e-mail, a 240-character description. */
export function AgencyProfilePage() {
  const { agencyId, data, error, role } = useAgencyResource('agency', (provider, id) => provider.agency(id));
  const cabinetData = useCabinetData();
  const notify = useNotify();
  // the owner's edits over the loaded profile (none yet: the loaded profile itself)
  const [draft, setDraft] = useState<Form | null>(null);
  const form = draft ?? (data ? editableOf(data) : null);
  const [errors, setErrors] = useState<Partial<Record<Editable, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState(false);
  if (!form)
    return error ? (
      <Alert severity="error" sx={{ mt: 2 }}>
        {error}
      </Alert>
    ) : null;
  const canEdit = role === ROLES.AGENCY_OWNER;
  const set = (patch: Partial<Form>) => {
    setDraft({ ...form, ...patch });
    setSaved(false);
    // a field's server error goes once the field is changed
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))),
    );
  };
  const save = async () => {
    setPending(true);
    setGeneral(null);
    try {
      setDraft(editableOf(await cabinetData.updateAgency(agencyId!, profilePatch(form))));
      setErrors({});
      setSaved(true);
      notify('Профиль агентства сохранён', { type: 'success' });
    } catch (e) {
      const { fields, general: other } = fieldErrorsOf(e);
      setErrors(fields);
      setGeneral(other);
    } finally {
      setPending(false);
    }
  };
  const field = (name: Editable) => ({ error: Boolean(errors[name]), disabled: !canEdit, name });
  return (
    <Card variant="outlined" sx={{ mt: 2, maxWidth: 720 }}>
      <CardContent>
        <Title title="Моё агентство" />
        <Stack
          spacing={2}
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (canEdit && !pending && form.name.trim()) void save();
          }}
        >
          {!canEdit && <Alert severity="info">Изменять профиль агентства может только его владелец.</Alert>}
          <TextField
            label="Название агентства"
            required
            value={form.name}
            onChange={(e) => set({ name: e.target.value })}
            {...field('name')}
            helperText={errors.name ?? (!form.name.trim() ? 'Обязательное поле' : ' ')}
          />
          <TextField
            select
            label="Форма"
            value={form.legalEntity}
            onChange={(e) => set({ legalEntity: Number(e.target.value) as 1 | 2 | 3 })}
            {...field('legalEntity')}
            helperText={errors.legalEntity}
          >
            <MenuItem value={1}>Юр. лицо</MenuItem>
            <MenuItem value={2}>ИП</MenuItem>
            <MenuItem value={3}>Частный риелтор</MenuItem>
          </TextField>
          <TextField
            label="ИНН"
            value={form.inn ?? ''}
            onChange={(e) => set({ inn: e.target.value.replace(/\D/g, '') })}
            {...field('inn')}
            helperText={errors.inn}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
          />
          {form.legalEntity === 1 && (
            <TextField
              label="КПП"
              value={form.kpp ?? ''}
              onChange={(e) => set({ kpp: e.target.value.replace(/\D/g, '') })}
              {...field('kpp')}
              helperText={errors.kpp}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
            />
          )}
          <TextField
            label="Расчётный счёт"
            value={form.accountNumber ?? ''}
            onChange={(e) => set({ accountNumber: e.target.value.replace(/\D/g, '') })}
            {...field('accountNumber')}
            helperText={errors.accountNumber}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
          />
          <TextField
            label="Сайт"
            value={form.siteLink ?? ''}
            onChange={(e) => set({ siteLink: e.target.value })}
            {...field('siteLink')}
            helperText={errors.siteLink}
          />
          <TextField
            label="Электронная почта"
            type="email"
            value={form.email ?? ''}
            onChange={(e) => set({ email: e.target.value })}
            {...field('email')}
            helperText={errors.email}
          />
          <TextField
            label="Описание"
            multiline
            minRows={3}
            value={form.description ?? ''}
            onChange={(e) => set({ description: e.target.value.slice(0, DESCRIPTION_LIMIT) })}
            {...field('description')}
            helperText={errors.description ?? `${(form.description ?? '').length}/${DESCRIPTION_LIMIT}`}
          />
          <FormControlLabel
            control={
              <Switch
                checked={form.canViewInCatalog === 1}
                disabled={!canEdit}
                onChange={(e) => set({ canViewInCatalog: e.target.checked ? 1 : 0 })}
              />
            }
            label="Показывать агентство в каталоге"
          />
          {errors.canViewInCatalog && (
            <Typography color="error" variant="caption">
              {errors.canViewInCatalog}
            </Typography>
          )}
          {general && <Alert severity="error">{general}</Alert>}
          {saved && <Alert severity="success">Изменения сохранены</Alert>}
          {canEdit && (
            <Stack direction="row">
              <Button type="submit" variant="contained" disabled={!form.name.trim() || pending}>
                Сохранить
              </Button>
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
