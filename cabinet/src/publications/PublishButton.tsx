import PublishIcon from '@mui/icons-material/Publish';
import { useState } from 'react';
import {
  Button,
  type HttpError,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { CabinetDataProvider } from '../dataProvider';
import { STATUS } from './choices';

/** The field errors' messages, when the server named some (no point on the map, no price), else the message. */
function reasonOf(error: unknown): string {
  const messages: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node === 'string') messages.push(node);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk((error as HttpError).body?.errors);
  return messages.length ? messages.join('. ') : (error as Error).message;
}

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
          notify(reasonOf(error) || 'resources.publications.notifications.publishFailed', { type: 'error' });
        } finally {
          setPending(false);
        }
      }}
    >
      <PublishIcon />
    </Button>
  );
}
