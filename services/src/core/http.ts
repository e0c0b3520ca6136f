import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import type { Collection, Doc, Filter } from '@estate/projections';
import { z, type ZodType } from 'zod';
import { DomainError, ERRORS, type FieldErrors } from './errors';
import type { Logger } from './logger';

z.config(z.locales.ru());

/**
 * Field errors keyed by dotted path, each a list of Russian messages, as the spec's `errors` holds them.
 * Paths come from the input (a record's keys), so they are gathered in a Map: a key named `constructor`
 * or `__proto__` is a field like any other, not a property every object inherits.
 */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors = new Map<string, string[]>();
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'body';
    errors.set(key, [...(errors.get(key) ?? []), issue.message]);
  }
  return Object.fromEntries(errors);
}

/** Parses input with a zod schema, answering errorCode 1 with field errors when it does not fit. */
export function parse<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new DomainError('INVALID_DATA', undefined, fieldErrors(result.error));
  return result.data;
}

export const notFoundRoute: RequestHandler = (_req, res) => {
  res
    .status(404)
    .json({ errorCode: ERRORS.ROUTE_NOT_FOUND.errorCode, message: ERRORS.ROUTE_NOT_FOUND.message });
};

type BodyParserError = Error & { type?: string; status?: number };

/** Every failure leaves as the spec's envelope; a stack trace never does. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return;
    if (error instanceof DomainError) {
      res.status(error.status).json(error.toBody());
      return;
    }
    const parserError = error as BodyParserError;
    if (parserError?.type === 'entity.parse.failed') {
      res.status(400).json(
        new DomainError('INVALID_DATA', undefined, {
          body: ['Тело запроса не является корректным JSON'],
        }).toBody(),
      );
      return;
    }
    if (parserError?.type === 'entity.too.large') {
      res.status(413).json(new DomainError('PAYLOAD_TOO_LARGE').toBody());
      return;
    }
    if (parserError?.status && parserError.status >= 400 && parserError.status < 500) {
      res.status(400).json(new DomainError('INVALID_DATA').toBody());
      return;
    }
    (req.log ?? logger).error({ err: error }, 'unhandled error');
    res.status(500).json(new DomainError('INTERNAL').toBody());
  };
}

/** The spec's paging meta: pages from 1, the last page at least 1. */
export const pageMeta = (page: number, limit: number, total: number) => ({
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / limit)),
  per_page: limit,
  total,
});

/** A list in the query string, as clients send it: `name[]=a&name[]=b`, `name=a&name=b` or `name=a,b`; empty items dropped. */
export function queryList(query: Request['query'], name: string): string[] {
  const raw = query[`${name}[]`] ?? query[name];
  if (raw === undefined) return [];
  // a nested object (`name[a]=b`) is no item of a list
  return (Array.isArray(raw) ? raw : [raw])
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
    .filter(Boolean);
}

/** A calendar day as the API takes it. */
export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата в формате ГГГГ-ММ-ДД');

/** A parameter of react-admin's simple-rest lists, sent as JSON text (sort=["price","ASC"], filter={...}). */
export const jsonParam = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return fallback;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Ожидается JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** simple-rest's range=[0,24]: the first and the last row asked, 500 rows at most */
export const simpleRestRange = jsonParam(
  z
    .tuple([z.number().int().min(0), z.number().int().min(0)])
    .refine(([a, b]) => b >= a && b - a < 500, 'Не больше 500 строк'),
  [0, 24],
);

/** simple-rest's Content-Range of a page: `<resource> <first>-<last>/<total>` */
export const contentRange = (resource: string, from: number, count: number, total: number) =>
  `${resource} ${from}-${count ? from + count - 1 : from}/${total}`;

/** a simple-rest list's parsed sort and range (its `jsonParam`s) */
export type SimpleRestListQuery = {
  sort: readonly [field: string, direction: 'ASC' | 'DESC'];
  range: readonly [first: number, last: number];
};

/**
 * One page of a react-admin simple-rest list, its Content-Range set on the answer: the matches
 * sorted on the asked field (simple-rest's `id` is the document's `_id`), then by `_id` so that
 * equal values cannot make pages overlap, the asked rows.
 */
export async function simpleRestPage<T extends Doc>(
  collection: Collection<T>,
  filter: Filter,
  { sort: [field, direction], range: [first, last] }: SimpleRestListQuery,
  resource: string,
  res: Response,
): Promise<T[]> {
  const { items, total } = await collection.findPage(filter, {
    sort: { [field === 'id' ? '_id' : field]: direction === 'ASC' ? 1 : -1, _id: 1 },
    skip: first,
    limit: last - first + 1,
  });
  res.set('Content-Range', contentRange(resource, first, items.length, total));
  return items;
}
