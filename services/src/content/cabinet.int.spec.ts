import request from 'supertest';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { DEMO_PHONES } from '../seed';

/**
 * The moderators' back-office of the content (react-admin simple-rest under /api/cabinet): every
 * kind of item listed, created, changed, hidden and deleted through its commands, each event
 * naming the moderator; anyone else refused. Answers are checked against their schemas by the app.
 */
let t: TestApp;
let moderator: string;
let user: string;
let agent: string;
beforeAll(async () => {
  t = await startTestApp();
  moderator = await signIn(t, DEMO_PHONES.moderator);
  user = await signIn(t, DEMO_PHONES.user);
  agent = await signIn(t, DEMO_PHONES.agent);
});
afterAll(() => t.close());

const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
const cabinet = (method: 'get' | 'post' | 'put' | 'delete', path: string, token = moderator) =>
  as(token, request(t.app)[method](`/api/cabinet${path}`));
const events = async (type: string) =>
  (await t.ctx.eventStore.readAll(0, 1_000_000)).filter((e) => e.type === type);

const article = {
  title: 'Ипотека для IT: кому дают и под какой процент',
  description:
    '<h1>Условия</h1><p onclick="alert(1)">Ставка <strong>до 6%</strong><script>steal()</script></p>' +
    '<ul><li>аккредитованная компания</li><li>зарплата от 150 000 ₽</li></ul>' +
    '<p><a href="javascript:alert(1)">подробнее</a> <a href="https://example.ru">источник</a></p>' +
    '<img src="https://tracker.example/pixel.gif"><iframe src="https://evil.example"></iframe>',
  categoryId: 'demo-category-3',
  imagePath: '/storage/demo-content/blog-3.svg',
  isPublished: true,
};

describe('who may use the content back-office', () => {
  const routes: [string, 'get' | 'post' | 'put' | 'delete', string, object | null][] = [
    ['the posts', 'get', '/posts', null],
    ['a new post', 'post', '/posts', article],
    ['a post', 'put', '/posts/demo-post-01', article],
    ['a post’s deletion', 'delete', '/posts/demo-post-01', null],
    ['the categories', 'get', '/post-categories', null],
    ['the slides', 'post', '/slides', {}],
    ['an investment object', 'delete', '/investments/demo-investment-1', null],
    ['the contacts', 'put', '/settings/contacts', {}],
    ['an image', 'post', '/content-images', null],
  ];
  it.each(routes)(
    'a plain user and an agent are refused %s with 403; a visitor with 401',
    async (_name, method, path, body) => {
      for (const token of [user, agent]) {
        const call = cabinet(method, path, token);
        const { body: refusal } = await (body ? call.send(body) : call).expect(403);
        expect(refusal).toMatchObject({ errorCode: 102 });
      }
      const anonymous = request(t.app)[method](`/api/cabinet${path}`);
      await (body ? anonymous.send(body) : anonymous).expect(401);
      // nothing was changed
      await request(t.app).get('/api/posts/kak-proverit-kvartiru-pered-pokupkoy').expect(200);
    },
  );
});

describe('posts', () => {
  it('are listed for react-admin: sorted, ranged, filtered, with Content-Range', async () => {
    const res = await cabinet('get', '/posts')
      .query({ sort: '["publishedAt","DESC"]', range: '[0,4]', filter: '{"kind":"article"}' })
      .expect(200);
    expect(res.headers['content-range']).toBe('posts 0-4/12');
    expect(res.body).toHaveLength(5);
    expect(res.body[0]).toMatchObject({ id: 'demo-post-01', status: 'published', isPublished: true });
    const page = await cabinet('get', '/posts').query({ filter: '{"kind":"page"}' }).expect(200);
    expect(page.body.map((p: { slug: string }) => p.slug)).toEqual(['politika-konfidencialnosti']);
    const many = await cabinet('get', '/posts')
      .query({ filter: '{"id":["demo-post-02","demo-post-05"]}' })
      .expect(200);
    expect(many.body.map((p: { id: string }) => p.id).sort()).toEqual(['demo-post-02', 'demo-post-05']);
    const found = await cabinet('get', '/posts').query({ filter: '{"q":"ИПОТЕ"}' }).expect(200);
    expect(found.body.map((p: { id: string }) => p.id).sort()).toEqual(['demo-post-04', 'demo-post-06']);
    const { body } = await cabinet('get', '/posts')
      .query({ sort: '["price","ASC"]', range: '[5,1]' })
      .expect(400);
    expect(body).toMatchObject({
      errorCode: 1,
      errors: { 'sort.0': expect.any(Array), range: expect.any(Array) },
    });
  });

  it('is written with its HTML sanitised and its address made from the title, and published for visitors', async () => {
    const { body: created } = await cabinet('post', '/posts').send(article).expect(201);
    expect(created).toMatchObject({
      kind: 'article',
      slug: 'ipoteka-dlya-it-komu-dayut-i-pod-kakoy-protsent',
      title: article.title,
      status: 'published',
      isPublished: true,
      categoryId: 'demo-category-3',
      createdBy: 'demo-moderator',
      updatedBy: 'demo-moderator',
      path: '/blog/ipoteka/ipoteka-dlya-it-komu-dayut-i-pod-kakoy-protsent',
    });
    expect(created.description).toBe(
      '<h2>Условия</h2><p>Ставка <strong>до 6%</strong></p><ul><li>аккредитованная компания</li><li>зарплата от 150 000 ₽</li></ul>' +
        '<p>подробнее <a href="https://example.ru" target="_blank" rel="noopener noreferrer nofollow">источник</a></p>',
    );
    expect(created.descriptionMeta).toBe(
      'Условия Ставка до 6% аккредитованная компания зарплата от 150 000 ₽ подробнее источник',
    );
    const { body } = await request(t.app).get(`/api/posts/${created.slug}`).expect(200);
    expect(body.data).toMatchObject({ id: created.id, description: created.description });
    const [written] = (await events('PostCreated')).filter(
      (e) => (e.data as { postId: string }).postId === created.id,
    );
    expect(written.data).toMatchObject({ moderatorId: 'demo-moderator' });
    expect(written.metadata.actor).toBe('demo-moderator');
    expect((await request(t.app).get('/api/posts').query({ limit: 1 }).expect(200)).body.data[0].id).toBe(
      created.id,
    );
  });

  it('moves to another address: the old one answers 404 and is free, the new one is the post’s alone', async () => {
    const { body: post } = await cabinet('post', '/posts')
      .send({ ...article, title: 'Ставки по ипотеке в мае', slug: 'stavki-may' })
      .expect(201);
    const moved = await cabinet('put', `/posts/${post.id}`)
      .send({ ...post, slug: 'stavki-po-ipoteke-may' })
      .expect(200);
    expect(moved.body).toMatchObject({ slug: 'stavki-po-ipoteke-may', updatedBy: 'demo-moderator' });
    await request(t.app).get('/api/posts/stavki-may').expect(404);
    await request(t.app).get('/api/posts/stavki-po-ipoteke-may').expect(200);
    // taken by a post, or by a category: /blog/{slug} could not tell them apart
    for (const slug of ['stavki-po-ipoteke-may', 'ipoteka']) {
      const { body } = await cabinet('post', '/posts')
        .send({ ...article, title: 'Другая', slug })
        .expect(400);
      expect(body).toMatchObject({
        errorCode: 1,
        errors: { slug: [expect.stringMatching(/^Этот адрес уже у/)] },
      });
    }
    // the freed address is anyone's again
    await cabinet('post', '/posts')
      .send({ ...article, title: 'Май', slug: 'stavki-may' })
      .expect(201);
  });

  it('is hidden from visitors and published again with its first date', async () => {
    const { body: post } = await cabinet('get', '/posts/demo-post-07').expect(200);
    const hidden = await cabinet('put', '/posts/demo-post-07')
      .send({ ...post, isPublished: false })
      .expect(200);
    expect(hidden.body).toMatchObject({
      status: 'hidden',
      isPublished: false,
      publishedAt: post.publishedAt,
    });
    await request(t.app).get('/api/posts/kak-snyat-kvartiru').expect(404);
    const arenda = await request(t.app).get('/api/post-categories/arenda/posts').expect(200);
    expect(arenda.body.data.map((p: { id: string }) => p.id)).not.toContain('demo-post-07');
    const shown = await cabinet('put', '/posts/demo-post-07')
      .send({ ...post, isPublished: true })
      .expect(200);
    expect(shown.body).toMatchObject({ status: 'published', publishedAt: post.publishedAt });
    await request(t.app).get('/api/posts/kak-snyat-kvartiru').expect(200);
    // a change that does not say keeps the status
    const { isPublished: _isPublished, ...withoutStatus } = post;
    const kept = await cabinet('put', '/posts/demo-post-07')
      .send({ ...withoutStatus, title: 'Как снять квартиру' })
      .expect(200);
    expect(kept.body).toMatchObject({ status: 'published', title: 'Как снять квартиру' });
    const types = (await t.ctx.eventStore.readStream('post-demo-post-07')).map((e) => e.type);
    expect(types.slice(-3)).toEqual(['PostHidden', 'PostPublished', 'PostEdited']);
  });

  it('is deleted: gone from the cabinet and the site, its address free', async () => {
    const { body: post } = await cabinet('post', '/posts')
      .send({ ...article, title: 'Временная статья' })
      .expect(201);
    const deleted = await cabinet('delete', `/posts/${post.id}`).expect(200);
    expect(deleted.body.id).toBe(post.id);
    await cabinet('get', `/posts/${post.id}`).expect(404);
    await cabinet('delete', `/posts/${post.id}`).expect(404);
    await request(t.app).get(`/api/posts/${post.slug}`).expect(404);
    await cabinet('post', '/posts')
      .send({ ...article, title: 'Временная статья' })
      .expect(201);
    const [gone] = (await events('PostDeleted')).filter(
      (e) => (e.data as { postId: string }).postId === post.id,
    );
    expect(gone.data).toEqual({ postId: post.id, moderatorId: 'demo-moderator' });
  });

  it('refuses bad input with Russian field errors', async () => {
    const bad = await cabinet('post', '/posts')
      .send({
        title: '',
        description: '<script>x()</script>',
        imagePath: 'https://example.ru/x.jpg',
        slug: 'Не Латиница',
      })
      .expect(400);
    expect(bad.body).toMatchObject({ errorCode: 1, message: 'Некорректные данные' });
    expect(bad.body.errors).toEqual({
      title: ['Напишите заголовок'],
      description: ['Напишите текст'],
      imagePath: ['Загрузите изображение через «Загрузить изображение»'],
      slug: ['Адрес: латинские буквы, цифры и дефисы, например kak-kupit-kvartiru'],
    });
    const noCategory = await cabinet('post', '/posts')
      .send({ ...article, categoryId: 'net-takoy' })
      .expect(400);
    expect(noCategory.body.errors).toEqual({ categoryId: ['Рубрика не найдена'] });
    const missingImage = await cabinet('post', '/posts')
      .send({ ...article, imagePath: '/storage/content/images/0123456789abcdef01234567.webp' })
      .expect(400);
    expect(missingImage.body.errors).toEqual({
      imagePath: ['Изображение не найдено: загрузите его ещё раз'],
    });
    const articleWithout = await cabinet('post', '/posts')
      .send({ ...article, title: 'Статья без рубрики', categoryId: null })
      .expect(400);
    expect(articleWithout.body.errors).toEqual({ categoryId: ['Выберите рубрику статьи'] });
    await cabinet('put', '/posts/net-takoy').send(article).expect(404);
    await cabinet('get', '/posts/net-takoy').expect(404);
  });
});

describe('categories', () => {
  it('are created under a top-level one only, and deleted only when empty', async () => {
    const { body: top } = await cabinet('post', '/post-categories')
      .send({ name: 'Ремонт', isPublished: true, position: 6 })
      .expect(201);
    expect(top).toMatchObject({ slug: 'remont', parentId: null, status: 'published' });
    const { body: child } = await cabinet('post', '/post-categories')
      .send({ name: 'Кухня', parentId: top.id, isPublished: true })
      .expect(201);
    expect(
      (await cabinet('post', '/post-categories').send({ name: 'Фасады', parentId: child.id }).expect(400))
        .body.errors,
    ).toEqual({ parentId: ['Подрубрика не может содержать рубрики: выберите рубрику верхнего уровня'] });
    expect(
      (
        await cabinet('put', `/post-categories/${top.id}`)
          .send({ ...top, parentId: 'demo-category-2' })
          .expect(400)
      ).body.errors,
    ).toEqual({ parentId: ['У рубрики есть подрубрики: она может быть только верхнего уровня'] });
    const listed = await request(t.app).get('/api/post-categories').expect(200);
    expect(listed.body.data.find((c: { id: string }) => c.id === child.id)).toMatchObject({
      path: '/blog/remont/kukhnya',
    });
    // a category holding posts stays
    const refused = await cabinet('delete', '/post-categories/demo-category-2').expect(422);
    expect(refused.body.message).toMatch(/перенесите их в другую рубрику/);
    await cabinet('delete', `/post-categories/${top.id}`).expect(422);
    await cabinet('delete', `/post-categories/${child.id}`).expect(200);
    await cabinet('delete', `/post-categories/${top.id}`).expect(200);
    await request(t.app).get('/api/post-categories/remont/posts').expect(404);
  });

  it('hidden, takes its articles off the site', async () => {
    const { body: category } = await cabinet('get', '/post-categories/demo-category-4').expect(200);
    await cabinet('put', '/post-categories/demo-category-4')
      .send({ ...category, isPublished: false })
      .expect(200);
    await request(t.app).get('/api/posts/kak-vybrat-zastroyshchika').expect(404);
    await request(t.app).get('/api/post-categories/novostroyki/posts').expect(404);
    const all = (await request(t.app).get('/api/posts').query({ limit: 100 }).expect(200)).body.data;
    expect(all.map((p: { categoryId: string }) => p.categoryId)).not.toContain('demo-category-4');
    await cabinet('put', '/post-categories/demo-category-4')
      .send({ ...category, isPublished: true })
      .expect(200);
    await request(t.app).get('/api/posts/kak-vybrat-zastroyshchika').expect(200);
  });
});

describe('slides and investment objects', () => {
  it('a slide is created, moved first, hidden and deleted', async () => {
    const { body: slide } = await cabinet('post', '/slides')
      .send({
        title: 'Весенняя акция',
        subtitle: 'Продвижение объявлений со скидкой',
        buttonTitle: 'Подробнее',
        link: '/cabinet/',
        backgroundImagePath: '/storage/demo-content/slide-2.svg',
        position: 0,
        isPublished: true,
      })
      .expect(201);
    expect(slide).toMatchObject({ buttonColor: '#1976d2', fontColor: '#ffffff', status: 'published' });
    const first = await request(t.app).get('/api/slides').query({ limit: 5 }).expect(200);
    expect(first.body.data[0].id).toBe(slide.id);
    expect(first.body.meta.total).toBe(6);
    await cabinet('put', `/slides/${slide.id}`)
      .send({ ...slide, isPublished: false })
      .expect(200);
    expect((await request(t.app).get('/api/slides').expect(200)).body.data[0].id).toBe('demo-slide-1');
    await cabinet('delete', `/slides/${slide.id}`).expect(200);
    expect((await cabinet('get', '/slides').expect(200)).headers['content-range']).toBe('slides 0-4/5');
    const bad = await cabinet('post', '/slides')
      .send({ title: 'Без фона', link: '/x', buttonColor: 'red' })
      .expect(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['backgroundImagePath', 'buttonColor']);
    const noButton = await cabinet('post', '/slides')
      .send({
        title: 'Ссылка без кнопки',
        link: '/investments',
        backgroundImagePath: '/storage/demo-content/slide-1.svg',
      })
      .expect(400);
    expect(noButton.body.errors).toEqual({ buttonTitle: ['Напишите текст кнопки'] });
  });

  it('an investment object takes its arrow from its prices, and shows its sale', async () => {
    const { body: object } = await cabinet('post', '/investments')
      .send({
        title: 'Однокомнатная квартира в Новосибирске',
        markerContent: 'В продаже',
        imagePath: '/storage/demo-content/investment-2.svg',
        address: 'Новосибирск, Красный пр., 50',
        description: '<p>Ремонт <em>закончен</em></p><img src="/x.gif">',
        marketValue: '6100000',
        purchasePrice: 5_300_000,
        realizationPeriod: 2,
        annualPercentage: 45,
        isPublished: true,
      })
      .expect(201);
    expect(object).toMatchObject({
      marketValue: 6_100_000,
      realizedPrice: null,
      arrowDirection: 'up',
      description: '<p>Ремонт <em>закончен</em></p>',
      realizationPeriodText: '2 месяца',
    });
    const sold = await cabinet('put', `/investments/${object.id}`)
      .send({ ...object, realizedPrice: 5_000_000, arrowDirection: undefined, markerContent: 'Продана' })
      .expect(200);
    expect(sold.body).toMatchObject({ realizedPrice: 5_000_000, arrowDirection: 'down' });
    const contradicting = await cabinet('put', `/investments/${object.id}`)
      .send({ ...sold.body, arrowDirection: 'up' })
      .expect(400);
    expect(contradicting.body.errors).toEqual({
      arrowDirection: ['Объект продан дешевле покупки: стрелка вниз'],
    });
    expect(
      (await request(t.app).get(`/api/investments/${object.id}`).expect(200)).body.data.markerContent,
    ).toBe('Продана');
    await cabinet('delete', `/investments/${object.id}`).expect(200);
    await request(t.app).get(`/api/investments/${object.id}`).expect(404);
  });
});

describe('the site’s settings', () => {
  it('the contacts are read and changed by a moderator, and the site answers them', async () => {
    const { body: contacts } = await cabinet('get', '/settings/contacts').expect(200);
    expect(contacts).toMatchObject({ id: 'contacts', phone: '78005550123' });
    const changed = await cabinet('put', '/settings/contacts')
      .send({ ...contacts, phone: '+7 (495) 123-45-67', workingHours: 'Пн–Пт с 10 до 19' })
      .expect(200);
    expect(changed.body).toMatchObject({ phone: '74951234567' });
    expect((await request(t.app).get('/api/settings').expect(200)).body.data).toMatchObject({
      phone: '74951234567',
      phoneText: '+7 (495) 123-45-67',
      workingHours: 'Пн–Пт с 10 до 19',
    });
    const [event] = (await events('SiteContactsChanged')).slice(-1);
    expect(event.data).toMatchObject({ moderatorId: 'demo-moderator' });
    const bad = await cabinet('put', '/settings/contacts')
      .send({
        ...contacts,
        email: 'нет',
        socials: [{ type: 'myspace', url: 'http://x' }],
        policyUrl: 'javascript:x',
      })
      .expect(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'email',
      'policyUrl',
      'socials.0.type',
      'socials.0.url',
    ]);
  });

  it('the default place and the map’s centre reach /api/location-settings and the visitor’s place', async () => {
    const set = await cabinet('put', '/settings/location')
      .send({ defaultLocationId: '2', mapCenter: { lat: 59.938951, lon: 30.315635 } })
      .expect(200);
    expect(set.body).toMatchObject({ id: 'location', defaultLocationId: '2' });
    expect((await request(t.app).get('/api/location-settings').expect(200)).body.data).toMatchObject({
      defaultLocation: { id: '2', name: 'Санкт-Петербург' },
      mapCenter: { lat: 59.938951, lon: 30.315635 },
    });
    expect((await request(t.app).get('/api/user-location-by-ip').expect(200)).body.data).toMatchObject({
      id: '2',
    });
    expect(
      (
        await cabinet('put', '/settings/location')
          .send({ defaultLocationId: '999999', mapCenter: { lat: 0, lon: 0 } })
          .expect(400)
      ).body.errors,
    ).toEqual({ defaultLocationId: ['Выберите город из списка'] });
    await cabinet('put', '/settings/location')
      .send({ defaultLocationId: '1', mapCenter: { lat: 55.751244, lon: 37.618423 } })
      .expect(200);
  });

  it('the investment figures and the deal offer', async () => {
    const { body: figures } = await cabinet('get', '/settings/investment-statistics').expect(200);
    await cabinet('put', '/settings/investment-statistics')
      .send({ ...figures, deal: { count: 3600, text: 'сделок проведено' } })
      .expect(200);
    expect((await request(t.app).get('/api/investments/statistics').expect(200)).body.data.deal.count).toBe(
      3600,
    );
    const { body: deal } = await cabinet('get', '/settings/transaction-deal').expect(200);
    await cabinet('put', '/settings/transaction-deal')
      .send({ ...deal, text: '<p>Под ключ<img src=x onerror=alert(1)></p>', price: 'от 30 000 ₽' })
      .expect(200);
    expect((await request(t.app).get('/api/transaction-deal').expect(200)).body.data).toMatchObject({
      text: '<p>Под ключ</p>',
      price: 'от 30 000 ₽',
    });
  });
});

describe('content images', () => {
  it('are uploaded by a moderator, stored once as WebP without metadata, and named by posts', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3c7dd9' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret' } } })
      .toBuffer();
    const upload = () => cabinet('post', '/content-images').attach('file', png, 'cover.png');
    const { body } = await upload().expect(201);
    expect(body.data).toEqual({
      path: expect.stringMatching(/^\/storage\/content\/images\/[0-9a-f]{24}\.webp$/),
      width: 1920,
      height: 960,
    });
    expect((await upload().expect(201)).body.data.path).toBe(body.data.path);
    const served = await request(t.app).get(body.data.path).expect(200);
    const metadata = await sharp(served.body as Buffer).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1920 });
    expect(metadata.exif).toBeUndefined();
    const post = await cabinet('post', '/posts')
      .send({
        ...article,
        title: 'Статья с обложкой',
        imagePath: body.data.path,
        description: `<p>Фото:</p><img src="${body.data.path}" alt="обложка">`,
      })
      .expect(201);
    expect(post.body.description).toContain(`<img src="${body.data.path}" alt="обложка" />`);
  });

  it('refuses a file that is not a picture, and a request without one', async () => {
    const text = await cabinet('post', '/content-images')
      .attach('file', Buffer.from('<svg onload="alert(1)"/>'), 'x.svg')
      .expect(400);
    expect(text.body.errors).toEqual({ file: ['Допустимы фото в форматах JPEG, PNG и WebP'] });
    const none = await cabinet('post', '/content-images').expect(400);
    expect(none.body.errors).toEqual({ file: ['Выберите изображение'] });
  });
});
