import { ApiError, request, typedApi, type ApiInit } from '@estate/client';
import { HttpError, type fetchUtils } from 'react-admin';

/**
 * Every cabinet call goes through the one client (@estate/client): the session is the site's
 * HttpOnly cookie, which the browser sends itself (no token is kept in the page). react-admin's
 * data provider wants fetchUtils' answer ({ status, headers, body, json }) and its HttpError: the
 * client's ApiError is handed over as one, with the field errors joined by '. ' under each field
 * (as the spec shows them) and nested as react-admin's forms read them.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const { body, user: _user, ...init } = options;
  try {
    const answer = await request<unknown>(url, { ...(init as ApiInit), body });
    const { json } = answer;
    return { status: answer.status, headers: answer.headers, body: JSON.stringify(json), json };
  } catch (error) {
    if (error instanceof ApiError) throw toHttpError(error);
    throw error;
  }
}

/**
 * The cabinet's typed calls (@estate/client's typedApi: declared paths, parameters, bodies and
 * answers) over httpClient, so a failure is react-admin's HttpError like every other call's.
 */
export const cabinetApi = typedApi((path, { method, body, headers, signal }) =>
  httpClient(path, {
    method,
    headers: headers ? new Headers(headers) : undefined,
    body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
    signal,
  }).then((answer) => answer.json),
);

/** The client's error as react-admin's: its notification shows the message, its forms the field errors. */
export function toHttpError(error: ApiError): HttpError {
  const fields = Object.entries(error.errors);
  const body = fields.length
    ? {
        errors: toNested(Object.fromEntries(fields.map(([field, messages]) => [field, messages.join('. ')]))),
      }
    : error.body;
  return new HttpError(error.message, error.status, body);
}

/**
 * 'address.fullAddress' → { address: { fullAddress } }: react-admin reads nested field errors. The
 * names come from the input, so the nodes have no prototype: a field named `__proto__` is a field.
 */
function toNested(flat: Record<string, string>) {
  const out = Object.create(null) as Record<string, unknown>;
  for (const [path, message] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = Object.hasOwn(node, part) ? node[part] : undefined;
      node = (
        typeof next === 'object' && next !== null ? next : (node[part] = Object.create(null))
      ) as Record<string, unknown>;
    }
    node[parts[parts.length - 1]] = message;
  }
  return out;
}
