import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { addressSuggestionsContract } from './addressContract';
import type { AddressSuggestion } from './addresses';
import { DADATA_SUGGEST_PATH, DadataAddressSuggestions } from './dadata';
import { suggestFromGazetteer } from './gazetteer';

/** what the address calls answer when the provider fails (core/errors.ts, errorCode 114) */
const ADDRESSES_UNAVAILABLE_MESSAGE = 'Сервис подсказок адресов недоступен. Попробуйте позже.';

/**
 * A local stand-in for DaData that speaks its protocol: POST …/suggest/address with a Token key and
 * a JSON body, answering `{ suggestions: [...] }` from the shipped gazetteer in DaData's fuller shape,
 * headed by a region-level suggestion with no city (which the adapter must drop). Under /down it
 * answers 500, under /broken an answer of another shape, under /slow nothing at all.
 */
const KEY = 'test-dadata-key-0123456789';
type Received = { url: string; headers: IncomingHttpHeaders; body: Record<string, unknown> };
const received: Received[] = [];
let server: Server;
let base: string;

const regionLevel = {
  value: 'Московская обл',
  unrestricted_value: 'Московская обл',
  data: {
    country: 'Россия',
    region: 'Московская',
    city: null,
    settlement: null,
    geo_lat: '55.5',
    geo_lon: '37.5',
  },
};
const dadataShaped = (s: AddressSuggestion) => ({
  value: s.value,
  unrestricted_value: `Россия, ${s.value}`,
  data: { country: 'Россия', fias_id: null, qc_geo: '1', ...s.data },
});

function answer(url: string, body: Record<string, unknown>) {
  const locations = (body.locations as { city?: string; region?: string }[] | undefined) ?? [];
  const found = suggestFromGazetteer(String(body.query), { count: Number(body.count), ...locations[0] });
  return { suggestions: [regionLevel, ...found.map(dadataShaped)].slice(0, Number(body.count)) };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const url = req.url ?? '';
      if (url.startsWith('/slow')) return; // never answers
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      received.push({ url, headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || !url.endsWith(DADATA_SUGGEST_PATH))
        return void res.writeHead(404).end('{}');
      if (req.headers.authorization !== `Token ${KEY}`)
        return void res.writeHead(403).end('{"family":"CLIENT_ERROR","reason":"Forbidden"}');
      if (url.startsWith('/down')) return void res.writeHead(500).end('{"reason":"Internal"}');
      if (url.startsWith('/broken')) return void res.end('{"items":[]}');
      res.end(JSON.stringify(answer(url, body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

addressSuggestionsContract('dadata (HTTP, local stand-in speaking its protocol)', () => ({
  addresses: new DadataAddressSuggestions(KEY, { url: base }),
}));

describe('dadata specifics', () => {
  const failures: string[] = [];
  const adapter = (path = '', key = KEY, timeoutMs = 3000) =>
    new DadataAddressSuggestions(key, {
      url: `${base}${path}/`,
      timeoutMs,
      onFailure: (reason) => failures.push(reason),
    });
  beforeEach(() => {
    received.length = 0;
    failures.length = 0;
  });

  it("sends the key as a Token, JSON both ways, and the area as DaData's locations filter", async () => {
    await adapter().suggest('Покровка', { count: 4, city: 'Москва' });
    await adapter().suggest('Ленина', { count: 2, region: 'Свердловская' });
    await adapter().suggest('Ленина', { count: 3 });
    expect(received.map((r) => r.url)).toEqual([
      DADATA_SUGGEST_PATH,
      DADATA_SUGGEST_PATH,
      DADATA_SUGGEST_PATH,
    ]);
    expect(received[0].headers).toMatchObject({
      authorization: `Token ${KEY}`,
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(received.map((r) => r.body)).toEqual([
      { query: 'Покровка', count: 4, locations: [{ city: 'Москва' }] },
      { query: 'Ленина', count: 2, locations: [{ region: 'Свердловская' }] },
      { query: 'Ленина', count: 3 },
    ]);
  });

  it("keeps product.md's fields only, and drops a suggestion with neither a city nor a settlement", async () => {
    const found = await adapter().suggest('Покровка 1', { count: 3, city: 'Москва' });
    expect(found).toHaveLength(2); // the stand-in's first of three was region-level
    for (const s of found)
      expect(Object.keys(s.data).sort()).toEqual(['city', 'geo_lat', 'geo_lon', 'settlement']);
    expect(found[0]).toEqual({
      value: 'г Москва, ул Покровка, д 1',
      data: { city: 'Москва', settlement: null, geo_lat: expect.any(String), geo_lon: expect.any(String) },
    });
  });

  it.each([
    ['a refused key', '', 'wrong-key', 'DaData answered HTTP 403'],
    ['an error status', '/down', KEY, 'DaData answered HTTP 500'],
    ['an answer of another shape', '/broken', KEY, 'DaData answered in an unexpected shape'],
    ['no answer in time', '/slow', KEY, 'DaData did not answer in time'],
  ])(
    'turns %s into a 503 in Russian, telling the logs why without the key',
    async (_case, path, key, reason) => {
      const call = adapter(path, key, 300).suggest('Покровка', { count: 3 });
      await expect(call).rejects.toMatchObject({ status: 503, message: ADDRESSES_UNAVAILABLE_MESSAGE });
      expect(failures).toEqual([reason]);
      expect(failures.join(' ')).not.toContain(key);
    },
  );

  it('turns an unreachable service into the same 503, for geocoding too', async () => {
    const down = new DadataAddressSuggestions(KEY, { url: 'http://127.0.0.1:9', timeoutMs: 1000 });
    await expect(down.suggest('Покровка', { count: 3 })).rejects.toMatchObject({
      status: 503,
      message: ADDRESSES_UNAVAILABLE_MESSAGE,
    });
    await expect(down.geocode('Москва, Покровка 10')).rejects.toMatchObject({ status: 503 });
  });
});
