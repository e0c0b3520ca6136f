import { Alert, Button, Card, CardContent, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { httpClient } from '../api';
import { useAgencyResource } from './useAgency';

type Agency = { name: string; legalEntity: 1 | 2 | 3; inn: string | null; kpp: string | null; accountNumber: string | null; siteLink: string | null; email: string | null; description: string | null; canViewInCatalog: 0 | 1 };

/** The agency profile of the spec: legal entity kind, INN, KPP for a legal entity only, account, site, e-mail, a 240-character description. */
export function AgencyProfilePage() {
  const { agencyId, data, error } = useAgencyResource<Agency>((id) => `/api/agency/${id}`);
  const notify = useNotify();
  const [form, setForm] = useState<Agency | null>(null);
  useEffect(() => setForm(data), [data]);
  if (!form) return error ? <Alert severity="error">{error}</Alert> : null;
  const set = (patch: Partial<Agency>) => setForm({ ...form, ...patch });
  const save = async () => {
    try {
      const { legalEntity, ...rest } = form;
      await httpClient(`/api/agency/${agencyId}`, { method: 'PATCH', body: JSON.stringify({ ...rest, legalEntity, kpp: legalEntity === 1 ? rest.kpp : null }) });
      notify('Профиль агентства сохранён', { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <Card variant="outlined" sx={{ mt: 2, maxWidth: 720 }}><CardContent>
      <Title title="Моё агентство" />
      <Stack spacing={2}>
        <TextField label="Название агентства" required value={form.name} onChange={(e) => set({ name: e.target.value })} />
        <TextField select label="Форма" value={form.legalEntity} onChange={(e) => set({ legalEntity: Number(e.target.value) as 1 | 2 | 3 })}>
          <MenuItem value={1}>Юр. лицо</MenuItem><MenuItem value={2}>ИП</MenuItem><MenuItem value={3}>Частный риелтор</MenuItem>
        </TextField>
        <TextField label="ИНН" value={form.inn ?? ''} onChange={(e) => set({ inn: e.target.value.replace(/\D/g, '') })} />
        {form.legalEntity === 1 && <TextField label="КПП" value={form.kpp ?? ''} onChange={(e) => set({ kpp: e.target.value.replace(/\D/g, '') })} />}
        <TextField label="Расчётный счёт" value={form.accountNumber ?? ''} onChange={(e) => set({ accountNumber: e.target.value.replace(/\D/g, '') })} />
        <TextField label="Сайт" value={form.siteLink ?? ''} onChange={(e) => set({ siteLink: e.target.value })} />
        <TextField label="E-mail" value={form.email ?? ''} onChange={(e) => set({ email: e.target.value })} />
        <TextField label="Описание" multiline minRows={3} value={form.description ?? ''} onChange={(e) => set({ description: e.target.value.slice(0, 240) })} helperText={`${(form.description ?? '').length}/240`} />
        <FormControlLabel control={<Switch checked={form.canViewInCatalog === 1} onChange={(e) => set({ canViewInCatalog: e.target.checked ? 1 : 0 })} />} label="Показывать агентство в каталоге" />
        <Stack direction="row"><Button variant="contained" disabled={!form.name.trim()} onClick={() => void save()}>Сохранить</Button></Stack>
      </Stack>
    </CardContent></Card>
  );
}
