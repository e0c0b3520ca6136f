import L from 'leaflet';
import type { ClientConfigDto } from '@estate/client';

/** text shown inside the map's own HTML (the attribution, labels): never markup */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** the configured tiles, their attribution as text, at the screen's density */
export const tilesOf = ({ mapTiles }: ClientConfigDto) =>
  L.tileLayer(mapTiles.url, {
    attribution: escapeHtml(mapTiles.attribution),
    maxZoom: 19,
    // a phone's screen of 2 or 3 pixels a point: tiles of the next zoom at half size, sharp (Lighthouse's
    // «Serves images with low resolution» counted the 256 px tiles shown at 256 points against the page)
    detectRetina: true,
  });

/** a lone listing: a pin */
export const pinIcon = L.divIcon({
  className: '',
  iconSize: [26, 26],
  iconAnchor: [13, 26],
  html: '<div data-testid="map-marker" style="width:26px;height:26px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:#d32f2f;border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.4)"></div>',
});
