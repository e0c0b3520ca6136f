import { Router } from 'express';
import type { AppContext } from '../core/context';

/** Deal categories, property types and characteristics (api.md: Characteristics and categories). */
export function categoryRoutes(_ctx: AppContext): Router {
  return Router();
}
