import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUE, type CatalogueDocument } from '@estate/projections';
import request from 'supertest';
import { createApp } from '../services/src/app';
import { signIn, startTestApp, type TestApp } from '../services/test/testApp';
import { DEMO_PHONES } from '../services/src/seed';
import { policyOf } from './support/hostile';

/**
 * The server-rendered site (services/src/site) on the built front end (`npm run build -w web`
 * gives web/dist and web/dist-server): pages with their content, head, JSON-LD and status, the
 * CSP nonce of their inline blocks, robots.txt, the sitemaps and favicon.ico.
 */
const webDist = join(__dirname, '../web/dist');
let t: TestApp;
let app: ReturnType<typeof createApp>;
let listing: CatalogueDocument;

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as unknown,
  );
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

beforeAll(async () => {
  if (
    !existsSync(join(webDist, 'index.html')) ||
    !existsSync(join(webDist, '../dist-server/entry-server.cjs'))
  )
    throw new Error('build the site first: npm run build -w web (web/dist and web/dist-server)');
  t = await startTestApp();
  app = createApp(t.ctx, { webDist, pageCacheMs: 0, sitemapUrls: 2 });
  [listing] = await t.ctx.readStore
    .collection<CatalogueDocument>(CATALOGUE)
    .find({ status: 1, dealCategory: 'sale' }, { limit: 1, sort: { _id: 1 } });
}, 120_000);
afterAll(() => t?.close());

describe('server-rendered pages', () => {
  it('a listing answers HTML with its title, price, head and JSON-LD', async () => {
    const res = await request(app).get(`/prodazha/${listing._id}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.text;
    const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? html;
    expect(root).toContain(listing.title.replace(/&/g, '&amp;').replace(/"/g, '&quot;'));
    // the price as the site formats it: groups by narrow no-break spaces, ₽ after a no-break space
    const price = new Intl.NumberFormat('ru-RU').format(listing.price).replace(/\s/g, '\u202f');
    expect(root).toContain(price);
    expect(titleOf(html)).toContain('Квадрат');
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(canonicalOf(html)).toBe(`${t.ctx.config.PUBLIC_URL.replace(/\/$/, '')}/prodazha/${listing._id}`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    const ld = jsonLdOf(html).flat() as { '@type': string; price?: number }[];
    expect(ld.map((d) => d['@type'])).toEqual(
      expect.arrayContaining(['Organization', 'Offer', 'BreadcrumbList']),
    );
    expect(ld.find((d) => d['@type'] === 'Offer')?.price).toBe(listing.price);
    // MUI's styles are in the first answer: no flash of an unstyled page
    expect(html).toMatch(/<style data-emotion-page="css [^"]+">/);
  });

  it("every inline script carries the CSP's nonce of its request; no 'unsafe-inline' for scripts", async () => {
    const first = await request(app).get('/prodazha').expect(200);
    const second = await request(app).get('/prodazha').expect(200);
    const scriptSrc = policyOf(first.headers['content-security-policy']).get('script-src') ?? [];
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonce = scriptSrc.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce).toBeTruthy();
    const inline = [...first.text.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThanOrEqual(3); // the organisation, the page's JSON-LD, the query state
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(policyOf(second.headers['content-security-policy']).get('script-src')).not.toContain(
      `'nonce-${nonce}'`,
    );
  });

  it("a page's loader asks for its own chunks after the first paint, not the other pages'", async () => {
    const manifest = JSON.parse(readFileSync(join(webDist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean }
    >;
    const fileOf = (module: string) => `/${manifest[module].file}`;
    const head = (html: string) => html.slice(0, html.indexOf('</head>'));
    // the inline loader at the body's end: its entry, then the chunks it preloads
    const preloaded = (html: string) => {
      const loader = /<script id="page-scripts"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      return [...loader.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    };

    const listingHtml = (await request(app).get(`/prodazha/${listing._id}`).expect(200)).text;
    // nothing in the head asks for JavaScript before the page has painted
    expect(head(listingHtml)).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    expect(preloaded(listingHtml)[0]).toBe(`/${entry.file}`);
    expect(preloaded(listingHtml)).toContain(fileOf('src/publication/PublicationPage.tsx'));
    expect(preloaded(listingHtml)).not.toContain(fileOf('src/catalogue/CataloguePage.tsx'));
    // each chunk once: the entry's own (index.html's) are not named again
    expect(new Set(preloaded(listingHtml)).size).toBe(preloaded(listingHtml).length);
    const catalogueHtml = (await request(app).get('/prodazha').expect(200)).text;
    expect(preloaded(catalogueHtml)).toContain(fileOf('src/catalogue/CataloguePage.tsx'));
    expect(preloaded(catalogueHtml)).not.toContain(fileOf('src/publication/PublicationPage.tsx'));
  });

  it("a page's first paint is styled: the first file's static styles are in its head as text", async () => {
    const html = (await request(app).get('/prodazha').expect(200)).text;
    const head = html.slice(0, html.indexOf('</head>'));
    const inHead = [...head.matchAll(/<style data-(?:entry|chunks)>([\s\S]*?)<\/style>/g)]
      .map((m) => m[1])
      .join('');
    // the card's classes in the markup are the ones the head's style sheet defines
    const card = /<article class="([^"]+)" data-testid="publication-card"/.exec(html)?.[1].split(' ') ?? [];
    expect(card.length).toBeGreaterThan(1);
    for (const name of card) expect(inHead).toContain(`.${name}`);
    // no style sheet is asked for: none holds up the first paint, none restyles the page as it hydrates
    expect(html).not.toMatch(/<link rel="stylesheet"/);
  });

  it('a listing\'s "</script>" cannot close the page\'s data blocks', async () => {
    const hostile = 'Уютная</script><script>alert(1)</script><!-- квартира';
    await t.ctx.readStore
      .collection<CatalogueDocument>(CATALOGUE)
      .updateOne({ _id: listing._id }, { $set: { description: hostile } });
    const res = await request(app).get(`/prodazha/${listing._id}`).expect(200);
    expect(res.text).not.toContain('<script>alert(1)');
    const state = /<script type="application\/json" id="query-state"[^>]*>([\s\S]*?)<\/script>/.exec(
      res.text,
    )![1];
    expect(state).toContain('\\u003c/script\\u003e');
    expect(JSON.stringify(JSON.parse(state))).toContain(hostile);
    for (const ld of jsonLdOf(res.text)) expect(ld).toBeTruthy(); // still valid JSON
  });

  it('the catalogue renders its cards with the filters of its address', async () => {
    const res = await request(app).get('/prodazha?rooms=1,2&sort=cheap').expect(200);
    expect(res.text).toContain('data-testid="publication-card"');
    expect(res.text).toContain('Комнат: 1, 2');
    expect(titleOf(res.text)).toBe('Продажа недвижимости — Квадрат');
    expect(canonicalOf(res.text)).toMatch(/\/prodazha$/);
  });

  it('an unknown listing answers 404, a deleted one 410, an unknown address 404, each with the error page', async () => {
    const missing = await request(app).get('/prodazha/no-such-listing').expect(404);
    expect(missing.text).toContain('Ошибка 404');
    expect(missing.text).toContain('Не удалось найти эту страницу');
    expect((await request(app).get('/no/such/page').expect(404)).text).toContain('Ошибка 404');

    const [gone] = await t.ctx.readStore
      .collection<CatalogueDocument>(CATALOGUE)
      .find({ status: 1, agencyId: 'demo-agency-1' }, { limit: 1, sort: { _id: -1 } });
    const owner = await signIn(t, DEMO_PHONES.owner);
    await request(app)
      .delete(`/api/agency/${gone.agencyId}/publications?publicationIds[]=${gone._id}`)
      .set('Authorization', `Bearer ${owner}`)
      .expect((r) => expect([r.status, r.body]).toEqual([200, expect.anything()]));
    await t.ctx.projections.whenCaughtUp();
    const res = await request(app).get(`/prodazha/${gone._id}`).expect(410);
    expect(res.text).toContain('Ошибка 410');
  });

  it('the blog and investments render their content with their titles', async () => {
    const blog = await request(app).get('/blog').expect(200);
    expect(titleOf(blog.text)).toBe('Журнал — Квадрат');
    const posts = await request(app).get('/api/posts?limit=1&offset=1').expect(200);
    const post = posts.body.data[0] as { path: string; title: string };
    expect(blog.text).toContain(`href="${post.path}"`);
    const page = await request(app).get(post.path).expect(200);
    expect(titleOf(page.text)).toContain(
      post.title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').slice(0, 20),
    );
    expect((jsonLdOf(page.text).flat() as { '@type': string }[]).map((d) => d['@type'])).toContain('Article');
    const investments = await request(app).get('/investments').expect(200);
    expect(titleOf(investments.text)).toBe('Инвестиции в недвижимость — Квадрат');
  });

  it('a landing page by city has its own title and lists that city', async () => {
    const res = await request(app).get('/prodazha/gorod/kazan').expect(200);
    expect(titleOf(res.text)).toBe('Купить квартиру в Казани — Квадрат');
    expect(res.text).toContain('<h1');
    const rent = await request(app).get('/rent/gorod/moskva').expect(200);
    expect(titleOf(rent.text)).toBe('Снять квартиру в Москве — Квадрат');
    const daily = await request(app).get('/daily-rent/gorod/sankt-peterburg').expect(200);
    expect(titleOf(daily.text)).toBe('Снять посуточно в Санкт-Петербурге — Квадрат');
    await request(app).get('/prodazha/gorod/atlantida').expect(404);
  });

  it('a landing page by metro station searches around the station and links from its city', async () => {
    const res = await request(app).get('/prodazha/gorod/moskva/metro/arbatskaya').expect(200);
    expect(titleOf(res.text)).toBe('Купить квартиру у метро Арбатская в Москве — Квадрат');
    expect(res.text).toMatch(
      /<link rel="canonical" href="[^"]*\/prodazha\/gorod\/moskva\/metro\/arbatskaya"/,
    );
    // the page's search is the circle around the station, prefetched for hydration
    const landing = await request(app).get('/api/site/landings/sale/moskva/metro/arbatskaya').expect(200);
    const { lat, lon, radius } = landing.body.data.near;
    expect(res.text).toContain(`"geo_lat":${lat},"geo_lon":${lon},"radius":${radius}`);
    expect(landing.body.data.crumbs.at(-1)).toEqual([
      'м. Арбатская',
      '/prodazha/gorod/moskva/metro/arbatskaya',
    ]);
    // the city's page links to its stations; a city without a metro has none
    const city = await request(app).get('/rent/gorod/moskva').expect(200);
    expect(city.text).toContain('href="/rent/gorod/moskva/metro/arbatskaya"');
    const sochi = await request(app).get('/api/site/landings/sale/sochi').expect(200);
    expect(sochi.body.data.stations).toEqual([]);
    await request(app).get('/prodazha/gorod/moskva/metro/atlantida').expect(404);
    await request(app).get('/prodazha/gorod/sochi/metro/arbatskaya').expect(404);
  });

  it("a catalogue is rendered for the visitor's place: the cookie's, else the IP's", async () => {
    const kazan = encodeURIComponent(JSON.stringify({ id: '5', name: 'Казань' }));
    const chosen = await request(app).get('/rent?rooms=1').set('Cookie', `location=${kazan}`).expect(200);
    // the page's search is the place's, and the page hydrates with that place
    expect(chosen.text).toContain('"locationId":"5"');
    expect(chosen.text).toContain('"queryKey":["visitor-place"]');
    expect(chosen.text).toContain('Казань');
    // the same address without the cookie (a private IP: all of Russia) is another page, not the cached one
    const guest = await request(app).get('/rent?rooms=1').expect(200);
    expect(guest.text).not.toContain('"locationId":"5"');
    expect(guest.text).toContain('"data":{"id":null,"name":"Вся Россия"}');
    // a forged cookie is no place: the page is rendered as without one
    const forged = await request(app)
      .get('/rent?rooms=1')
      .set('Cookie', `location=${encodeURIComponent('{"id":"<script>","name":"x"}')}`)
      .expect(200);
    expect(forged.text).not.toContain('<script>"');
  });

  it('the new buildings render their complexes, a complex its own page, an unknown one the 404', async () => {
    const list = await request(app).get('/api/residential-complexes?limit=1').expect(200);
    const complex = list.body.data[0] as { id: string; name: string };
    const page = await request(app).get('/new-buildings').expect(200);
    expect(page.text).toContain(complex.name.replace(/"/g, '&quot;'));
    expect(page.text).toContain('"queryKey":["residential-complexes","list"');
    const one = await request(app).get(`/new-buildings/${complex.id}`).expect(200);
    expect(titleOf(one.text)).toContain(complex.name);
    expect(one.text).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/new-buildings/${complex.id}"`));
    await request(app).get('/new-buildings/no-such-complex').expect(404);
    // the spec's publication-list address is the complex's page at its listings
    const alias = await request(app).get(`/new-buildings/${complex.id}/publication-list?rooms=2`).expect(301);
    expect(alias.headers.location).toBe(`/new-buildings/${complex.id}?rooms=2#listings`);
  });

  it('/ is the home page, rendered with its best deals, slides and magazine', async () => {
    const home = await request(app).get('/').expect(200);
    expect(home.text).toContain('<title>Квадрат — недвижимость: купить, снять, посуточно</title>');
    expect(home.text).toContain('Лучшие предложения');
    expect(home.text).toMatch(/<link rel="canonical" href="[^"]*\/"/);
    // the prefetched answers are in the page for hydration: no empty skeletons waiting for the browser
    expect(home.text).toContain('"queryKey":["slides"');
    expect(home.text).toContain('"queryKey":["posts"');
  });

  it('a guest page says so; a session cookie is said too (the page asks for the profile then)', async () => {
    expect((await request(app).get('/rent').expect(200)).text).toContain(
      '<meta name="session" content="guest">',
    );
    const signed = await request(app).get('/rent').set('Cookie', 'auth-token=abc').expect(200);
    expect(signed.text).toContain('<meta name="session" content="user">');
  });
});

describe('robots.txt, sitemaps and favicon', () => {
  it('robots.txt is text that closes the private parts and names the sitemap', async () => {
    const res = await request(app).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    for (const path of ['/account', '/api', '/cabinet']) expect(res.text).toContain(`Disallow: ${path}`);
    expect(res.text).toMatch(/^Sitemap: http.+\/sitemap\.xml$/m);
  });

  it('sitemap.xml is an index of split files; each lists its addresses', async () => {
    const index = await request(app).get('/sitemap.xml').expect(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.text).toContain('<sitemapindex');
    const files = [...index.text.matchAll(/<loc>[^<]*\/(sitemap-[^<]+\.xml)<\/loc>/g)].map((m) => m[1]);
    expect(files).toEqual(
      expect.arrayContaining(['sitemap-blog.xml', 'sitemap-landings.xml', 'sitemap-listings-prodazha-1.xml']),
    );
    // 2 addresses a file in this test: the sale listings need more than one
    expect(files.filter((f) => f.startsWith('sitemap-listings-prodazha-')).length).toBeGreaterThan(1);
    const first = await request(app).get('/sitemap-listings-prodazha-1.xml').expect(200);
    expect(first.text.match(/<url>/g)).toHaveLength(2);
    const landings = await request(app).get('/sitemap-landings.xml').expect(200);
    expect(landings.text).toContain('/prodazha/gorod/kazan</loc>');
    expect(landings.text).toContain('/daily-rent/gorod/sankt-peterburg/metro/nevskiy-prospekt</loc>');
    expect((await request(app).get('/sitemap-blog.xml').expect(200)).text).toContain('/blog/');
    await request(app).get('/sitemap-listings-prodazha-999.xml').expect(404);
  });

  it('favicon.ico is an icon', async () => {
    const res = await request(app).get('/favicon.ico').buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    const body = res.body as Buffer;
    expect(body.readUInt16LE(0)).toBe(0);
    expect(body.readUInt16LE(2)).toBe(1);
    expect(body.readUInt16LE(4)).toBeGreaterThan(0);
  });
});
