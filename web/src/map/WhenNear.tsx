import { Box } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Its children once its place is on screen, the placeholder until then (on the server too): a map's
 * library and tiles load only for a visitor who scrolls to it. (With a 200 px margin a phone's first
 * screen, whose end the listing's map starts just below, loaded and set up Leaflet as the page
 * started: ~60 ms of a slow phone's main thread for a map nobody had looked at yet.)
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
      { rootMargin: '0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return <Box ref={place}>{near ? children : placeholder}</Box>;
}
