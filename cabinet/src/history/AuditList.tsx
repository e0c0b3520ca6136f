import type { AuditEntryDto } from '@estate/client';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Chip, Link as MuiLink, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  Datagrid,
  DateField,
  DateTimeInput,
  FunctionField,
  List,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useGetIdentity,
  useGetList,
  useListContext,
} from 'react-admin';
import { useCabinetTranslate, type MessageKey } from '../i18n/translate';
import { auditCsvUrl } from './calls';

/** The trail's sections and actions as the server names them (audit/api.ts, projections/src/audit). */
const AREAS = [
  ['listings', 'Объявления'],
  ['promotion', 'Продвижение и тарифы'],
  ['wallet', 'Кошелёк'],
  ['staff', 'Сотрудники'],
  ['agency', 'Агентство'],
  ['photos', 'Фото'],
  ['bookings', 'Бронирования'],
  ['calendar', 'Календарь'],
  ['chats', 'Чаты'],
].map(([id, name]) => ({ id, name }));
const KINDS = [
  ['PublicationCreated', 'Создание объявления'],
  ['PublicationEdited', 'Изменение объявления'],
  ['PublicationPublished', 'Публикация'],
  ['PublicationArchived', 'Снятие с публикации'],
  ['PublicationMovedToDraft', 'Возврат в черновики'],
  ['PublicationDeleted', 'Удаление объявления'],
  ['PublicationDeclined', 'Отклонение модератором'],
  ['PublicationPromoted', 'Подключение продвижения'],
  ['WalletCharged', 'Списание'],
  ['PromotionTariffChosen', 'Смена тарифа'],
  ['TopUpStarted', 'Пополнение начато'],
  ['WalletCredited', 'Кошелёк пополнен'],
  ['InvoiceRequested', 'Запрос счёта'],
  ['AgencyProfileChanged', 'Изменение профиля'],
  ['EmployeeAdded', 'Добавление сотрудника'],
  ['EmployeeRemoved', 'Удаление сотрудника'],
  ['EmployeeActivityChanged', 'Включение или отключение сотрудника'],
  ['EmployeeLimitChanged', 'Лимит расходов'],
  ['BookingAccepted', 'Подтверждение бронирования'],
  ['BookingRejected', 'Отклонение бронирования'],
  ['BookingCancelled', 'Отмена бронирования'],
  ['DatesBlocked', 'Закрытие дат'],
  ['ChatMessagePosted', 'Сообщение в чате'],
].map(([id, name]) => ({ id, name }));

/** the owner and the staff, for the filter by employee */
function EmployeeInput(props: { source: string; alwaysOn?: boolean }) {
  const { identity } = useGetIdentity();
  const { data = [] } = useGetList('employees', { pagination: { page: 1, perPage: 200 } });
  const choices = [
    ...(identity ? [{ id: String(identity.id), name: String(identity.fullName ?? '') }] : []),
    ...data.map((e: { id: string; name: string }) => ({ id: e.id, name: e.name })),
  ];
  return <SelectInput {...props} choices={choices} />;
}

const filters = [
  <EmployeeInput key="actorId" source="actorId" alwaysOn />,
  <SelectInput key="area" source="area" choices={AREAS} alwaysOn />,
  <SelectInput key="kind" source="kind" choices={KINDS} />,
  <DateTimeInput key="at_gte" source="at_gte" />,
  <DateTimeInput key="at_lte" source="at_lte" />,
];

/** the CSV of what the list shows (every page), from the server: Russian headers, formula cells escaped */
function Actions() {
  const translate = useCabinetTranslate();
  const list = useListContext();
  const { sort } = list;
  const filterValues = list.filterValues as object;
  return (
    <TopToolbar>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        href={auditCsvUrl(filterValues, sort)}
        download="audit.csv"
        data-testid="audit-export"
      >
        {translate('resources.audit.export' as MessageKey)}
      </Button>
    </TopToolbar>
  );
}

const Target = ({ entry }: { entry: AuditEntryDto }) => (
  <MuiLink href={entry.target.link} onClick={(e) => e.stopPropagation()} sx={{ overflowWrap: 'anywhere' }}>
    {entry.target.label ?? entry.target.id}
  </MuiLink>
);
const Actor = ({ entry }: { entry: AuditEntryDto }) => (
  <Box>
    <Typography variant="body2">{entry.actor.name}</Typography>
    <Typography variant="caption" color="text.secondary">
      {entry.actor.roleName}
    </Typography>
  </Box>
);
const when = (iso: string) => new Date(iso).toLocaleString('ru-RU');

/**
 * «Журнал действий» (issue 19, item 4): every action taken in the agency, with who, when, from which
 * session and what it changed (a link to it), filtered by employee, section, action and dates,
 * sorted and paged through the data layer (`/api/cabinet/audit`), and downloaded as CSV. The owner's.
 */
export function AuditList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      resource="audit"
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      {small ? (
        <SimpleList<AuditEntryDto>
          linkType={false}
          primaryText={(e) => e.summary}
          secondaryText={(e) => (
            <>
              {e.actor.name} · {e.areaName} · сеанс {e.sessionId ?? '—'} · <Target entry={e} />
            </>
          )}
          tertiaryText={(e) => when(e.at)}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateField source="at" showTime locales="ru-RU" />
          <FunctionField<AuditEntryDto>
            source="actorId"
            sortBy="actorId"
            render={(e) => <Actor entry={e} />}
          />
          <FunctionField<AuditEntryDto>
            source="sessionId"
            sortable={false}
            render={(e) => <Chip size="small" variant="outlined" label={e.sessionId ?? '—'} />}
          />
          <TextField source="areaName" label="resources.audit.fields.area" sortBy="area" />
          <TextField source="summary" sortable={false} />
          <FunctionField<AuditEntryDto>
            source="target"
            sortable={false}
            render={(e) => <Target entry={e} />}
          />
        </Datagrid>
      )}
    </List>
  );
}
