import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { SITE_NAME, useHead } from '../app/head';

/**
 * The spec's error page: its own texts for 404 (and 410, a listing deleted for good), a general
 * one for every other status. The server answers with its status.
 */
export function ErrorPage({ code }: { code: number }) {
  const notFound = code === 404 || code === 410;
  const heading = notFound ? 'Не удалось найти эту страницу' : 'Что-то пошло не так';
  useHead({ title: `Ошибка ${code} — ${SITE_NAME}`, description: heading, noindex: true, status: code });
  return (
    <Stack alignItems="center" spacing={2} py={10} textAlign="center">
      <Typography variant="h2" component="p" fontWeight={700} color="primary">{`Ошибка ${code}`}</Typography>
      <Typography variant="h5" component="h1">
        {heading}
      </Typography>
      <Typography color="text.secondary">
        {notFound
          ? 'Страница, которую вы ищите, отсутствует или была удалена.'
          : 'К сожалению, возникли проблемы при взаимодействии с сервером.'}
      </Typography>
      <Button component={RouterLink} to="/prodazha" variant="contained">
        Перейти в каталог
      </Button>
    </Stack>
  );
}
