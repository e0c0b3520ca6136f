import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Button, IconButton, Stack, Typography } from '@mui/material';

/** The spec's pages: 2 around the active one, an ellipsis, the last 2; at most 5 numbers. */
export function pageItems(current: number, last: number): (number | '…')[] {
  if (last <= 5) return Array.from({ length: last }, (_, i) => i + 1);
  let head = [current - 1, current, current + 1].filter((p) => p >= 1 && p <= last - 2);
  if (head.length === 0) head = [last - 4, last - 3, last - 2];
  return [...head, ...(head[head.length - 1] < last - 2 ? ['…' as const] : []), last - 1, last];
}

export function Pagination({ current, last, onChange }: { current: number; last: number; onChange: (page: number) => void }) {
  if (last <= 1) return null;
  return (
    <Stack direction="row" spacing={0.5} alignItems="center" justifyContent="center" component="nav" aria-label="Страницы">
      <IconButton aria-label="Предыдущая страница" disabled={current <= 1} onClick={() => onChange(current - 1)}>
        <ChevronLeftIcon />
      </IconButton>
      {pageItems(current, last).map((item, i) =>
        item === '…' ? (
          <Typography key={`gap-${i}`} px={1} color="text.secondary">…</Typography>
        ) : (
          <Button
            key={item}
            variant={item === current ? 'contained' : 'text'}
            onClick={() => onChange(item)}
            aria-current={item === current ? 'page' : undefined}
            sx={{ minWidth: 40 }}
          >
            {item}
          </Button>
        ),
      )}
      <IconButton aria-label="Следующая страница" disabled={current >= last} onClick={() => onChange(current + 1)}>
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
}
