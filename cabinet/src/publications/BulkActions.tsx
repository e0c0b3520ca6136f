import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useState } from 'react';
import {
  BulkDeleteButton,
  Button,
  type RaRecord,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
} from 'react-admin';
import type { CabinetDataProvider } from '../dataProvider';
import { STATUS } from './choices';

/** 'Скрыть выбранные': the selected active listings go to the archive, each id answered on its own. */
function HideSelectedButton() {
  const { selectedIds, onUnselectItems } = useListContext<RaRecord>();
  const dataProvider = useDataProvider<CabinetDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  const hideSelected = async () => {
    setPending(true);
    try {
      const results = await dataProvider.changeStatus(selectedIds, 3);
      const refused = results.flatMap((r) => (r.success ? [] : [r.message]));
      // react-admin's notification translates the key with these values
      notify(
        refused.length
          ? 'resources.publications.notifications.hiddenPartly'
          : 'resources.publications.notifications.hidden',
        {
          type: refused.length ? 'warning' : 'success',
          messageArgs: { count: results.length - refused.length, errors: refused.join('; ') },
        },
      );
      onUnselectItems();
      refresh();
    } catch (error) {
      notify((error as Error).message || 'resources.publications.notifications.hideFailed', {
        type: 'error',
      });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      label="resources.publications.actions.hideSelected"
      disabled={pending || selectedIds.length === 0}
      // hideSelected reports its own outcome (a notification): nothing is left to await
      onClick={() => void hideSelected()}
    >
      <VisibilityOffIcon />
    </Button>
  );
}

/** product.md: 'Удалить выбранные' on every tab, 'Скрыть выбранные' on the active tab only. */
export function BulkActions({ status }: { status: number }) {
  return (
    <>
      {status === STATUS.PUBLISHED && <HideSelectedButton />}
      <BulkDeleteButton label="resources.publications.actions.deleteSelected" mutationMode="pessimistic" />
    </>
  );
}
