import { Alert, Button, Card, CardContent, Chip, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { httpClient } from '../api';
import { formatPhone, isFullPhone, phoneDigits } from '../../../web/src/auth/phone';
import { useAgencyResource } from './useAgency';

type Employee = { id: string; name: string; email: string | null; phone: string; limit: number | null; isActive: boolean };

/** 'Сотрудники': add by the phone of a registered user, switch off, set a spending limit, delete. */
export function EmployeesPage() {
  const { agencyId, data, reload, error } = useAgencyResource<Employee[]>((id) => `/api/agency/${id}/employee`);
  const notify = useNotify();
  const [phone, setPhone] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const call = async (path: string, method: string, body?: object) => {
    try {
      await httpClient(`/api/agency/${agencyId}/employee${path}`, { method, body: body ? JSON.stringify(body) : undefined });
      reload();
      return true;
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      return false;
    }
  };
  const add = async () => {
    setAddError(null);
    try {
      await httpClient(`/api/agency/${agencyId}/employee`, { method: 'POST', body: JSON.stringify({ clientPhone: phoneDigits(phone) }) });
      setPhone('');
      reload();
    } catch (e) {
      setAddError((e as Error).message);
    }
  };
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title="Сотрудники" />
      {error && <Alert severity="error">{error}</Alert>}
      <Card variant="outlined"><CardContent>
        <Typography variant="h6" mb={1}>Добавить нового сотрудника</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
          <TextField label="Телефон" required value={phone} placeholder="+7 (___) ___-__-__" onChange={(e) => { setPhone(formatPhone(e.target.value)); setAddError(null); }}
            error={Boolean(addError) || (phone.length > 0 && !isFullPhone(phone))} helperText={addError ?? (phone.length > 0 && !isFullPhone(phone) ? 'Неверный формат телефона' : ' ')} />
          <Button variant="contained" disabled={!isFullPhone(phone)} onClick={() => void add()} sx={{ mt: { sm: 1 } }}>Добавить</Button>
        </Stack>
      </CardContent></Card>
      <Card variant="outlined"><CardContent>
        {data?.length === 0 && <Typography color="text.secondary">Список сотрудников пуст</Typography>}
        {data && data.length > 0 && (
          <Table size="small">
            <TableHead><TableRow><TableCell>Имя и e-mail</TableCell><TableCell>Телефон</TableCell><TableCell>Лимит, ₽/мес</TableCell><TableCell>Статус</TableCell><TableCell /></TableRow></TableHead>
            <TableBody>
              {data.map((e) => (
                <TableRow key={e.id} data-testid="employee">
                  <TableCell>{e.name}<Typography variant="caption" display="block">{e.email ?? ''}</Typography></TableCell>
                  <TableCell>{formatPhone(e.phone)}</TableCell>
                  <TableCell>
                    <TextField size="small" defaultValue={e.limit ?? ''} placeholder="без лимита" sx={{ width: 130 }}
                      onBlur={(ev) => { const v = ev.target.value.replace(/\D/g, ''); if (String(e.limit ?? '') !== v) void call(`/${e.id}/limit`, 'PATCH', { limit: v === '' ? null : Number(v) }); }} />
                  </TableCell>
                  <TableCell><Switch checked={e.isActive} onChange={() => void call(`/${e.id}/change-active`, 'PATCH', { isActive: !e.isActive })} /> <Chip size="small" label={e.isActive ? 'Активен' : 'Отключён'} /></TableCell>
                  <TableCell><Button color="error" onClick={() => void call(`/${e.id}`, 'DELETE')}>Удалить</Button></TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent></Card>
    </Stack>
  );
}
