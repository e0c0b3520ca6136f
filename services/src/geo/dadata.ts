import { z } from 'zod';
import {
  addressesUnavailable,
  GEOCODE_CANDIDATES,
  hasPlace,
  pointOf,
  type AddressSuggestion,
  type AddressSuggestions,
  type SuggestOptions,
} from './addresses';
import type { GeoPoint } from './distance';

export const DADATA_SUGGEST_PATH = '/suggestions/api/4_1/rs/suggest/address';

/** What is read of DaData's answer; the many other fields of its `data` are dropped. */
const place = z.string().nullish();
const dadataAnswer = z.object({
  suggestions: z.array(
    z.object({
      value: z.string(),
      data: z.object({ city: place, settlement: place, geo_lat: place, geo_lon: place }),
    }),
  ),
});

export type DadataOptions = {
  /** DADATA_URL: the service's origin (a local stand-in under test) */
  url?: string;
  /** how long a call waits for DaData before the visitor is told the service is unavailable */
  timeoutMs?: number;
  /** told why a call failed, for the logs: never the key, never the visitor's query */
  onFailure?: (reason: string) => void;
};

/**
 * Address suggestions from DaData (https://dadata.ru/api/suggest/address/): a JSON POST with the API
 * key as `Authorization: Token …`, the query, the count and the area as its `locations` filter.
 * Whatever goes wrong (no answer in 3 s, an error status, a refused key, an answer of another shape)
 * is a 503 with a Russian message; the visitor never sees a stack or the provider's words.
 */
export class DadataAddressSuggestions implements AddressSuggestions {
  readonly name = 'dadata';
  private readonly endpoint: string;

  constructor(
    private readonly apiKey: string,
    private readonly options: DadataOptions = {},
  ) {
    this.endpoint = `${(options.url ?? 'https://suggestions.dadata.ru').replace(/\/+$/, '')}${DADATA_SUGGEST_PATH}`;
  }

  async suggest(query: string, { count, city, region }: SuggestOptions): Promise<AddressSuggestion[]> {
    const area = city ? { city } : region ? { region } : null;
    const body = { query, count, ...(area ? { locations: [area] } : {}) };
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          Authorization: `Token ${this.apiKey}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 3000),
      });
    } catch (error) {
      // the time-out's reason is a DOMException, not always an instance of this realm's Error
      const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
      throw this.failed(timedOut ? 'DaData did not answer in time' : 'DaData is unreachable');
    }
    if (!response.ok) {
      // drained so the connection is reused; not logged (it may echo the query)
      await response.arrayBuffer().catch(() => undefined);
      throw this.failed(`DaData answered HTTP ${response.status}`);
    }
    const answer = dadataAnswer.safeParse(await response.json().catch(() => undefined));
    if (!answer.success) throw this.failed('DaData answered in an unexpected shape');
    return answer.data.suggestions
      .map(({ value, data }) => ({
        value,
        data: {
          city: data.city ?? null,
          settlement: data.settlement ?? null,
          geo_lat: data.geo_lat ?? null,
          geo_lon: data.geo_lon ?? null,
        },
      }))
      .filter(hasPlace)
      .slice(0, count);
  }

  async geocode(address: string): Promise<GeoPoint | null> {
    return pointOf(await this.suggest(address, { count: GEOCODE_CANDIDATES }));
  }

  private failed(reason: string) {
    this.options.onFailure?.(reason);
    return addressesUnavailable();
  }
}
