import { Router } from 'express';
import type { AppContext } from '../core/context';
import { CITIES } from './cities';

const toDto = ({ centre: _centre, isMain: _isMain, ...location }: (typeof CITIES)[number]) => location;

export function locationRoutes(ctx: AppContext): Router {
  const router = Router();
  ctx.openApi.route({
    method: 'get', path: '/api/locations', tags: ['Локации'], summary: 'Города каталога (главные и остальные)',
    responses: { 200: { description: 'data: список; mainCities и secondCities' } },
  });
  router.get('/api/locations', (_req, res) => {
    const all = [...CITIES].sort((a, b) => b.priority - a.priority);
    res.json({ data: all.map(toDto), mainCities: all.filter((c) => c.isMain).map(toDto), secondCities: all.filter((c) => !c.isMain).map(toDto) });
  });
  return router;
}
