import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** The spec's error page: its own texts for 404, a general one for every other status. */
export function ErrorPage({ code }: { code: number }) {
  const notFound = code === 404;
  return (
    <Stack alignItems="center" spacing={2} py={10} textAlign="center">
      <Typography variant="h2" component="p" fontWeight={700} color="primary">{`Ошибка ${code}`}</Typography>
      <Typography variant="h5" component="h1">
        {notFound ? 'Не удалось найти эту страницу' : 'Что-то пошло не так'}
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
