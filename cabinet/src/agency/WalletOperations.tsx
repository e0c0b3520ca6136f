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
import { useCabinetTranslate } from '../i18n/translate';

const KINDS = ['top-up', 'charge', 'refund'] as const;
const KIND_CHOICES = KINDS.map((id) => ({ id, name: `resources.wallet-operations.kinds.${id}` }));
const PURPOSES = new Set(['promotion-day', 'tariff'] as const);
type Purpose = typeof PURPOSES extends Set<infer P> ? P : never;
const isPurpose = (purpose: string | null): purpose is Purpose => PURPOSES.has(purpose as Purpose);

const filters = [
  <SelectInput
    key="kind"
    source="kind"
    choices={KIND_CHOICES}
    emptyText="resources.wallet-operations.all"
    alwaysOn
  />,
  <DayInput key="from" source="from" alwaysOn />,
  <DayInput key="to" source="to" alwaysOn />,
];

/** «Пополнение», «Списание (тариф)»: the kind and what a charge paid for */
function OperationName({ operation: o }: { operation: WalletOperation }) {
  const translate = useCabinetTranslate();
  const kind = translate(`resources.wallet-operations.kinds.${o.kind}`);
  return isPurpose(o.purpose)
    ? `${kind} (${translate(`resources.wallet-operations.purposes.${o.purpose}`)})`
    : kind;
}

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
  const translate = useCabinetTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6">{translate('cabinet.wallet.operations')}</Typography>
        <List
          resource="wallet-operations"
          disableSyncWithLocation
          filters={filters}
          sort={{ field: 'at', order: 'DESC' }}
          perPage={25}
          pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
          actions={false}
          title={false}
          empty={
            <Typography color="text.secondary">{translate('resources.wallet-operations.empty')}</Typography>
          }
          sx={{ '& .RaList-content': { boxShadow: 'none' } }}
        >
          <FollowBalance balance={balance} />
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto', contain: 'inline-size' } }}
          >
            <DateField source="at" locales="ru-RU" showTime />
            <FunctionField
              source="kind"
              sortable={false}
              render={(o: WalletOperation) => <OperationName operation={o} />}
            />
            <FunctionField
              source="sum"
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
