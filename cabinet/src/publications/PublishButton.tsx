import PublishIcon from '@mui/icons-material/Publish';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { CabinetDataProvider } from '../dataProvider';
import { fieldErrorsOf } from '../httpErrors';
import { STATUS } from './choices';

/** The field errors' messages, when the server named some (no point on the map, no price), else the message. */
function reasonOf(error: unknown): string {
  const messages: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node === 'string') messages.push(node);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(fieldErrorsOf(error));
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
  const publish = async (id: string) => {
    setPending(true);
    try {
      await dataProvider.publish('publications', id);
      notify('resources.publications.notifications.published', { type: 'success' });
      refresh();
    } catch (error) {
      notify(reasonOf(error) || 'resources.publications.notifications.publishFailed', { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      label="resources.publications.actions.publish"
      disabled={pending}
      onClick={(event) => {
        event.stopPropagation();
        // publish reports its own failure (a notification): nothing is left to await
        void publish(record.id);
      }}
    >
      <PublishIcon />
    </Button>
  );
}
