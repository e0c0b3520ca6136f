import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useLogout, useRedirect } from 'react-admin';
import { useCabinetTranslate } from './i18n/translate';

/**
 * Where an employee the owner switched off lands (authProvider.checkError): why nothing of the
 * agency opens, how to sign out, and a way back once the owner switches them on again.
 */
export function SwitchedOff() {
  const translate = useCabinetTranslate();
  const logout = useLogout();
  const redirect = useRedirect();
  return (
    <Stack alignItems="center" justifyContent="center" sx={{ minHeight: '100vh', p: 2 }}>
      <Card variant="outlined" sx={{ maxWidth: 480 }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {translate('cabinet.switchedOff.title')}
            </Typography>
            <Typography>{translate('cabinet.switchedOff.text')}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button variant="contained" onClick={() => redirect('/')}>
                {translate('cabinet.switchedOff.again')}
              </Button>
              <Button href="/">{translate('cabinet.switchedOff.site')}</Button>
              {/* react-admin's logout ends the session and redirects by itself: nothing is left to await */}
              <Button color="inherit" onClick={() => void logout()}>
                {translate('cabinet.switchedOff.logout')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
