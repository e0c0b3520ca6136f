import { Router } from 'express';
import type { AppContext } from '../core/context';

/** Residential complexes (api.md: New builds). */
export function newBuildingRoutes(_ctx: AppContext): Router {
  return Router();
}
