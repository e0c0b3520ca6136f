import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { countLabel } from '@estate/client';
import { viewsQuery } from './queries';
import { formatDate } from '../app/dates';

const VIEW_FORMS: [string, string, string] = ['просмотр', 'просмотра', 'просмотров'];
const dayText = (day: string) => formatDate(day, { year: false, zone: 'UTC' });
const dayNumber = (iso: string) => String(Number(iso.slice(8, 10)));
const CHART_HEIGHT = 160;

/** 'Статистика просмотров за последние 10 дней' (its own chunk): a bar a day, the sums under it. */
export default function ViewsDialog({
  open,
  onClose,
  publicationId,
}: {
  open: boolean;
  onClose: () => void;
  publicationId: string;
}) {
  const views = useQuery({ ...viewsQuery(publicationId), enabled: open });
  const days = views.data?.viewsDiagram;
  const max = Math.max(1, ...(days ?? []).map((d) => d.views));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="views-title">
      <DialogTitle id="views-title" sx={{ pr: 6 }}>
        Статистика просмотров за последние 10 дней
      </DialogTitle>
      <IconButton aria-label="Закрыть" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" mb={1} minHeight={20}>
          {days && `${dayText(days[0].date)} — ${dayText(days[days.length - 1].date)}`}
        </Typography>
        <Box
          role="img"
          aria-label={days ? days.map((d) => `${dayText(d.date)}: ${d.views}`).join(', ') : 'Загрузка'}
          data-testid="views-chart"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(10, minmax(0, 1fr))',
            gap: { xs: 0.5, sm: 1 },
            alignItems: 'end',
            height: CHART_HEIGHT + 44,
          }}
        >
          {(days ?? Array.from({ length: 10 }, () => null)).map((day, i) => (
            <Stack
              key={day?.date ?? i}
              alignItems="center"
              justifyContent="flex-end"
              spacing={0.5}
              height="100%"
            >
              {day ? (
                <>
                  <Typography variant="caption" fontWeight={600}>
                    {day.views}
                  </Typography>
                  <Box
                    sx={{
                      width: '100%',
                      maxWidth: 32,
                      height: Math.max(2, Math.round((day.views / max) * CHART_HEIGHT)),
                      bgcolor: day.views ? 'primary.main' : 'grey.300',
                      borderRadius: '4px 4px 0 0',
                    }}
                  />
                  <Typography variant="caption" color="text.secondary">
                    {dayNumber(day.date)}
                  </Typography>
                </>
              ) : (
                <Skeleton variant="rectangular" width="100%" height={CHART_HEIGHT / 2} />
              )}
            </Stack>
          ))}
        </Box>
        <Stack direction="row" spacing={3} mt={2} minHeight={24}>
          {views.data ? (
            <>
              <Typography data-testid="views-ten-days">
                За 10 дней: <b>{countLabel(views.data.viewsPerTenDays, VIEW_FORMS)}</b>
              </Typography>
              <Typography color="text.secondary">
                Всего: {countLabel(views.data.allViews, VIEW_FORMS)}
              </Typography>
            </>
          ) : views.isError ? (
            <Typography color="error">Не удалось загрузить статистику</Typography>
          ) : (
            <Skeleton width={240} />
          )}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
