import type { Express } from 'express';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** A route as `METHOD /path/{param}`: the OpenAPI document's spelling, so served and documented routes compare. */
export type Operation = { method: Method; path: string };

const METHODS: Method[] = ['get', 'post', 'put', 'patch', 'delete'];
type Layer = { route?: { path: unknown; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };

/** Express's `:name` to the document's `{name}`; a trailing slash alias is the same route. */
const toTemplate = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');

/**
 * Every route the app serves, read from Express's router stack (slices mount routers without a
 * prefix, so each route carries its whole path). Pattern routes (the single-page apps' fallbacks)
 * are not API routes and are left out.
 */
export function servedRoutes(app: Express): Operation[] {
  const found = new Map<string, Operation>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = (Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path]).filter(
          (p): p is string => typeof p === 'string',
        );
        for (const method of METHODS.filter((m) => layer.route!.methods[m])) {
          for (const path of paths)
            found.set(`${method} ${toTemplate(path)}`, { method, path: toTemplate(path) });
        }
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return [...found.values()];
}

export type OpenApiOperation = {
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  /** the statuses it declares, by their code */
  responses?: Record<string, unknown>;
};

/** Every operation of an OpenAPI document, with its declaration. */
export function documentedOperations(document: {
  paths?: Record<string, unknown>;
}): (Operation & { declaration: OpenApiOperation })[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => (item as Record<string, unknown>)[m]).map((method) => ({
      method,
      path,
      declaration: (item as Record<string, OpenApiOperation>)[method],
    })),
  );
}

export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
export const key = (o: Operation) => `${o.method.toUpperCase()} ${o.path}`;
