import PublishIcon from '@mui/icons-material/Publish';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { CabinetDataProvider } from '../dataProvider';
import { STATUS } from './choices';

/** 'Опубликовать' for drafts and not-active listings; blocked while the call is pending. */
export function PublishButton() {
  const record = useRecordContext<{ id: string; status: number }>();
  const dataProvider = useDataProvider<CabinetDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  if (
    !record ||
    (record.status !== STATUS.DRAFT &&
      record.status !== STATUS.PUBLISHED_NOT_ACTIVE &&
      record.status !== STATUS.ARCHIVED)
  )
    return null;
  return (
    <Button
      label="resources.publications.actions.publish"
      disabled={pending}
      onClick={async (event) => {
        event.stopPropagation();
        setPending(true);
        try {
          await dataProvider.publish('publications', record.id);
          notify('resources.publications.notifications.published', { type: 'success' });
          refresh();
        } catch (error) {
          notify((error as Error).message || 'resources.publications.notifications.publishFailed', {
            type: 'error',
          });
        } finally {
          setPending(false);
        }
      }}
    >
      <PublishIcon />
    </Button>
  );
}
