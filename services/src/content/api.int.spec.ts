import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/testApp';
import { DEMO_CATEGORIES, DEMO_INVESTMENTS, DEMO_POLICY_URL, DEMO_POSTS, DEMO_SLIDES } from './demoContent';

/**
 * The content's public calls (api.md: Blog, slides, investments, settings) on the demo content,
 * every answer checked against its declared schema by the test app. The moderators' calls are in
 * cabinet.spec.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (path: string) => request(t.app).get(path);
type Post = { id: string; slug: string; publishedAt: string; categoryId: string; path: string };

describe('the blog', () => {
  it('lists the published categories with their addresses and article counts (sub-categories included)', async () => {
    const { body } = await get('/api/post-categories').expect(200);
    expect(body.data.map((c: { id: string }) => c.id)).toEqual(DEMO_CATEGORIES.map((c) => c.id));
    const [buying, , mortgage] = body.data;
    expect(mortgage).toEqual({
      id: 'demo-category-3',
      slug: 'ipoteka',
      name: 'Ипотека',
      description: expect.any(String),
      imagePath: '/storage/demo-content/category-3.svg',
      parentId: 'demo-category-1',
      path: '/blog/pokupka-i-prodazha/ipoteka',
      postsCount: 3,
    });
    expect(buying).toMatchObject({ path: '/blog/pokupka-i-prodazha', postsCount: 6 });
  });

  it('lists the articles newest first in the spec’s envelope, 20 a page by default, without the page of the policy', async () => {
    const { body } = await get('/api/posts').expect(200);
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: DEMO_POSTS.length });
    const dates = body.data.map((p: Post) => p.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.data.map((p: Post) => p.slug)).not.toContain('politika-konfidencialnosti');
    expect(body.data[0]).toEqual({
      id: 'demo-post-01',
      kind: 'article',
      slug: 'kak-proverit-kvartiru-pered-pokupkoy',
      title: 'Как проверить квартиру перед покупкой: чек-лист',
      descriptionMeta: expect.stringContaining('выписка ЕГРН'),
      imagePath: '/storage/demo-content/blog-1.svg',
      categoryId: 'demo-category-1',
      categorySlug: 'pokupka-i-prodazha',
      category: {
        id: 'demo-category-1',
        slug: 'pokupka-i-prodazha',
        name: 'Покупка и продажа',
        parentId: null,
        path: '/blog/pokupka-i-prodazha',
      },
      path: '/blog/pokupka-i-prodazha/kak-proverit-kvartiru-pered-pokupkoy',
      createdAt: expect.any(String),
      publishedAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('pages with limit and offset (a page number from 1), as the home page’s magazine asks (5, 1)', async () => {
    const first = await get('/api/posts').query({ limit: 5, offset: 1 }).expect(200);
    expect(first.body.data).toHaveLength(5);
    expect(first.body.meta).toEqual({ current_page: 1, last_page: 3, per_page: 5, total: 12 });
    const third = await get('/api/posts').query({ limit: 5, offset: 3 }).expect(200);
    expect(third.body.data).toHaveLength(2);
    expect((await get('/api/posts').query({ limit: 5, offset: 4 }).expect(200)).body.data).toEqual([]);
    const { body } = await get('/api/posts').query({ limit: 0, offset: 0 }).expect(400);
    expect(body).toMatchObject({
      errorCode: 1,
      errors: { limit: expect.any(Array), offset: expect.any(Array) },
    });
  });

  it('lists a category’s articles by its id or its address, with its sub-categories’ and without the one being read', async () => {
    const byId = await get('/api/post-categories/demo-category-1/posts').expect(200);
    const bySlug = await get('/api/post-categories/pokupka-i-prodazha/posts').expect(200);
    expect(bySlug.body).toEqual(byId.body);
    expect(byId.body.meta.total).toBe(6);
    expect(byId.body.category).toMatchObject({ id: 'demo-category-1', postsCount: 6 });
    expect(new Set(byId.body.data.map((p: Post) => p.categoryId))).toEqual(
      new Set(['demo-category-1', 'demo-category-3']),
    );
    const mortgage = await get('/api/post-categories/ipoteka/posts')
      .query({ limit: 4, exclude: 'pervonachalnyy-vznos' })
      .expect(200);
    expect(mortgage.body.data.map((p: Post) => p.slug).sort()).toEqual([
      'dosrochnoe-pogashenie-ipoteki',
      'kak-vybrat-ipotechnuyu-programmu',
    ]);
    expect((await get('/api/post-categories/net-takoy-rubriki/posts').expect(404)).body).toMatchObject({
      errorCode: 100,
      message: 'Рубрика не найдена',
    });
  });

  it('reads an article by its address: sanitised HTML with headings, lists and pictures', async () => {
    const { body } = await get('/api/posts/kak-vybrat-ipotechnuyu-programmu').expect(200);
    expect(body.data).toMatchObject({
      id: 'demo-post-04',
      title: 'Как выбрать ипотечную программу',
      categorySlug: 'ipoteka',
      path: '/blog/ipoteka/kak-vybrat-ipotechnuyu-programmu',
      category: { path: '/blog/pokupka-i-prodazha/ipoteka' },
    });
    expect(body.data.description).toMatch(/<h2>.+<\/h2>/);
    expect(body.data.description).toMatch(/<ol><li>/);
    expect(body.data.description).toMatch(/<img src="\/storage\/demo-content\/blog-\d+\.svg"/);
  });

  it('answers 404 for an unknown address, and refuses a malformed one', async () => {
    expect((await get('/api/posts/net-takoy-stati').expect(404)).body).toMatchObject({
      errorCode: 100,
      message: 'Статья не найдена',
    });
    expect((await get('/api/posts/%3Cscript%3E').expect(400)).body).toMatchObject({ errorCode: 1 });
  });

  it('reads every demo article, each with a heading, a list and a picture', async () => {
    for (const post of DEMO_POSTS) {
      const { body } = await get(`/api/posts/${post.slug}`).expect(200);
      expect(body.data.description).toMatch(/<h[23]>/);
      expect(body.data.description).toMatch(/<(ul|ol)><li>/);
      expect(body.data.description).toMatch(/<img /);
    }
  });
});

describe('the privacy policy', () => {
  it('is a page read by its address, where the settings and the sign-up form’s old link lead', async () => {
    const settings = (await get('/api/settings').expect(200)).body.data;
    expect(settings.policyUrl).toBe(DEMO_POLICY_URL);
    const page = await get('/api/posts/politika-konfidencialnosti').expect(200);
    expect(page.body.data).toMatchObject({ kind: 'page', categoryId: null, path: DEMO_POLICY_URL });
    // the sign-up form links /storage/privacy_policy.pdf (web/src/auth/AuthModal.tsx)
    const old = await get('/storage/privacy_policy.pdf').expect(302);
    expect(old.headers.location).toBe(DEMO_POLICY_URL);
    const html = await get(DEMO_POLICY_URL)
      .expect(200)
      .expect('Content-Type', /text\/html/);
    expect(html.text).toContain('<h1>Политика конфиденциальности</h1>');
    expect(html.text).toContain('<h2>2. Какие данные мы собираем</h2>');
    expect(html.text).not.toContain('<script');
    await get('/documents/kak-vybrat-ipotechnuyu-programmu').expect(404);
  });
});

describe('slides, investments and the site’s settings', () => {
  it('lists the home page’s five slides in the moderators’ order', async () => {
    const { body } = await get('/api/slides').query({ limit: 5, offset: 1 }).expect(200);
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 5, total: 5 });
    expect(body.data.map((s: { id: string }) => s.id)).toEqual(DEMO_SLIDES.map((s) => s.id));
    expect(body.data[2]).toEqual({
      id: 'demo-slide-3',
      title: 'Инвестиции в недвижимость от 30% годовых',
      subtitle: 'Покупаем квартиры ниже рынка, ремонтируем и продаём за 1–3 месяца',
      buttonTitle: 'Узнать больше',
      link: '/investments',
      buttonColor: '#f26b5b',
      fontColor: '#ffffff',
      backgroundImagePath: '/storage/demo-content/slide-3.svg',
      position: 3,
    });
  });

  it('lists the six investment objects, reads one and the page’s figures', async () => {
    const { body } = await get('/api/investments').expect(200);
    expect(body.data.map((i: { id: string }) => i.id)).toEqual(DEMO_INVESTMENTS.map((i) => i.id));
    expect(body.meta.total).toBe(6);
    const one = await get('/api/investments/demo-investment-1').expect(200);
    expect(one.body.data).toMatchObject({
      title: 'Двухкомнатная квартира у метро «Профсоюзная»',
      purchasePrice: 11_200_000,
      realizedPrice: 12_900_000,
      realizationPeriod: 3,
      realizationPeriodText: '3 месяца',
      annualPercentage: 60.7,
      arrowDirection: 'up',
    });
    expect((await get('/api/investments/demo-investment-5').expect(200)).body.data.realizedPrice).toBeNull();
    await get('/api/investments/net-takogo').expect(404);
    expect((await get('/api/investments/statistics').expect(200)).body.data).toMatchObject({
      deal: { count: 3500, text: 'сделок проведено' },
      client: { count: expect.any(Number) },
      commission: { count: 0 },
    });
  });

  it('answers the contacts, messengers and socials the footer shows', async () => {
    expect((await get('/api/settings').expect(200)).body.data).toEqual({
      phone: '78005550123',
      phoneText: '+7 (800) 555-01-23',
      email: 'info@demo.estate',
      address: expect.any(String),
      workingHours: expect.any(String),
      messengers: expect.arrayContaining([{ type: 'telegram', url: 'https://t.me/demo_estate' }]),
      socials: expect.arrayContaining([{ type: 'vk', url: 'https://vk.com/demo_estate' }]),
      policyUrl: DEMO_POLICY_URL,
      documents: [{ title: 'Политика конфиденциальности', url: DEMO_POLICY_URL }],
    });
  });

  it('answers the deal offer and the location settings', async () => {
    expect((await get('/api/transaction-deal').expect(200)).body.data).toMatchObject({
      title: 'Сопровождение сделки под ключ',
      price: 'от 25 000 ₽',
      steps: expect.arrayContaining([expect.objectContaining({ title: 'Проверка' })]),
    });
    expect((await get('/api/location-settings').expect(200)).body.data).toMatchObject({
      defaultLocation: { id: '1', name: 'Москва' },
      mapCenter: { lat: 55.751244, lon: 37.618423 },
    });
  });

  it('draws the demo content’s pictures, and nothing else under their folder', async () => {
    const svg = await get('/storage/demo-content/blog-3.svg').expect(200).expect('Content-Type', /svg/);
    expect(String(svg.body)).toContain('<svg');
    await get('/storage/demo-content/blog-0.svg').expect(404);
    await get('/storage/demo-content/other-1.svg').expect(404);
  });
});

describe('the seed', () => {
  it('run again writes nothing: the content is there', async () => {
    const { seedDemoData } = await import('../seed');
    const before = await t.ctx.eventStore.headPosition();
    await seedDemoData(t.ctx);
    expect(await t.ctx.eventStore.headPosition()).toBe(before);
  });
});
