import { Skeleton, Stack } from '@mui/material';

/**
 * What stands in a page's place while its chunk or its data comes: grey blocks of a page's shape
 * (a heading, a line, content), never a spinner, and tall enough that the footer does not jump.
 */
export function PageSkeleton({ label = 'Загрузка', rows = 2 }: { label?: string; rows?: number }) {
  return (
    <Stack spacing={2} aria-busy aria-label={label} role="status" sx={{ minHeight: '50vh' }}>
      <Skeleton variant="text" sx={{ fontSize: '2rem', width: { xs: '80%', md: '50%' } }} />
      <Skeleton variant="text" sx={{ width: { xs: '60%', md: '30%' } }} />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={i === 0 ? 220 : 120} />
      ))}
    </Stack>
  );
}
