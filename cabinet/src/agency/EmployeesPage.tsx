import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { formatPhone, isFullPhone, phoneDigits } from '@estate/client';
import { useAgencyResource, useCabinetData } from './useAgency';
import type { CabinetDataProvider } from '../dataProvider';
import type { Employee } from '../types';

/** as the API answers it: inferred from the server's schema, never copied */
/** one change of the staff through the data provider, then what to tell the owner */
type Call = (
  change: (data: CabinetDataProvider, agencyId: string) => Promise<unknown>,
  done: string,
) => Promise<boolean>;

/** The monthly limit: saved on Enter or when the field is left, only if it changed; empty is «без лимита». */
function LimitField({ employee, call }: { employee: Employee; call: Call }) {
  // the saved limit as typed; the parent keys this field by it, so a newly saved limit starts it afresh
  const [value, setValue] = useState(employee.limit === null ? '' : String(employee.limit));
  const save = () => {
    if (value === (employee.limit === null ? '' : String(employee.limit))) return;
    void call(
      (data, agencyId) => data.setEmployeeLimit(agencyId, employee.id, value === '' ? null : Number(value)),
      'Лимит сохранён',
    );
  };
  return (
    <TextField
      size="small"
      value={value}
      placeholder="без лимита"
      sx={{ width: 140 }}
      label="Лимит, ₽ в месяц"
      slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
      onChange={(e) => setValue(e.target.value.replace(/\D/g, '').slice(0, 9))}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') save();
      }}
    />
  );
}

function Activity({ employee, call }: { employee: Employee; call: Call }) {
  return (
    <Stack direction="row" alignItems="center" spacing={1}>
      <Switch
        checked={employee.isActive}
        slotProps={{ input: { 'aria-label': `Доступ сотрудника ${employee.name}` } }}
        onChange={() =>
          void call(
            (data, agencyId) => data.setEmployeeActive(agencyId, employee.id, !employee.isActive),
            employee.isActive ? 'Сотрудник отключён' : 'Сотрудник включён',
          )
        }
      />
      <Chip
        size="small"
        label={employee.isActive ? 'Активен' : 'Отключён'}
        color={employee.isActive ? 'success' : 'default'}
      />
    </Stack>
  );
}

/** 'Сотрудники': add by the phone of a registered user, switch off, set a spending limit, delete. */
export function EmployeesPage() {
  const { agencyId, data, reload, error } = useAgencyResource('employees', (provider, id) =>
    provider.employees(id),
  );
  const cabinetData = useCabinetData();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const notify = useNotify();
  const [phone, setPhone] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const call: Call = async (change, done) => {
    try {
      await change(cabinetData, agencyId!);
      notify(done, { type: 'success' });
      return true;
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      return false;
    } finally {
      // the list shows what the agency holds, whether the call passed or not
      reload();
    }
  };
  const add = async () => {
    setAddError(null);
    try {
      await cabinetData.addEmployee(agencyId!, phoneDigits(phone));
      setPhone('');
      notify('Сотрудник добавлен', { type: 'success' });
      reload();
    } catch (e) {
      setAddError((e as Error).message);
    }
  };
  const remove = (e: Employee) =>
    void call((data, agencyId) => data.removeEmployee(agencyId, e.id), 'Сотрудник удалён');
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title="Сотрудники" />
      {error && <Alert severity="error">{error}</Alert>}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" mb={1}>
            Добавить нового сотрудника
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
            <TextField
              label="Телефон"
              required
              value={phone}
              placeholder="+7 (___) ___-__-__"
              onChange={(e) => {
                setPhone(formatPhone(e.target.value));
                setAddError(null);
              }}
              error={Boolean(addError) || (phone.length > 0 && !isFullPhone(phone))}
              helperText={
                addError ?? (phone.length > 0 && !isFullPhone(phone) ? 'Неверный формат телефона' : ' ')
              }
            />
            <Button
              variant="contained"
              disabled={!isFullPhone(phone)}
              onClick={() => void add()}
              sx={{ mt: { sm: 1 } }}
            >
              Добавить
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" mb={1}>
            Сотрудники
          </Typography>
          {data?.length === 0 && <Typography color="text.secondary">Список сотрудников пуст</Typography>}
          {data && data.length > 0 && narrow && (
            // on a phone each employee is a block of its own: a table of five columns would scroll sideways
            <Stack
              spacing={2}
              divider={
                <Typography component="hr" sx={{ border: 0, borderTop: 1, borderColor: 'divider', m: 0 }} />
              }
            >
              {data.map((e) => (
                <Stack key={e.id} spacing={1} data-testid="employee">
                  <div>
                    <Typography fontWeight={600}>{e.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {formatPhone(e.phone)}
                      {e.email ? ` · ${e.email}` : ''}
                    </Typography>
                  </div>
                  <Activity employee={e} call={call} />
                  <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
                    <LimitField key={`${e.id}:${e.limit}`} employee={e} call={call} />
                    <Button color="error" onClick={() => remove(e)}>
                      Удалить
                    </Button>
                  </Stack>
                </Stack>
              ))}
            </Stack>
          )}
          {data && data.length > 0 && !narrow && (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Имя и e-mail</TableCell>
                  <TableCell>Телефон</TableCell>
                  <TableCell>Лимит, ₽/мес</TableCell>
                  <TableCell>Статус</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((e) => (
                  <TableRow key={e.id} data-testid="employee">
                    <TableCell>
                      {e.name}
                      <Typography variant="caption" display="block">
                        {e.email ?? ''}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatPhone(e.phone)}</TableCell>
                    <TableCell>
                      <LimitField key={`${e.id}:${e.limit}`} employee={e} call={call} />
                    </TableCell>
                    <TableCell>
                      <Activity employee={e} call={call} />
                    </TableCell>
                    <TableCell>
                      <Button color="error" onClick={() => remove(e)}>
                        Удалить
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
