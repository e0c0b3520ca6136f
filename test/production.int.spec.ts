import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { startTestApp, type TestApp } from './support/server';

/**
 * The built front ends as `npm run build` leaves them (this suite builds nothing: `npm test` builds
 * first, whatever NODE_ENV the shell has): React's production build, split into chunks, each text
 * asset with brotli and gzip files beside it, served compressed and cached for good.
 */
const APPS = [
  { name: 'site', dist: join(__dirname, '../web/dist'), base: '/', vendors: ['react', 'router', 'mui'] },
  {
    name: 'cabinet',
    dist: join(__dirname, '../cabinet/dist'),
    base: '/cabinet/',
    // MUI and react-admin in parts by the pages that use them (`mui~<pages>`): the sign-in loads only its own
    vendors: ['react', 'router', 'mui~[\\w~]+', 'react-admin~[\\w~]+', 'charts'],
  },
];
/** Strings only React's development build carries: the dev JSX runtime, the dev bundle's name, a dev-only warning. */
const DEVELOPMENT_REACT = [
  'jsxDEV',
  'react.development',
  'react-dom.development',
  'Check the render method of',
];

const assetsOf = (dist: string) =>
  readdirSync(join(dist, 'assets')).filter((f) => !f.endsWith('.br') && !f.endsWith('.gz'));

describe.each(APPS)('the built $name', ({ dist, vendors }) => {
  beforeAll(() => {
    if (!existsSync(join(dist, 'index.html')))
      throw new Error(`${dist} is not built: run npm run build first`);
  });

  it('is React’s production build', () => {
    for (const file of assetsOf(dist).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(join(dist, 'assets', file), 'utf8');
      for (const marker of DEVELOPMENT_REACT)
        expect([file, marker, code.includes(marker)]).toEqual([file, marker, false]);
    }
  });

  it('is split into vendor chunks and pages, none of them the whole app', () => {
    const scripts = assetsOf(dist).filter((f) => f.endsWith('.js'));
    for (const vendor of vendors)
      expect([vendor, scripts.some((f) => new RegExp(`^${vendor}-[\\w-]{8}\\.js$`).test(f))]).toEqual([
        vendor,
        true,
      ]);
    expect(scripts.length).toBeGreaterThan(vendors.length + 3);
    const largest = Math.max(...scripts.map((f) => readFileSync(join(dist, 'assets', f)).length));
    expect(largest).toBeLessThan(600 * 1024);
  });

  it('has brotli and gzip files beside every JavaScript and CSS asset (and index.html), holding the same bytes', () => {
    const texts = [
      ...assetsOf(dist)
        .filter((f) => /\.(js|css)$/.test(f))
        .map((f) => join(dist, 'assets', f)),
      join(dist, 'index.html'),
    ];
    for (const path of texts) {
      const raw = readFileSync(path);
      expect([path, existsSync(`${path}.br`), existsSync(`${path}.gz`)]).toEqual([path, true, true]);
      expect(brotliDecompressSync(readFileSync(`${path}.br`)).equals(raw)).toBe(true);
      expect(gunzipSync(readFileSync(`${path}.gz`)).equals(raw)).toBe(true);
    }
  });
});

describe('serving the built front ends', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it.each(APPS)(
    'sends the $name’s assets compressed as the browser accepts, cached for a year as immutable',
    async ({ dist, base }) => {
      // the largest script (the entry itself may be a few bytes that import the first chunk)
      const entry = assetsOf(dist)
        .filter((f) => f.endsWith('.js'))
        .sort(
          (a, b) =>
            readFileSync(join(dist, 'assets', b)).length - readFileSync(join(dist, 'assets', a)).length,
        )[0];
      const url = `${base}assets/${entry}`;
      const raw = readFileSync(join(dist, 'assets', entry));
      const binary = (r: request.Test) =>
        r.buffer(true).parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });

      // the client decodes what it was sent; the length on the wire is the compressed file's
      const br = await binary(
        request(t.app).get(url).set('Accept-Encoding', 'gzip, deflate, br, zstd'),
      ).expect(200);
      expect(br.headers).toMatchObject({
        'content-encoding': 'br',
        'cache-control': 'public, max-age=31536000, immutable',
        vary: 'Accept-Encoding',
        'content-type': 'text/javascript; charset=utf-8',
      });
      expect(Number(br.headers['content-length'])).toBe(
        readFileSync(join(dist, 'assets', `${entry}.br`)).length,
      );
      expect(Number(br.headers['content-length'])).toBeLessThan(raw.length / 2);
      expect((br.body as Buffer).equals(raw)).toBe(true);

      const gzip = await binary(request(t.app).get(url).set('Accept-Encoding', 'gzip, br;q=0')).expect(200);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(Number(gzip.headers['content-length'])).toBe(
        readFileSync(join(dist, 'assets', `${entry}.gz`)).length,
      );
      expect((gzip.body as Buffer).equals(raw)).toBe(true);

      const plain = await binary(request(t.app).get(url).set('Accept-Encoding', 'identity')).expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(Number(plain.headers['content-length'])).toBe(raw.length);
      expect((plain.body as Buffer).equals(raw)).toBe(true);
    },
  );

  it.each(APPS)(
    'revalidates the $name’s index.html on every load (its asset names change with each build)',
    async ({ base }) => {
      const page = await request(t.app)
        .get(base === '/' ? '/prodazha' : '/cabinet/')
        .set('Accept-Encoding', 'br')
        .expect(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    },
  );

  it('compresses the API’s answers as the browser accepts', async () => {
    const br = await request(t.app).get('/api/openapi.json').set('Accept-Encoding', 'br').expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    const gzip = await request(t.app).get('/api/openapi.json').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toHaveProperty('openapi');
    const plain = await request(t.app)
      .get('/api/openapi.json')
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toHaveProperty('openapi');
  });

  it('answers a missing asset with 404 in the envelope, never the page', async () => {
    const missing = await request(t.app).get('/cabinet/assets/index-00000000.js').expect(404);
    expect(missing.body).toEqual({ errorCode: 105, message: 'Такого адреса API нет' });
  });
});
