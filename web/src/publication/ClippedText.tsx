import { Box, Button, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

/**
 * A text clipped to `lines` lines with «Показать полностью» / «Свернуть». The button's place is
 * kept from the server's render on (hidden while the text fits), so measuring it after hydration
 * moves nothing.
 */
export function ClippedText({ text, lines }: { text: string; lines: number }) {
  const [open, setOpen] = useState(false);
  const [clipped, setClipped] = useState(false);
  const box = useRef<HTMLParagraphElement>(null);
  // measured in ResizeObserver's callbacks only, its first one included: they come after the
  // browser's own layout, where a measure in the commit forced one of the whole page
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setClipped(element.scrollHeight > element.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);
  return (
    <Box>
      <Typography
        ref={box}
        data-testid="description"
        sx={{
          whiteSpace: 'pre-line',
          overflowWrap: 'anywhere',
          ...(open
            ? {}
            : {
                display: '-webkit-box',
                WebkitLineClamp: lines,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }),
        }}
      >
        {text}
      </Typography>
      <Button
        size="small"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        sx={{ px: 0, mt: 0.5, visibility: clipped || open ? 'visible' : 'hidden' }}
        tabIndex={clipped || open ? 0 : -1}
        aria-hidden={!(clipped || open)}
      >
        {open ? 'Свернуть' : 'Показать полностью'}
      </Button>
    </Box>
  );
}
