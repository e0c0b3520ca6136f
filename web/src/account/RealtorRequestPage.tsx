import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, ApiError, type BodyOf, type RealtorRequestDto } from '@estate/client';
import { useSession } from '../auth/session';

/** as the API answers it: inferred from the server's schema, never copied */
type Request = RealtorRequestDto;
const EMPTY = {
  name: '',
  agencyName: '',
  email: '',
  legalEntity: 1,
  inn: '',
  kpp: '',
  accountNumber: '',
  siteLink: '',
};

/** 'Заполните информацию о вашем агентстве': send (create or update by status), delete, and after approval 'Перейти в кабинет'. */
export function RealtorRequestPage() {
  const { reload } = useSession();
  const navigate = useNavigate();
  const [request, setRequest] = useState<Request | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const load = () =>
    api.get('/api/realtor-database-request').then(({ data }) => {
      setRequest(data);
      if (data.status !== 4)
        setForm({
          name: data.name ?? '',
          agencyName: data.agencyName ?? '',
          email: data.email ?? '',
          legalEntity: data.legalEntity ?? 1,
          inn: data.inn ?? '',
          kpp: data.kpp ?? '',
          accountNumber: data.accountNumber ?? '',
          siteLink: data.siteLink ?? '',
        });
    });
  useEffect(() => void load(), []);
  const send = async () => {
    setPending(true);
    setErrors({});
    setMessage(null);
    // only non-empty fields are sent (the spec)
    // an empty required field is left out too: the server answers its field error
    const body = Object.fromEntries(
      Object.entries(form).filter(([key, v]) => v !== '' && (key !== 'kpp' || form.legalEntity === 1)),
    ) as BodyOf<'post', '/api/realtor-database-request'>;
    try {
      await (request && request.status !== 4
        ? api.patch('/api/realtor-database-request', { body })
        : api.post('/api/realtor-database-request', { body }));
      await load();
      await reload();
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors(Object.fromEntries(Object.entries(e.body.errors ?? {}).map(([k, v]) => [k, v.join('. ')])));
        setMessage(e.body.message ?? e.text);
      }
    } finally {
      setPending(false);
    }
  };
  const remove = async () => {
    await api.delete('/api/realtor-database-request').catch(() => undefined);
    setForm(EMPTY);
    await load();
  };
  const confirm = async () => {
    await api.post('/api/realtor-database-request/confirm');
    await reload();
    await navigate('/account');
  };
  const field = (key: keyof typeof EMPTY, label: string, required = false) => (
    <TextField
      label={label}
      required={required}
      value={form[key]}
      onChange={(e) =>
        setForm({
          ...form,
          [key]:
            key === 'inn' || key === 'kpp' || key === 'accountNumber'
              ? e.target.value.replace(/\D/g, '')
              : e.target.value,
        })
      }
      error={Boolean(errors[key === 'agencyName' ? 'agencyName' : key])}
      helperText={errors[key] ?? ' '}
    />
  );
  const valid =
    form.name.trim().length >= 3 &&
    form.agencyName.trim() &&
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email) &&
    (form.legalEntity === 3 || form.inn);
  return (
    <Stack spacing={2}>
      <Typography variant="h4" fontWeight={700}>
        Заявка риелтора
      </Typography>
      {request && request.status !== 4 && (
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography>Статус:</Typography>
          <Chip
            label={request.statusName}
            color={request.status === 2 ? 'success' : request.status === 3 ? 'error' : 'warning'}
          />
        </Stack>
      )}
      {request?.status === 3 && request.reason && (
        <Alert severity="error">Заявка отклонена: {request.reason}</Alert>
      )}
      {request?.status === 2 && (
        <Alert severity="success" action={<Button onClick={() => void confirm()}>Перейти в кабинет</Button>}>
          Заявка одобрена: кабинет агентства готов
        </Alert>
      )}
      {message && <Alert severity="error">{message}</Alert>}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" mb={2}>
            Заполните информацию о вашем агентстве
          </Typography>
          <Stack spacing={1}>
            <TextField
              select
              label="Форма"
              value={form.legalEntity}
              onChange={(e) => setForm({ ...form, legalEntity: Number(e.target.value) })}
            >
              <MenuItem value={1}>Юр. лицо</MenuItem>
              <MenuItem value={2}>ИП</MenuItem>
              <MenuItem value={3}>Частный риелтор</MenuItem>
            </TextField>
            {field('name', 'Ваше имя', true)}
            {field('agencyName', 'Название агентства', true)}
            {field('email', 'Электронная почта', true)}
            {field('inn', 'ИНН', form.legalEntity !== 3)}
            {form.legalEntity === 1 && field('kpp', 'КПП')}
            {field('accountNumber', 'Расчётный счёт')}
            {field('siteLink', 'Сайт')}
            <Stack direction="row" spacing={2}>
              <Button
                variant="contained"
                disabled={!valid || pending || request?.status === 2}
                onClick={() => void send()}
              >
                Отправить заявку
              </Button>
              {request && request.status !== 4 && request.status !== 2 && (
                <Button color="error" onClick={() => void remove()}>
                  Удалить заявку
                </Button>
              )}
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
