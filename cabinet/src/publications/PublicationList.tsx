import { Box, Chip, Divider, Tab, Tabs, Typography } from '@mui/material';
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
import { formatArea, formatPrice, roomCountText, type PublicationDto } from '@estate/client';
import { BulkActions } from './BulkActions';
import { PublishButton } from './PublishButton';

/** a row of the list: the listing as the API answers it (publications/dto.ts) */
type Row = PublicationDto;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Заголовок или адрес" />,
  <SelectInput
    key="deal"
    source="dealCategory"
    label="Тип сделки"
    choices={DEAL_CHOICES}
    emptyText="Все объявления"
    alwaysOn
  />,
];

function Actions() {
  return (
    <TopToolbar>
      <CreateButton label="Добавить объявление" />
      <ExportButton />
    </TopToolbar>
  );
}

/** Tabs by status, as the spec's publications list; changing a tab goes back to page 1. */
const TABLE_SCROLLS = { '& .RaDatagrid-tableWrapper': { overflowX: 'auto', contain: 'inline-size' } };

function TabbedPublications() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const status = Number(filterValues.status ?? STATUS_TABS[0].status);
  const tab = STATUS_TABS.find((t) => t.status === status) ?? STATUS_TABS[0];
  return (
    <>
      {/* inline-size containment: on a phone the tabs and the table scroll inside the list instead of widening the page (the table alone: the bulk actions bar above it must not be clipped) */}
      <Tabs
        variant="scrollable"
        value={tab.status}
        onChange={(_, value: number) => setFilters({ ...filterValues, status: value }, displayedFilters)}
        sx={{ contain: 'inline-size' }}
      >
        {STATUS_TABS.map((t) => (
          <Tab key={t.status} label={t.label} value={t.status} />
        ))}
      </Tabs>
      <Divider />
      <DatagridConfigurable
        sx={TABLE_SCROLLS}
        rowClick="show"
        bulkActionButtons={<BulkActions status={tab.status} />}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary">
            {tab.empty}
          </Typography>
        }
      >
        <FunctionField
          label="Фото"
          render={(r: Row) =>
            r.images[0] ? (
              <Box
                component="img"
                src={r.images[0].path}
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
        <TextField source="address.fullAddress" label="Адрес" sortable={false} />
        <DateField source="updatedAt" locales="ru-RU" showTime />
        <FunctionField
          label="Статус"
          render={(r: Row) => (
            <Box>
              <Chip
                size="small"
                label={r.status === 4 ? 'Отклонено' : STATUS_NAMES[r.status]}
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
      </DatagridConfigurable>
    </>
  );
}

export function PublicationList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: STATUS_TABS[0].status }}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={25}
      actions={<Actions />}
      title="Мои объявления"
    >
      <TabbedPublications />
    </List>
  );
}
