import {
  Box,
  Button as MuiButton,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Tab,
  Tabs,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  Datagrid,
  FunctionField,
  Link,
  List,
  NumberField,
  Pagination,
  type RaRecord,
  TextField,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { useCabinetData } from '../agency/useAgency';
import type { BookingAction } from '../dataProvider';
import { BookingDetails } from './BookingDetails';
import { PeriodFilter } from './PeriodFilter';
import { formatPrice } from '@estate/client';
import type { Booking } from '../types';
import { messageKey, useCabinetTranslate, type MessageKey } from '../i18n/translate';

/** as the API answers it: inferred from the server's schema, never copied */

/** product.md: the agent's tabs New, Waiting, Living, Completed, Cancelled (display statuses 1–5). */
const TABS = (['new', 'waiting', 'living', 'completed', 'cancelled'] as const).map((name, i) => ({
  status: i + 1,
  /** the tab's name with its count (%{count}) */
  label: messageKey(`resources.bookings.tabs.${name}`),
  empty: messageKey(`resources.bookings.empty.${name}`),
}));
const dateText = (d: string) =>
  new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(d));

/** One action on a request; reject and cancel ask for the reason first (default 'Изменились планы'). */
function Action({
  label: labelKey,
  action,
  withReason,
  color = 'primary',
}: {
  label: MessageKey;
  action: BookingAction;
  withReason?: boolean;
  color?: 'primary' | 'error';
}) {
  const record = useRecordContext<Booking>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useCabinetTranslate();
  const label = translate(labelKey);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState(() => translate('resources.bookings.reason.default'));
  const data = useCabinetData();
  const mutation = useMutation({
    mutationFn: (booking: Booking) => data.bookingAction(action, booking, withReason ? reason : undefined),
    onSuccess: () => {
      notify('resources.bookings.notifications.done', { type: 'success' });
      setAsking(false);
      // the list and the tabs' counters both change (product.md: after an action the lists and counts
      // reload): react-admin's refresh invalidates every query, the counters' too
      refresh();
    },
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  if (!record) return null;
  const pending = mutation.isPending;
  const run = () => mutation.mutate(record);
  return (
    <>
      <MuiButton
        size="small"
        color={color}
        disabled={pending}
        onClick={(e) => {
          e.stopPropagation();
          if (withReason) setAsking(true);
          else run();
        }}
      >
        {label}
      </MuiButton>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        onClick={(e) => e.stopPropagation()}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle>{label}</DialogTitle>
        <DialogContent>
          <MuiTextField
            label={translate('resources.bookings.reason.label')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setAsking(false)}>
            {translate('resources.bookings.actions.back')}
          </MuiButton>
          <MuiButton color="error" disabled={!reason.trim() || pending} onClick={run}>
            {label}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** «Открыть чат»: the request's chat with the guest, in the cabinet's chats */
function OpenChat({ chatId }: { chatId: string }) {
  const translate = useCabinetTranslate();
  return (
    <MuiButton size="small" component={Link} to={`/chats?chatId=${encodeURIComponent(chatId)}`}>
      {translate('resources.bookings.actions.openChat')}
    </MuiButton>
  );
}

/** product.md section 4: status 1 offers accept or reject, 2 cancel, 3 'Гость выехал', and always «Открыть чат». */
function Actions() {
  const record = useRecordContext<Booking>();
  if (!record) return null;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {record.displayStatus === 1 && <Action label="resources.bookings.actions.accept" action="accept" />}
      {record.displayStatus === 1 && (
        <Action label="resources.bookings.actions.reject" color="error" withReason action="reject" />
      )}
      {record.displayStatus === 2 && (
        <Action label="resources.bookings.actions.cancel" color="error" withReason action="cancel" />
      )}
      {record.displayStatus === 3 && (
        <Action label="resources.bookings.actions.checkOut" action="check-out" />
      )}
      <OpenChat chatId={record.chatId} />
    </Box>
  );
}

const TABLE_SCROLLS = { '& .RaDatagrid-tableWrapper': { overflowX: 'auto', contain: 'inline-size' } };

function TabbedBookings() {
  const list = useListContext<RaRecord>();
  const { setFilters, data } = list;
  // react-admin leaves a list's filters untyped: these are the ones this list sets
  const filterValues = list.filterValues as {
    status?: number | string;
    startDate?: string;
    endDate?: string;
  };
  const status = Number(filterValues.status ?? 1);
  const tab = TABS.find((t) => t.status === status) ?? TABS[0];
  const period = { startDate: filterValues.startDate, endDate: filterValues.endDate };
  const provider = useCabinetData();
  const translate = useCabinetTranslate();
  // the tabs count the requests of the period the list shows
  const countsQuery = useQuery({
    queryKey: ['bookings', 'counts', period.startDate, period.endDate],
    queryFn: () => provider.bookingCounts(period),
    // while another period's counts load, the tabs keep the last ones rather than falling to 0
    placeholderData: keepPreviousData,
  });
  const counts = new Map((countsQuery.data ?? []).map((c) => [c.status, c.count]));
  const { refetch: reloadCounts } = countsQuery;
  // again whenever the list was loaded anew (a tab change, react-admin's refresh, an action)
  useEffect(() => {
    void reloadCounts();
  }, [reloadCounts, status, data]);
  return (
    <>
      {/* inline-size containment: on a phone the tabs and the table scroll inside the list instead of widening the page (the table alone: the bulk actions bar above it must not be clipped) */}
      <Tabs
        variant="scrollable"
        value={tab.status}
        onChange={(_, value: number) => setFilters({ ...filterValues, status: value }, {})}
        sx={{ contain: 'inline-size' }}
      >
        {TABS.map((t) => (
          <Tab
            key={t.status}
            value={t.status}
            data-testid={`booking-tab-${t.status}`}
            label={translate(t.label, { count: counts.get(t.status) ?? 0 })}
          />
        ))}
      </Tabs>
      <Divider />
      <PeriodFilter
        value={period}
        onChange={(next) =>
          setFilters(
            {
              status,
              ...(next.startDate && { startDate: next.startDate }),
              ...(next.endDate && { endDate: next.endDate }),
            },
            {},
          )
        }
      />
      <Datagrid
        sx={TABLE_SCROLLS}
        bulkActionButtons={false}
        rowClick={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary">
            {translate(tab.empty)}
          </Typography>
        }
      >
        <TextField source="title" sortable={false} />
        <FunctionField
          label="resources.bookings.fields.dates"
          render={(b: Booking) => `${dateText(b.startDate)} — ${dateText(b.endDate)}`}
        />
        <NumberField source="allGuestsCount" sortable={false} />
        <FunctionField
          source="price"
          sortable={false}
          render={(b: Booking) => formatPrice(b.price)}
          sx={{ whiteSpace: 'nowrap' }}
        />
        <FunctionField
          label="resources.bookings.fields.guest"
          render={(b: Booking) => (
            <>
              <Typography variant="body2">{b.name}</Typography>
              <Typography variant="caption">+{b.phone}</Typography>
            </>
          )}
        />
        <FunctionField
          label="resources.bookings.fields.status"
          render={(b: Booking & { displayStatusName: string }) => (
            <Box>
              <Chip size="small" label={b.displayStatusName} />
              {b.reason && (
                <Typography variant="caption" display="block" color="text.secondary">
                  {b.reason}
                </Typography>
              )}
            </Box>
          )}
        />
        <Actions />
        <BookingDetails />
      </Datagrid>
    </>
  );
}

export function BookingList() {
  return (
    <List
      filterDefaultValues={{ status: 1 }}
      perPage={15}
      pagination={<Pagination rowsPerPageOptions={[15, 30, 50]} />}
      title="resources.bookings.page.list"
      actions={false}
      sort={{ field: 'startDate', order: 'ASC' }}
    >
      <TabbedBookings />
    </List>
  );
}
