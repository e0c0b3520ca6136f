import HistoryIcon from '@mui/icons-material/History';
import { Button, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * «История» on a listing's edit view (and wherever a listing is shown to staff or moderators): opens
 * its history and the listing as of any moment (`#/history/<id>`, a chunk of its own).
 */
export function HistoryButton({ id }: { id?: string }) {
  const record = useRecordContext<{ id: string }>();
  const publicationId = id ?? record?.id;
  if (!publicationId) return null;
  return (
    <Button
      component={Link}
      to={`/history/${encodeURIComponent(publicationId)}`}
      label="cabinet.history.open"
      data-testid="history-button"
    >
      <HistoryIcon />
    </Button>
  );
}
