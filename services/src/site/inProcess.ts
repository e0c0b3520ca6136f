import type { Request, Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { parse } from '../core/http';
import { JsonText, queryInput, type RouteDeclaration } from '../core/route';

/** An answer of the API as the page's query sees it: a status and the JSON body (the error envelope on failure). */
export type InProcessAnswer = { status: number; json: unknown };
export type InProcessCall = (
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
) => Promise<InProcessAnswer>;

type Compiled = { method: string; pattern: RegExp; names: string[]; route: RouteDeclaration };

function compile(routes: readonly RouteDeclaration[]): Compiled[] {
  return (
    routes
      .filter((r) => r.auth === 'public' && (r.method === 'get' || r.method === 'post') && !r.produces)
      .flatMap((route) =>
        (typeof route.path === 'string' ? [route.path] : [...route.path]).map((path) => {
          const names: string[] = [];
          const source = path
            .split(/(\{\w+\})/)
            .map((part) => {
              const name = /^\{(\w+)\}$/.exec(part)?.[1];
              if (name) {
                names.push(name);
                return '([^/]+)';
              }
              return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            })
            .join('');
          return { method: route.method.toUpperCase(), pattern: new RegExp(`^${source}$`), names, route };
        }),
      )
      // a literal path before a parameter (/api/publications/count before /api/publications/{id})
      .sort((a, b) => a.names.length - b.names.length)
  );
}

/**
 * The app's own public read routes called in-process for the server's render: the same route
 * declarations (zod schemas, handlers, error envelope) as over HTTP, without a socket or the
 * Express stack. The caller is a guest (no session, no visitor id: nothing is counted), so the
 * page is the same for everyone and may be cached.
 */
export function inProcessApi(ctx: AppContext, routes: readonly RouteDeclaration[]): InProcessCall {
  const compiled = compile(routes);
  return async (path, init) => {
    const url = new URL(path, 'http://in-process');
    const pathname = url.pathname;
    let found: { entry: Compiled; values: string[] } | null = null;
    for (const entry of compiled) {
      if (entry.method !== init.method) continue;
      const match = entry.pattern.exec(pathname);
      if (match) {
        found = { entry, values: match.slice(1) };
        break;
      }
    }
    if (!found) return { status: 404, json: new DomainError('NOT_FOUND').toBody() };
    const { route, names } = found.entry;
    const rawParams = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(found.values[i])]));
    const rawQuery: Record<string, string | string[]> = {};
    for (const key of new Set(url.searchParams.keys())) {
      const all = url.searchParams.getAll(key);
      rawQuery[key] = all.length > 1 ? all : all[0];
    }
    const req = {
      method: init.method,
      url: path,
      path: pathname,
      params: rawParams,
      query: rawQuery,
      body: init.body,
      headers: {},
      cookies: {},
      ip: '127.0.0.1',
      get: () => undefined,
      header: () => undefined,
      log: ctx.logger,
    } as unknown as Request;
    const res = {
      headersSent: false,
      locals: {},
      setHeader: () => res,
      getHeader: () => undefined,
      set: () => res,
      header: () => res,
      append: () => res,
      status: () => res,
      vary: () => res,
    } as unknown as Response;
    try {
      const params = route.params ? parse(route.params, rawParams) : rawParams;
      const query = route.query ? parse(route.query, queryInput(req.query, route.query)) : {};
      const headers = route.headers ? parse(route.headers, {}) : {};
      const body =
        route.body && !route.consumes ? (route.parseBody ?? parse)(route.body, init.body ?? {}) : undefined;
      const answer = await route.handle({ ctx, params, query, body, headers, req, res });
      // the catalogue's pages are answered as JSON text (JsonText): the page's cache holds the value
      const json = answer instanceof JsonText ? (JSON.parse(answer.text) as unknown) : answer;
      return { status: route.status ?? 200, json };
    } catch (error) {
      if (error instanceof DomainError) return { status: error.status, json: error.toBody() };
      if (error instanceof z.ZodError) return { status: 400, json: new DomainError('INVALID_DATA').toBody() };
      throw error;
    }
  };
}
