import { Box } from '@mui/material';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './attribution.css';
import { useEffect, useRef } from 'react';
import { clientConfig } from '@estate/client';
import { pinIcon, tilesOf } from './layers';
import { POINT_MAP_HEIGHT } from './settings';

/** A listing's point on the map (its page), with the configured tiles; grey, with the pin, without them. */
export default function PointMap({ lat, lon, label }: { lat: number; lon: number; label: string }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const map = L.map(element.current, { scrollWheelZoom: false }).setView([lat, lon], 15);
    L.marker([lat, lon], { icon: pinIcon, title: label }).addTo(map);
    let live = true;
    void clientConfig().then((config) => {
      if (live) tilesOf(config).addTo(map);
    });
    return () => {
      live = false;
      map.remove();
    };
  }, [lat, lon, label]);
  return (
    <Box
      ref={element}
      role="region"
      aria-label="Объявление на карте"
      sx={{ height: POINT_MAP_HEIGHT, borderRadius: 2, overflow: 'hidden', bgcolor: 'grey.200' }}
    />
  );
}
