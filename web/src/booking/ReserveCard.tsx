import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  api,
  ApiError,
  formatPhone,
  isFullPhone,
  phoneDigits,
  formatPrice,
  plural,
  depositText,
} from '@estate/client';
import { CodeStep } from '@estate/client/codeEntry';
import { useSession } from '../auth/session';
import type { Publication } from '../api/types';
import { storedGuests } from '../catalogue/filters';
import {
  sendBooking,
  sendFormCode,
  storedTrust,
  storeTrust,
  verifyFormCode,
  type SentBooking,
} from './bookingApi';
import { stayProblem, type Stay } from './stay';
import { StayDates } from './StayDates';
import { AvailabilityCalendar } from './AvailabilityCalendar';

export const UNAVAILABLE = 'Данный диапазон дат недоступен для бронирования. Попробуйте выбрать другие.';
const DAY = 86_400_000;
/** A day from today in Moscow: stays are dated in Moscow time, whatever the visitor's clock zone (docs/decisions.md). */
// Moscow is UTC+3 all year (no summer time since 2014): no Intl time zone, whose data costs a phone ~60 ms
const MOSCOW_OFFSET = 3 * 3_600_000;
const isoDay = (offset: number) =>
  new Date(Date.now() + MOSCOW_OFFSET + offset * DAY).toISOString().slice(0, 10);
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Nights are the whole days between the dates, rounded down (the spec's rule). */
export const nightsOf = (start: string, end: string) =>
  Math.floor((Date.parse(end) - Date.parse(start)) / DAY);
/** The errorCode on which the spec's client asks for an SMS code: the phone is not confirmed. */
const PHONE_NOT_CONFIRMED = 6;
/** A new code asked for before the last one's endTime (docs/decisions.md). */
const RESEND_TOO_EARLY = 107;

/** The stay the search chose (carried in the listing's URL), or a week from now for two nights. */
function initialStay(params: URLSearchParams): Stay {
  const checkIn = params.get('checkIn') ?? '';
  const checkOut = params.get('checkOut') ?? '';
  if (DAY_PATTERN.test(checkIn) && DAY_PATTERN.test(checkOut) && checkIn >= isoDay(0))
    return { checkIn, checkOut };
  return { checkIn: isoDay(7), checkOut: isoDay(9) };
}

/** The guests the search chose (URL, then the spec's guestsCount in local storage), else the reserve modal's 3, within the listing's maximum. */
function initialGuests(params: URLSearchParams, maxGuests: number) {
  const asked = Number(params.get('guests')) || storedGuests() || 3;
  return Math.min(Math.max(1, Math.floor(asked)), maxGuests);
}

type Stage = 'form' | 'sending' | 'code' | 'sent';
const failureText = (e: unknown) =>
  e instanceof ApiError
    ? e.body.errors
      ? Object.values(e.body.errors).flat().join('. ')
      : e.text
    : 'Не удалось отправить заявку';

/**
 * The reserve form of a daily-rent listing: the stay and guests the search chose, dates checked for
 * free nights before sending, the phone confirmed by an SMS code unless it is the signed-in user's
 * own, and no second sending: the form is locked while it sends and once it has sent, and says
 * where to follow the request.
 */
export function ReserveCard({ publication }: { publication: Publication }) {
  const { profile } = useSession();
  const [params] = useSearchParams();
  const maxGuests = publication.guestsCount ?? 1;
  const [stay, setStay] = useState<Stay>(() => initialStay(params));
  const [guests, setGuests] = useState(() => initialGuests(params, maxGuests));
  const [contact, setContact] = useState({
    name: profile?.name ?? '',
    phone: profile ? formatPhone(profile.phone) : '',
    email: profile?.email ?? '',
  });
  // the calendar's answer for the stay it was asked about: a changed stay shows no answer until its own comes
  const [freeAnswer, setFreeAnswer] = useState<{ stay: Stay; free: boolean } | null>(null);
  // the signed-in user's contact fills the form when the profile arrives (adjusted on the prop's change, not in an effect)
  const [contactOf, setContactOf] = useState(profile);
  if (profile !== contactOf) {
    setContactOf(profile);
    if (profile)
      setContact({ name: profile.name, phone: formatPhone(profile.phone), email: profile.email ?? '' });
  }
  const [error, setError] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>('form');
  const [codeEndTime, setCodeEndTime] = useState<string | null>(null);
  const [sent, setSent] = useState<SentBooking | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const problem = stayProblem(stay, isoDay(0));
  const hasDates = stay.checkIn !== '' && stay.checkOut !== '';
  const nights = hasDates && !problem ? nightsOf(stay.checkIn, stay.checkOut) : 0;
  const phone = phoneDigits(contact.phone);
  const ownPhone = profile !== null && profile.phone === phone;
  const locked = stage !== 'form';

  const free = freeAnswer?.stay === stay && nights >= 1 ? freeAnswer.free : null;
  useEffect(() => {
    if (nights < 1) return;
    const timer = setTimeout(() => {
      api
        .get('/api/booking/daily-rent/{publicationId}/calendar/check-date', {
          path: { publicationId: publication.id },
          query: { startDate: stay.checkIn, endDate: stay.checkOut },
        })
        .then((r) => setFreeAnswer({ stay, free: r.data.existsFreeDateByPeriod }))
        .catch(() => setFreeAnswer(null));
    }, 300);
    return () => clearTimeout(timer);
  }, [stay, nights, publication.id]);

  const input = useMemo(() => {
    const childCount = Math.floor(guests / 2); // guests split as the spec says: adults take the larger half
    return {
      name: contact.name.trim(),
      phone,
      email: contact.email.trim() || null,
      startDate: stay.checkIn,
      endDate: stay.checkOut,
      adultCount: guests - childCount,
      childCount,
    };
  }, [contact, phone, guests, stay]);
  const valid = nights >= 1 && free === true && input.name !== '' && isFullPhone(contact.phone);

  const askForCode = async () => {
    try {
      setCodeEndTime(await sendFormCode(phone));
    } catch (e) {
      // a code sent a moment ago is still good: enter it, a new one comes after endTime
      const endTime =
        e instanceof ApiError && e.body.errorCode === RESEND_TOO_EARLY
          ? e.body.errors?.endTime?.[0]
          : undefined;
      if (!endTime) throw e;
      setCodeEndTime(endTime);
    }
    setStage('code');
  };
  /** Sends the request; a phone the server does not take as confirmed (errorCode 6) is asked for a code. */
  const deliver = async (trustToken: string | null) => {
    try {
      const answer = await sendBooking(publication.id, input, trustToken);
      setSent(answer);
      setStage('sent');
      setDialogOpen(true);
    } catch (e) {
      if (e instanceof ApiError && e.body.errorCode === PHONE_NOT_CONFIRMED) {
        storeTrust(phone, null);
        await askForCode();
        return;
      }
      throw e;
    }
  };
  const submit = async () => {
    if (!valid || locked) return;
    setError(null);
    setStage('sending');
    try {
      const trust = ownPhone ? null : storedTrust(phone);
      // a guest's phone not proved on this device goes to its code at once: the server would only
      // refuse the request (errorCode 6, a 403 in the console before the code step)
      if (ownPhone || trust) await deliver(trust);
      else await askForCode();
    } catch (e) {
      setError(failureText(e));
      setStage('form');
    }
  };
  const checkCode = async (code: string) => {
    const token = await verifyFormCode(phone, code); // a wrong code throws: CodeStep shows it under the digits
    storeTrust(phone, token);
    setStage('sending');
    try {
      await deliver(token);
    } catch (e) {
      setError(failureText(e));
      setStage('form');
    }
  };

  const followText = !sent
    ? null
    : sent.guestPage
      ? 'Следите за заявкой на её странице — ссылка на неё пришла и в СМС.'
      : profile
        ? 'Статус заявки — в личном кабинете, в разделе «Посуточная аренда».'
        : 'Ссылка на страницу заявки — в СМС, которое пришло при первой отправке.';
  const followLink = !sent ? null : sent.guestPage ? (
    <Link component={RouterLink} to={sent.guestPage}>
      Открыть страницу заявки
    </Link>
  ) : profile ? (
    <Link component={RouterLink} to="/account/user/daily-rent">
      Посуточная аренда
    </Link>
  ) : null;

  return (
    <Stack
      spacing={2}
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      aria-label="Бронирование"
      aria-busy={stage === 'sending'}
    >
      <AvailabilityCalendar
        publicationId={publication.id}
        stay={stay}
        onChange={setStay}
        today={isoDay(0)}
        disabled={locked}
      />
      <StayDates value={stay} onChange={setStay} minDate={isoDay(0)} disabled={locked} />
      {free === false && <Alert severity="warning">{UNAVAILABLE}</Alert>}
      <TextField
        select
        label="Гости"
        value={guests}
        disabled={locked}
        onChange={(e) => setGuests(Number(e.target.value))}
      >
        {Array.from({ length: maxGuests }, (_, i) => i + 1).map((n) => (
          <MenuItem key={n} value={n}>
            {n} {plural(n, ['гость', 'гостя', 'гостей'])}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Имя"
        required
        value={contact.name}
        disabled={locked}
        onChange={(e) => setContact({ ...contact, name: e.target.value })}
      />
      <TextField
        label="Телефон"
        required
        value={contact.phone}
        disabled={locked}
        placeholder="+7 (___) ___-__-__"
        onChange={(e) => setContact({ ...contact, phone: formatPhone(e.target.value) })}
      />
      <TextField
        label="Электронная почта"
        type="email"
        value={contact.email}
        disabled={locked}
        onChange={(e) => setContact({ ...contact, email: e.target.value })}
      />
      {nights >= 1 && <PriceBreakdown publication={publication} nights={nights} />}
      {error && <Alert severity="error">{error}</Alert>}
      {stage === 'code' ? (
        <Stack spacing={1} role="group" aria-label="Подтверждение телефона">
          <Typography fontWeight={600}>Подтвердите телефон</Typography>
          <CodeStep
            phone={phone}
            endTime={codeEndTime}
            onSubmit={checkCode}
            onResend={askForCode}
            onBack={() => setStage('form')}
          />
        </Stack>
      ) : (
        <Button type="submit" variant="contained" size="large" disabled={!valid || locked}>
          {stage === 'sending' ? 'Отправляем…' : stage === 'sent' ? 'Заявка отправлена' : 'Забронировать'}
        </Button>
      )}
      {sent && (
        <Alert severity="success" role="status">
          {sent.repeated ? 'Такая заявка уже отправлена и ждёт ответа хозяина. ' : 'Заявка отправлена. '}
          {followText} {followLink}
        </Alert>
      )}
      <Dialog open={dialogOpen} onClose={() => setDialogOpen(false)}>
        <DialogTitle>{sent?.repeated ? 'Заявка уже отправлена' : 'Заявка отправлена'}</DialogTitle>
        <DialogContent>
          <Typography>Хозяин ответит в ближайшее время. {followText}</Typography>
          {followLink && <Typography mt={1}>{followLink}</Typography>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialogOpen(false)}>Хорошо</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** The stay's price: nights × the price of a night = the stay, the deposit, and what the two make. */
export function PriceBreakdown({ publication, nights }: { publication: Publication; nights: number }) {
  const stayPrice = publication.price * nights;
  const deposit = publication.deposit ?? 0;
  return (
    <Stack spacing={0.75} data-testid="price-breakdown" sx={{ p: 1.5, borderRadius: 2, bgcolor: 'grey.50' }}>
      <Typography>
        {formatPrice(publication.price)} × {nights} {plural(nights, ['ночь', 'ночи', 'ночей'])} ={' '}
        <b>{formatPrice(stayPrice)}</b>
      </Typography>
      <Typography color="text.secondary">{depositText(publication.deposit)}</Typography>
      {deposit > 0 && (
        <Typography>
          Итого с залогом: <b>{formatPrice(stayPrice + deposit)}</b>
        </Typography>
      )}
    </Stack>
  );
}
