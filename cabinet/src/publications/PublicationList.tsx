import { Box, Chip, Divider, Tab, Tabs, Typography } from '@mui/material';
import { useMemo } from 'react';
import {
  CreateButton,
  DatagridConfigurable,
  DateField,
  ExportButton,
  FunctionField,
  List,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { DEAL_CHOICES, STATUS_NAMES, STATUS_TABS } from './choices';
import { useCabinetTranslate, type MessageKey } from '../i18n/translate';
import { formatArea, formatNumber, formatPrice, roomCountText } from '@estate/client';
import { BulkActions } from './BulkActions';
import { PublishButton } from './PublishButton';
import { RowMenu } from './RowMenu';
import type { Publication } from '../types';

/** a row of the list: the listing with its counters and running tariff, as the API answers it (publications/dto.ts) */
type Row = Publication;

const untilFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  timeZone: 'Europe/Moscow',
});

/** the year's count and today's, as the spec's agency list shows them */
function Counter({ label, total, today }: { label: MessageKey; total: number; today?: number }) {
  const translate = useCabinetTranslate();
  return (
    <Typography variant="caption" display="block" sx={{ whiteSpace: 'nowrap' }}>
      {translate(label, { count: formatNumber(total) })}
      {today !== undefined && today > 0
        ? ` ${translate('resources.publications.counters.today', { count: formatNumber(today) })}`
        : ''}
    </Typography>
  );
}

/** views, favourites, phone views and chats of a listing: the year's and today's */
const statistics = (r: Row) => (
  <Box data-testid={`statistics-${r.id}`}>
    <Counter label="resources.publications.counters.views" total={r.viewCount} today={r.viewCountToday} />
    <Counter label="resources.publications.counters.favorites" total={r.favoriteCount} />
    <Counter
      label="resources.publications.counters.phoneViews"
      total={r.viewPhoneCount}
      today={r.viewPhoneCountToday}
    />
    <Counter label="resources.publications.counters.chats" total={r.chatCount} today={r.chatCountToday} />
  </Box>
);

/** the running promotion: its tariff, what a day costs, and the end of the paid day */
function Tariff({ row: r }: { row: Row }) {
  const translate = useCabinetTranslate();
  return r.adTariff ? (
    <Box data-testid={`tariff-${r.id}`} sx={{ minWidth: 120 }}>
      <Typography variant="body2" fontWeight={600}>
        {r.adTariff.title}
      </Typography>
      <Typography variant="caption" display="block" sx={{ whiteSpace: 'nowrap' }}>
        {translate('resources.publications.tariff.perDay', { price: formatPrice(r.adTariff.pricePerDay) })}
      </Typography>
      <Typography variant="caption" display="block" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {translate('resources.publications.tariff.until', {
          date: untilFormat.format(new Date(r.adTariff.until)),
        })}
      </Typography>
    </Box>
  ) : (
    <Typography variant="caption" color="text.secondary">
      {r.status === 1 ? translate('resources.publications.tariff.none') : '—'}
    </Typography>
  );
}

/** the search (SearchInput's placeholder is not translated by react-admin) and the deal */
function useFilters() {
  const translate = useCabinetTranslate();
  return useMemo(
    () => [
      <SearchInput
        key="q"
        source="q"
        alwaysOn
        placeholder={translate('resources.publications.filters.search')}
      />,
      <SelectInput
        key="deal"
        source="dealCategory"
        choices={DEAL_CHOICES}
        emptyText="resources.publications.filters.allDeals"
        alwaysOn
      />,
    ],
    [translate],
  );
}

function Actions() {
  return (
    <TopToolbar>
      <CreateButton label="resources.publications.actions.create" />
      <ExportButton />
    </TopToolbar>
  );
}

/** Tabs by status, as the spec's publications list; changing a tab goes back to page 1. */
const TABLE_SCROLLS = { '& .RaDatagrid-tableWrapper': { overflowX: 'auto', contain: 'inline-size' } };

function TabbedPublications() {
  const list = useListContext();
  const { setFilters } = list;
  // react-admin leaves a list's filters untyped: the status tab is the one this list sets
  const filterValues = list.filterValues as { status?: number | string };
  const translate = useCabinetTranslate();
  const status = Number(filterValues.status ?? STATUS_TABS[0].status);
  const tab = STATUS_TABS.find((t) => t.status === status) ?? STATUS_TABS[0];
  return (
    <>
      {/* inline-size containment: on a phone the tabs and the table scroll inside the list instead of widening the page (the table alone: the bulk actions bar above it must not be clipped) */}
      <Tabs
        variant="scrollable"
        value={tab.status}
        onChange={(_, value: number) => setFilters({ ...filterValues, status: value }, list.displayedFilters)}
        sx={{ contain: 'inline-size' }}
      >
        {STATUS_TABS.map((t) => (
          <Tab key={t.status} label={translate(t.label)} value={t.status} />
        ))}
      </Tabs>
      <Divider />
      <DatagridConfigurable
        sx={TABLE_SCROLLS}
        rowClick="show"
        bulkActionButtons={<BulkActions status={tab.status} />}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary">
            {translate(tab.empty)}
          </Typography>
        }
      >
        <FunctionField
          label="resources.publications.fields.images"
          render={(r: Row) =>
            r.images[0] ? (
              <Box
                component="img"
                src={r.images[0].variants?.thumb.webp ?? r.images[0].path}
                alt=""
                sx={{ width: 72, height: 52, objectFit: 'cover', borderRadius: 1 }}
              />
            ) : null
          }
        />
        <TextField source="title" />
        <SelectField source="dealCategory" choices={DEAL_CHOICES} sortable={false} />
        <FunctionField
          source="price"
          render={(r: Row) => formatPrice(r.price)}
          sx={{ whiteSpace: 'nowrap' }}
        />
        <FunctionField
          source="roomCount"
          sortable={false}
          render={(r: Row) => roomCountText(r.roomCount) ?? ''}
        />
        <FunctionField
          source="totalArea"
          sortable={false}
          render={(r: Row) => (r.totalArea === null ? '' : formatArea(r.totalArea))}
          sx={{ whiteSpace: 'nowrap' }}
        />
        <TextField source="address.fullAddress" sortable={false} />
        <FunctionField label="resources.publications.fields.statistics" render={statistics} />
        <FunctionField
          label="resources.publications.fields.adTariff"
          render={(r: Row) => <Tariff row={r} />}
        />
        <DateField source="updatedAt" locales="ru-RU" showTime />
        <FunctionField
          label="resources.publications.fields.status"
          render={(r: Row) => (
            <Box>
              <Chip
                size="small"
                label={STATUS_NAMES[r.status] && translate(STATUS_NAMES[r.status])}
                color={r.status === 1 ? 'success' : r.status === 4 ? 'error' : 'default'}
              />
              {r.status === 4 && r.declineReason && (
                <Typography variant="caption" display="block" color="text.secondary" sx={{ maxWidth: 220 }}>
                  {r.declineReason}
                </Typography>
              )}
            </Box>
          )}
        />
        <PublishButton />
        <RowMenu />
      </DatagridConfigurable>
    </>
  );
}

export function PublicationList() {
  const filters = useFilters();
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: STATUS_TABS[0].status }}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={25}
      actions={<Actions />}
      title="resources.publications.page.list"
    >
      <TabbedPublications />
    </List>
  );
}
