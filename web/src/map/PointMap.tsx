import { Box } from '@mui/material';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { clientConfig } from '@estate/client';
import { POINT_MAP_HEIGHT } from './settings';

const pin = L.divIcon({
  className: '',
  iconSize: [26, 26],
  iconAnchor: [13, 26],
  html: '<div data-testid="map-marker" style="width:26px;height:26px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:#d32f2f;border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.4)"></div>',
});

/** A listing's point on the map (its page), with the configured tiles; grey, with the pin, without them. */
export default function PointMap({ lat, lon, label }: { lat: number; lon: number; label: string }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const map = L.map(element.current, { scrollWheelZoom: false }).setView([lat, lon], 15);
    L.marker([lat, lon], { icon: pin, title: label }).addTo(map);
    let live = true;
    void clientConfig().then(({ mapTiles }) => {
      if (live) L.tileLayer(mapTiles.url, { attribution: mapTiles.attribution, maxZoom: 19 }).addTo(map);
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
