import {
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  DatagridBody,
  DatagridRow,
  DeleteButton,
  FunctionField,
  List,
  useCreate,
  useListContext,
  useNotify,
  useRecordContext,
  useUpdate,
  RecordContextProvider,
} from 'react-admin';
import { formatPhone, isFullPhone, phoneDigits } from '@estate/client';
import type { Employee } from '../types';
import { useCabinetTranslate } from '../i18n/translate';
import { ListLoading } from '../ListLoading';

const limitText = (limit: number | null) => (limit === null ? '' : String(limit));

/** The monthly limit: saved on Enter or when the field is left, only if it changed; empty is «без лимита». */
function LimitField() {
  const employee = useRecordContext<Employee>()!;
  const translate = useCabinetTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<Employee>();
  // the saved limit as typed, and again whenever the saved one changes. Not a key on the field: a
  // field remounted by its new limit lost the save's own callbacks, and «Лимит сохранён» with them
  const saved = limitText(employee.limit);
  const [value, setValue] = useState(saved);
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setValue(saved);
  }
  const save = () => {
    if (value === saved) return;
    void update(
      'employees',
      { id: employee.id, data: { limit: value === '' ? null : Number(value) }, previousData: employee },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('resources.employees.notifications.limitSaved', { type: 'success' }),
        onError: (e) => {
          setValue(saved);
          notify(e.message, { type: 'error' });
        },
      },
    );
  };
  return (
    <TextField
      size="small"
      value={value}
      disabled={isPending}
      placeholder={translate('resources.employees.noLimit')}
      sx={{ width: 140 }}
      label={translate('resources.employees.fields.limit')}
      slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
      onChange={(e) => setValue(e.target.value.replace(/\D/g, '').slice(0, 9))}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') save();
      }}
    />
  );
}

/** On or off: an employee switched off keeps their listings but is refused every cabinet call. */
function Activity() {
  const employee = useRecordContext<Employee>()!;
  const translate = useCabinetTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<Employee>();
  const toggle = () =>
    void update(
      'employees',
      { id: employee.id, data: { isActive: !employee.isActive }, previousData: employee },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          notify(
            employee.isActive
              ? 'resources.employees.notifications.switchedOff'
              : 'resources.employees.notifications.switchedOn',
            { type: 'success' },
          ),
        onError: (e) => notify(e.message, { type: 'error' }),
      },
    );
  return (
    <Stack direction="row" alignItems="center" spacing={1}>
      <Switch
        checked={employee.isActive}
        disabled={isPending}
        slotProps={{
          input: { 'aria-label': translate('resources.employees.access', { name: employee.name }) },
        }}
        onChange={toggle}
      />
      <Chip
        size="small"
        label={translate(employee.isActive ? 'resources.employees.active' : 'resources.employees.inactive')}
        color={employee.isActive ? 'success' : 'default'}
      />
    </Stack>
  );
}

const Remove = () => (
  <DeleteButton
    mutationMode="pessimistic"
    redirect={false}
    successMessage="resources.employees.notifications.removed"
    confirmTitle="resources.employees.removeTitle"
    confirmContent="resources.employees.removeContent"
  />
);

/** 'Добавить нового сотрудника': the phone of a user already registered on the site. */
function AddEmployee() {
  const translate = useCabinetTranslate();
  const notify = useNotify();
  const [create, { isPending }] = useCreate();
  const [phone, setPhone] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const partial = phone.length > 0 && !isFullPhone(phone);
  const add = () => {
    setRefusal(null);
    void create(
      'employees',
      { data: { clientPhone: phoneDigits(phone) } },
      {
        onSuccess: () => {
          setPhone('');
          notify('resources.employees.notifications.added', { type: 'success' });
        },
        onError: (e) => setRefusal((e as Error).message),
      },
    );
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" mb={1}>
          {translate('resources.employees.add')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
          <TextField
            label={translate('resources.employees.fields.phone')}
            required
            value={phone}
            placeholder="+7 (___) ___-__-__"
            onChange={(e) => {
              setPhone(formatPhone(e.target.value));
              setRefusal(null);
            }}
            error={Boolean(refusal) || partial}
            helperText={refusal ?? (partial ? translate('resources.employees.badPhone') : ' ')}
          />
          <Button
            variant="contained"
            disabled={!isFullPhone(phone) || isPending}
            onClick={add}
            sx={{ mt: { sm: 1 } }}
          >
            {translate('resources.employees.addButton')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** on a phone each employee is a block of its own: a table of five columns would scroll sideways */
function EmployeeBlocks() {
  const { data } = useListContext<Employee>();
  return (
    <Stack
      spacing={2}
      sx={{ p: 2 }}
      divider={<Typography component="hr" sx={{ border: 0, borderTop: 1, borderColor: 'divider', m: 0 }} />}
    >
      {(data ?? []).map((e) => (
        <RecordContextProvider key={e.id} value={e}>
          <Stack spacing={1} data-testid="employee">
            <div>
              <Typography fontWeight={600}>{e.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatPhone(e.phone)}
                {e.email ? ` · ${e.email}` : ''}
              </Typography>
            </div>
            <Activity />
            <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
              <LimitField />
              <Remove />
            </Stack>
          </Stack>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

const Empty = () => {
  const translate = useCabinetTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 2 }}>
      {translate('resources.employees.empty')}
    </Typography>
  );
};

/** the list itself once loaded: blocks on a phone, a table on a wider screen */
function Employees() {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const { data, isPending } = useListContext<Employee>();
  if (isPending) return <ListLoading />;
  if (!data?.length) return <Empty />;
  if (narrow) return <EmployeeBlocks />;
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      body={<DatagridBody row={<DatagridRow data-testid="employee" />} />}
    >
      <FunctionField
        source="name"
        label="resources.employees.fields.nameAndEmail"
        render={(e: Employee) => (
          <>
            {e.name}
            <Typography variant="caption" display="block">
              {e.email ?? ''}
            </Typography>
          </>
        )}
      />
      <FunctionField
        source="phone"
        sortable={false}
        render={(e: Employee) => <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(e.phone)}</span>}
      />
      <FunctionField
        source="limit"
        label="resources.employees.fields.limitShort"
        render={() => <LimitField />}
      />
      <FunctionField source="isActive" render={() => <Activity />} />
      <FunctionField label="" render={() => <Remove />} />
    </Datagrid>
  );
}

/** 'Сотрудники': add by the phone of a registered user, switch off, set a spending limit, delete. */
export function EmployeeList() {
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <AddEmployee />
      <List
        resource="employees"
        actions={false}
        empty={false}
        pagination={false}
        perPage={500}
        sort={{ field: 'name', order: 'ASC' }}
        disableSyncWithLocation
      >
        <Employees />
      </List>
    </Stack>
  );
}
