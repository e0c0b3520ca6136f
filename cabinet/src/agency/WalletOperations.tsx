import { Card, CardContent, Typography } from '@mui/material';
import { formatPrice } from '@estate/client';
import type { WalletOperation } from '../types';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  Pagination,
  SelectInput,
  useListContext,
} from 'react-admin';
import { useEffect, useRef } from 'react';
import { DayInput } from '../dates';

const KIND_CHOICES = [
  { id: 'top-up', name: 'Пополнение' },
  { id: 'charge', name: 'Списание' },
  { id: 'refund', name: 'Возврат' },
];
const KIND = new Map(KIND_CHOICES.map((c) => [c.id, c.name]));
const PURPOSE = new Map([
  ['promotion-day', 'продвижение, день'],
  ['tariff', 'тариф'],
]);

const filters = [
  <SelectInput
    key="kind"
    source="kind"
    label="Операция"
    choices={KIND_CHOICES}
    emptyText="Все операции"
    alwaysOn
  />,
  <DayInput key="from" source="from" label="С" alwaysOn />,
  <DayInput key="to" source="to" label="По" alwaysOn />,
];

/** the list reads again when the balance it stands under changes (a top-up landed, a tariff was paid) */
function FollowBalance({ balance }: { balance: number | null }) {
  const { refetch } = useListContext();
  const seen = useRef(balance);
  useEffect(() => {
    if (balance === null || balance === seen.current) return;
    const first = seen.current === null;
    seen.current = balance;
    if (!first) void refetch();
  }, [balance, refetch]);
  return null;
}

/**
 * The wallet's operations as a react-admin list of the `wallet-operations` resource: newest first,
 * by kind and by period, 25 a page. Its filters stay in the page (not in the wallet's address).
 */
export function WalletOperations({ balance }: { balance: number | null }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6">Операции</Typography>
        <List
          resource="wallet-operations"
          disableSyncWithLocation
          filters={filters}
          sort={{ field: 'at', order: 'DESC' }}
          perPage={25}
          pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
          actions={false}
          title={false}
          empty={<Typography color="text.secondary">Операций пока нет</Typography>}
          sx={{ '& .RaList-content': { boxShadow: 'none' } }}
        >
          <FollowBalance balance={balance} />
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto', contain: 'inline-size' } }}
          >
            <DateField source="at" label="Дата" locales="ru-RU" showTime />
            <FunctionField
              label="Операция"
              render={(o: WalletOperation) =>
                `${KIND.get(o.kind) ?? o.kind}${o.purpose && PURPOSE.has(o.purpose) ? ` (${PURPOSE.get(o.purpose)})` : ''}`
              }
            />
            <FunctionField
              source="sum"
              label="Сумма"
              textAlign="right"
              render={(o: WalletOperation) => `${o.kind === 'charge' ? '−' : '+'}${formatPrice(o.sum)}`}
              sx={{ whiteSpace: 'nowrap' }}
            />
          </Datagrid>
        </List>
      </CardContent>
    </Card>
  );
}
