import {
  extendZodWithOpenApi,
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

/** One registry per app: each slice registers its routes next to their zod schemas. */
export function createOpenApi() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  const errorSchema = registry.register(
    'Error',
    z.object({
      errorCode: z.number().int(),
      message: z.string(),
      errors: z.record(z.string(), z.array(z.string())).optional(),
    }),
  );
  return {
    registry,
    errorSchema,
    route(config: RouteConfig) {
      registry.registerPath(withPathParams(config));
    },
    document() {
      return new OpenApiGeneratorV31(registry.definitions).generateDocument({
        openapi: '3.1.0',
        info: { title: 'Маркетплейс недвижимости — API', version: '0.1.0' },
        servers: [{ url: '/' }],
      });
    },
  };
}
export type OpenApi = ReturnType<typeof createOpenApi>;

/**
 * Every `{name}` of a route's path becomes a declared path parameter (a string unless the route
 * declares it otherwise), so a route can never be documented without its path parameters.
 */
export function withPathParams(config: RouteConfig): RouteConfig {
  const given = config.request?.params;
  // a declared schema with effects (a pipe) is kept as it is: the OpenAPI test still checks it
  if (given && !(given instanceof z.ZodObject)) return config;
  const declared = given;
  const names = [...config.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const missing = names.filter((name) => !declared?.shape[name]);
  if (!missing.length) return config;
  const shape = Object.fromEntries(missing.map((name) => [name, z.string()]));
  return {
    ...config,
    request: { ...config.request, params: declared ? declared.extend(shape) : z.object(shape) },
  };
}

/** A JSON body for an OpenAPI route description. */
export const jsonBody = (schema: z.ZodType, description = '') => ({
  description,
  content: { 'application/json': { schema } },
});
