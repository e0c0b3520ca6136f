import { fetchUtils, HttpError } from 'react-admin';

type ErrorBody = { errorCode?: number; message?: string; errors?: Record<string, string[]> };

/**
 * Every cabinet call: the session is the site's HttpOnly cookie, which the browser sends itself
 * (no token is kept in the page), and the API's error envelope turned into react-admin's
 * HttpError with field errors joined by '. ' under each field, as the spec shows them.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof HttpError) {
      const body = (error.body ?? {}) as ErrorBody;
      const fieldErrors = body.errors
        ? toNested(
            Object.fromEntries(
              Object.entries(body.errors).map(([field, messages]) => [field, messages.join('. ')]),
            ),
          )
        : undefined;
      throw new HttpError(
        body.message ?? error.message,
        error.status,
        fieldErrors ? { errors: fieldErrors } : body,
      );
    }
    throw error;
  }
}

/** 'address.fullAddress' → { address: { fullAddress } }: react-admin reads nested field errors. */
function toNested(flat: Record<string, string>) {
  const out: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = out;
    parts.slice(0, -1).forEach((p) => (node = (node[p] ??= {}) as Record<string, unknown>));
    node[parts[parts.length - 1]] = message;
  }
  return out;
}
