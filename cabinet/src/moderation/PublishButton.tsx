import { Button } from '@mui/material';
import { useNotify, useRecordContext, useResourceContext, useUpdate } from 'react-admin';
import { useCabinetTranslate } from '../i18n/translate';

/**
 * «Опубликовать» or «Скрыть» a content item from its list: the item saved as it is, with the
 * other isPublished (the server's PUT publishes or hides).
 */
export function PublishButton() {
  const record = useRecordContext<{ id: string; isPublished: boolean }>();
  const resource = useResourceContext();
  const translate = useCabinetTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record || !resource) return null;
  const publish = !record.isPublished;
  return (
    <Button
      size="small"
      color={publish ? 'primary' : 'inherit'}
      disabled={isPending}
      onClick={(e) => {
        e.stopPropagation();
        // onSuccess and onError below report the outcome: nothing is left to await
        void update(
          resource,
          { id: record.id, data: { ...record, isPublished: publish }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () =>
              notify(publish ? 'moderation.publishedDone' : 'moderation.hiddenDone', { type: 'success' }),
            onError: (error) => notify(error.message, { type: 'error' }),
          },
        );
      }}
    >
      {translate(publish ? 'moderation.publish' : 'moderation.hide')}
    </Button>
  );
}
