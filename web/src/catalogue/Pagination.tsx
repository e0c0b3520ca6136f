import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { pageItems } from './pageItems';

/**
 * Under a list: the pages of its answer's `meta`, in a padded box that stays (empty) when there is one
 * page. Previous and next are disabled at the ends; the numbers follow pageItems (the spec's model).
 */
export function Pagination({
  meta,
  onChange,
}: {
  meta: { current_page: number; last_page: number };
  onChange: (page: number) => void;
}) {
  return (
    <Box pb={2}>
      {meta.last_page > 1 && (
        <PageButtons current={meta.current_page} last={meta.last_page} onChange={onChange} />
      )}
    </Box>
  );
}

function PageButtons({
  current,
  last,
  onChange,
}: {
  current: number;
  last: number;
  onChange: (page: number) => void;
}) {
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
