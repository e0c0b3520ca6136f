import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button } from '@mui/material';
import { useCabinetTranslate } from '../i18n/translate';

/** «Открыть объявление»: the listing on the site, in a new tab (the site finds its deal's page). */
export function ListingLink({ id }: { id: string }) {
  const translate = useCabinetTranslate();
  return (
    <Button
      size="small"
      href={`/catalog/${encodeURIComponent(id)}`}
      target="_blank"
      rel="noopener"
      endIcon={<OpenInNewIcon fontSize="small" />}
      onClick={(e) => e.stopPropagation()}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate('resources.complaints.actions.openListing')}
    </Button>
  );
}
