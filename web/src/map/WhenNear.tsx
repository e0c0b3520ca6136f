import { Box } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Its children once its place comes within 200 px of the viewport, the placeholder until then
 * (on the server too): a map's library and tiles load only for a visitor who scrolls to it.
 */
export function WhenNear({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return <Box ref={place}>{near ? children : placeholder}</Box>;
}
