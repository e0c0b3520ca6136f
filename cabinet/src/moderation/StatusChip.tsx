import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useCabinetTranslate } from '../i18n/translate';

/** A content item's status: published (green) or hidden. */
export function PublishedChip() {
  const record = useRecordContext<{ isPublished: boolean }>();
  const translate = useCabinetTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.isPublished ? 'success' : 'default'}
      label={translate(record.isPublished ? 'moderation.published' : 'moderation.hidden')}
    />
  );
}
