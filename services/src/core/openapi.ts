import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

/** One registry per app: each slice registers its routes next to their zod schemas. */
export function createOpenApi() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  const errorSchema = registry.register(
    'Error',
    z.object({ errorCode: z.number().int(), message: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() }),
  );
  return {
    registry,
    errorSchema,
    route(config: RouteConfig) {
      registry.registerPath(config);
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

/** A JSON body for an OpenAPI route description. */
export const jsonBody = (schema: z.ZodType, description = '') => ({ description, content: { 'application/json': { schema } } });
