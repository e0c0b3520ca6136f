import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './attribution.css';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { api, clientConfig, DEAL_ROUTES, formatPrice, plural } from '@estate/client';
import { searchMap } from '../api/client';
import type { MapBounds, MapRequest, Publication } from '../api/types';
import { ListingPhoto } from '../photos/ListingPhoto';
import { pinIcon, tilesOf } from './layers';
import { DEFAULT_CENTRE, SEARCH_MAP_HEIGHT } from './settings';

/** api.md section 9: the debounce of a list fetch; the map asks again this long after it stops moving */
const ASK_AFTER_MS = 400;
const START_ZOOM = 10;

type Filters = Omit<MapRequest, 'bounds' | 'zoom'>;

/** a group of listings: a round badge with their count, larger for more */
function clusterIcon(count: number) {
  const size = count < 10 ? 34 : count < 100 ? 42 : count < 1000 ? 50 : 58;
  return L.divIcon({
    className: '',
    iconSize: [size, size],
    html: `<div data-testid="map-cluster" aria-label="${count} ${plural(count, ['объявление', 'объявления', 'объявлений'])}" style="width:${size}px;height:${size}px;border-radius:50%;background:#1565c0;color:#fff;border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.4);display:grid;place-items:center;font:600 14px/1 system-ui,sans-serif">${count}</div>`,
  });
}

/** A listing's card on the map, opened by its pin. */
function MapCard({ publication }: { publication: Publication }) {
  const image = publication.images[0];
  return (
    <Card variant="outlined" data-testid="map-card">
      <CardActionArea
        component={RouterLink}
        to={`${DEAL_ROUTES[publication.dealCategory]}/${encodeURIComponent(publication.id)}`}
      >
        <Stack direction="row" spacing={2} alignItems="stretch">
          <Box sx={{ width: 109, height: 80, flexShrink: 0, bgcolor: 'grey.200' }}>
            {image && (
              <ListingPhoto
                photo={image}
                size="thumb"
                alt={publication.title}
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
            )}
          </Box>
          <CardContent sx={{ p: 1, '&:last-child': { pb: 1 }, minWidth: 0 }}>
            <Typography fontWeight={700}>{formatPrice(publication.price)}</Typography>
            <Typography variant="body2" noWrap>
              {publication.title}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {publication.address.fullAddress}
            </Typography>
          </CardContent>
        </Stack>
      </CardActionArea>
    </Card>
  );
}

/**
 * 'Показать на карте' (issue 16): the search's listings on a map, grouped by the server for the
 * visible area and the zoom (100,000 listings never travel here); moving the map asks for its new
 * area, a group opens closer, a pin opens the listing's card. The tiles come from the configuration;
 * without them (no network) the map is grey and the groups and pins still show.
 */
export default function SearchMap({
  filters,
  centre,
  onArea,
}: {
  filters: Filters;
  centre?: { lat: number; lon: number };
  /** told the visible area each time the map settles (a saved search keeps it) */
  onArea?: (bounds: MapBounds) => void;
}) {
  const onAreaRef = useRef(onArea);
  useEffect(() => {
    onAreaRef.current = onArea;
  }, [onArea]);
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<Publication | null>(null);
  const filtersKey = JSON.stringify(filters);

  // the map itself, once
  useEffect(() => {
    if (!element.current) return;
    const start = centre ?? DEFAULT_CENTRE;
    const created = L.map(element.current, { zoomControl: true, attributionControl: true }).setView(
      [start.lat, start.lon],
      START_ZOOM,
    );
    map.current = created;
    layer.current = L.layerGroup().addTo(created);
    void clientConfig().then((config) => {
      if (map.current !== created) return;
      tilesOf(config).addTo(created);
    });
    return () => {
      created.remove();
      map.current = null;
      layer.current = null;
    };
    // the centre moves the map only when it is made; a new search keeps the view
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // the groups of the visible area, asked again when the map stops moving or the filters change
  useEffect(() => {
    const current = map.current;
    if (!current) return;
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const ask = () => {
      controller?.abort();
      controller = new AbortController();
      const area = current.getBounds();
      const west = Math.max(-180, area.getWest());
      const east = Math.min(180, area.getEast());
      const request: MapRequest = {
        ...(JSON.parse(filtersKey) as Filters),
        bounds: {
          south: Math.max(-90, area.getSouth()),
          north: Math.min(90, area.getNorth()),
          west,
          east,
        },
        zoom: Math.min(20, Math.max(0, Math.round(current.getZoom()))),
      };
      onAreaRef.current?.(request.bounds);
      const signal = controller.signal;
      searchMap(request, signal).then(
        ({ clusters, total: found }) => {
          if (signal.aborted || !layer.current) return;
          layer.current.clearLayers();
          for (const cluster of clusters) {
            const marker = L.marker([cluster.lat, cluster.lon], {
              icon: cluster.publicationId ? pinIcon : clusterIcon(cluster.count),
              keyboard: true,
              title: cluster.publicationId
                ? 'Объявление'
                : `${cluster.count} ${plural(cluster.count, ['объявление', 'объявления', 'объявлений'])}`,
            });
            marker.on('click', () => {
              if (cluster.publicationId) void openCard(cluster.publicationId);
              else current.setView([cluster.lat, cluster.lon], Math.min(19, current.getZoom() + 2));
            });
            layer.current.addLayer(marker);
          }
          setTotal(found);
          setFailed(false);
        },
        () => {
          if (!signal.aborted) setFailed(true);
        },
      );
    };
    const openCard = async (id: string) => {
      const answer = await api.get('/api/publications-by-ids', { query: { ids: [id] } }).catch(() => null);
      setChosen(answer?.data[0] ?? null);
    };
    const moved = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(ask, ASK_AFTER_MS);
    };
    current.on('moveend', moved);
    ask();
    return () => {
      current.off('moveend', moved);
      if (timer) clearTimeout(timer);
      controller?.abort();
    };
  }, [filtersKey]);

  return (
    <Stack spacing={1.5}>
      <Typography color="text.secondary" aria-live="polite" data-testid="map-total" minHeight={24}>
        {failed
          ? 'Не удалось загрузить карту, подвиньте её, чтобы повторить'
          : total === null
            ? 'Загрузка…'
            : total === 0
              ? 'В этой области ничего не найдено'
              : `${total} ${plural(total, ['объявление', 'объявления', 'объявлений'])} в этой области`}
      </Typography>
      <Box
        ref={element}
        role="region"
        aria-label="Карта объявлений"
        sx={{ height: SEARCH_MAP_HEIGHT, borderRadius: 2, overflow: 'hidden', bgcolor: 'grey.200' }}
      />
      {chosen && <MapCard publication={chosen} />}
    </Stack>
  );
}
