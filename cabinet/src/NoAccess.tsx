import LockIcon from '@mui/icons-material/Lock';
import { Button, Stack, Typography } from '@mui/material';
import { Link, Title } from 'react-admin';
import { addMessages } from './i18n';
import { useCabinetTranslate } from './i18n/translate';

/** its texts come with it (the listings' chunk), not with the dashboard's entry */
export const noAccessMessages = {
  cabinet: {
    noAccess: {
      title: 'Нет доступа',
      text: 'Этот раздел открывает только владелец агентства.',
      back: 'На главную',
    },
  },
};
addMessages(noAccessMessages);

/**
 * A screen the role may not open (authProvider.canAccess), by its address: why, and the way back to
 * the dashboard. It comes with the listings' chunk (App.tsx): an agent meets it only by an owner's address.
 */
export function NoAccess() {
  const translate = useCabinetTranslate();
  return (
    <Stack alignItems="center" spacing={2} sx={{ py: 6, px: 2, textAlign: 'center' }} data-testid="no-access">
      <Title title={translate('cabinet.noAccess.title')} />
      <LockIcon sx={{ fontSize: 64 }} color="disabled" />
      <Typography variant="h5" component="h1">
        {translate('cabinet.noAccess.title')}
      </Typography>
      <Typography color="text.secondary">{translate('cabinet.noAccess.text')}</Typography>
      <Button variant="contained" component={Link} to="/">
        {translate('cabinet.noAccess.back')}
      </Button>
    </Stack>
  );
}
