import { Box } from '@mui/material';

/** An image in a box of fixed proportions (16:9 unless told): the page does not move when it arrives. */
export function Cover({ src, alt, ratio = '16 / 9' }: { src: string | null; alt: string; ratio?: string }) {
  return (
    <Box sx={{ aspectRatio: ratio, bgcolor: 'grey.200', borderRadius: 2, overflow: 'hidden' }}>
      {src && (
        <Box
          component="img"
          src={src}
          alt={alt}
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
    </Box>
  );
}
