import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Button, IconButton, Stack, Typography } from '@mui/material';
import { pageItems } from './pageItems';

/** Previous and next are disabled at the ends; the numbers follow pageItems (the spec's model). */
export function Pagination({
  current,
  last,
  onChange,
}: {
  current: number;
  last: number;
  onChange: (page: number) => void;
}) {
  if (last <= 1) return null;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      alignItems="center"
      justifyContent="center"
      component="nav"
      aria-label="Страницы"
    >
      <IconButton
        aria-label="Предыдущая страница"
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
      >
        <ChevronLeftIcon />
      </IconButton>
      {pageItems(current, last).map((item, i) =>
        item === '…' ? (
          <Typography key={`gap-${i}`} px={1} color="text.secondary">
            …
          </Typography>
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
      <IconButton
        aria-label="Следующая страница"
        disabled={current >= last}
        onClick={() => onChange(current + 1)}
      >
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
}
