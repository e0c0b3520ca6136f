import sharp from 'sharp';
import request from 'supertest';
import { publicationDto } from '../publications';
import { photosMade } from '../../test/photos';
import { createAgency } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';

/**
 * A listing's photos (issue 16, item 3): the form names uploaded photos in their order, each
 * uploaded by the listing's own agency; the cabinet shows every one, the site only those whose
 * sizes are made, with the paths of the sizes.
 */
let t: TestApp;
let agency: Awaited<ReturnType<typeof createAgency>>;
let other: Awaited<ReturnType<typeof createAgency>>;
let agent: string;
let otherAgent: string;

const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
const REFUSAL = 'Фото: только файлы, загруженные вашим агентством';
const CENTRE = { lat: 55.7558, lon: 37.6173 };
const form = (images: { path: string }[]) => ({
  dealCategory: 'sale',
  propertyType: 1,
  title: 'Квартира с фото',
  price: 9_000_000,
  locationId: '1',
  address: { fullAddress: 'Москва, ул. Фото, 1', geo: CENTRE },
  images,
});
let shade = 0;
/** a distinct small JPEG each call: a new photo */
const jpeg = () =>
  sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: (shade += 37) % 256, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
async function uploaded(token: string, count: number): Promise<string[]> {
  const r = as(token, request(t.app).post('/api/system/upload'));
  for (let i = 0; i < count; i++) r.attach('files', await jpeg(), `${i}.jpg`);
  const { body } = await r.expect(200);
  return body.data.map((photo: { path: string }) => photo.path);
}
beforeAll(async () => {
  t = await startTestApp({ seed: false });
  agency = await createAgency(t.ctx, 'lp', '61');
  other = await createAgency(t.ctx, 'lp-other', '62');
  agent = await signIn(t, agency.agentPhone);
  otherAgent = await signIn(t, other.agentPhone);
});
afterAll(() => t.close());

describe('the photos a listing names', () => {
  it.each([
    ['a script', 'javascript:alert(1)'],
    ['another host', 'https://evil.example/flat.jpg'],
    ['a host-relative address', '//evil.example/flat.jpg'],
    ['a data URL', 'data:image/png;base64,AAAA'],
    ['a path out of the demo folder', '/storage/demo/../../etc/passwd'],
    ['a photo nobody uploaded', `/storage/agencies/agency-lp/photos/${'0'.repeat(24)}.jpg`],
  ])('refuses %s with errorCode 1 on images.N.path', async (_, path) => {
    for (const url of ['/api/cabinet/publications', `/api/agency/${agency.agencyId}/publications`]) {
      const { body } = await as(agent, request(t.app).post(url))
        .send(form([{ path: '/storage/demo/3.svg' }, { path }]))
        .expect(400);
      expect(body).toMatchObject({ errorCode: 1, errors: { 'images.1.path': [REFUSAL] } });
    }
  });

  it('refuses another agency’s photo, on creation and on an edit', async () => {
    const [theirs] = await uploaded(otherAgent, 1);
    const created = await as(agent, request(t.app).post('/api/cabinet/publications'))
      .send(form([{ path: theirs }]))
      .expect(400);
    expect(created.body.errors).toEqual({ 'images.0.path': [REFUSAL] });
    const draft = await as(agent, request(t.app).post('/api/cabinet/publications'))
      .send(form([]))
      .expect(201);
    await as(agent, request(t.app).put(`/api/cabinet/publications/${draft.body.id}`))
      .send(form([{ path: theirs }]))
      .expect(400);
    await as(agent, request(t.app).patch(`/api/agency/${agency.agencyId}/publications/${draft.body.id}`))
      .send(form([{ path: theirs }]))
      .expect(400);
  });

  it('refuses the same photo twice and more than 30 photos', async () => {
    const [mine] = await uploaded(agent, 1);
    const twice = await as(agent, request(t.app).post('/api/cabinet/publications'))
      .send(form([{ path: mine }, { path: mine }]))
      .expect(400);
    expect(twice.body.errors).toEqual({ 'images.1.path': ['Это фото уже есть'] });
    const many = Array.from({ length: 31 }, (_, i) => ({ path: `/storage/demo/${i + 1}.svg` }));
    const tooMany = await as(agent, request(t.app).post('/api/cabinet/publications'))
      .send(form(many))
      .expect(400);
    expect(tooMany.body.errors).toEqual({ images: ['Не больше 30 фото'] });
  });
});

describe('a listing with uploaded photos', () => {
  it('keeps them in the order given, shows the site each with its sizes once made, and the cabinet all', async () => {
    const photos = await uploaded(agent, 3);
    const order = [photos[2], '/storage/demo/12.svg', photos[0], photos[1]];
    const created = await as(agent, request(t.app).post('/api/cabinet/publications')).send(
      form(order.map((path) => ({ path }))),
    );
    expect([created.status, created.body.errors]).toEqual([201, undefined]);
    const id = created.body.id;
    expect(created.body.images.map((image: { path: string }) => image.path)).toEqual(order);
    await as(agent, request(t.app).post(`/api/cabinet/publications/${id}/publish`)).expect(200);
    await photosMade(t.ctx);

    const site = await request(t.app).get(`/api/publications/${id}`).expect(200);
    const listing = publicationDto.parse(site.body.data);
    expect(listing.images.map((image) => image.path)).toEqual(order);
    const [cover] = listing.images;
    expect(cover.variants).toEqual({
      card: {
        width: 344,
        height: 252,
        webp: expect.stringMatching(/-card\.webp$/),
        jpg: expect.stringMatching(/-card\.jpg$/),
      },
      thumb: {
        width: 109,
        height: 80,
        webp: expect.stringMatching(/-thumb\.webp$/),
        jpg: expect.stringMatching(/-thumb\.jpg$/),
      },
      full: {
        width: 64,
        height: 48,
        webp: expect.stringMatching(/-full\.webp$/),
        jpg: expect.stringMatching(/-full\.jpg$/),
      },
    });
    expect(listing.images[1].variants).toBeNull(); // the demo's drawing has none, and is shown
    const card = await request(t.app).get(cover.variants!.card.webp).expect(200);
    expect(card.headers['cache-control']).toContain('immutable');

    // an edit reorders them and drops one; the sizes stay with each photo
    const edited = await as(agent, request(t.app).put(`/api/cabinet/publications/${id}`))
      .send(form([{ path: photos[1] }, { path: photos[2] }]))
      .expect(200);
    expect(edited.body.images.map((image: { path: string }) => image.path)).toEqual([photos[1], photos[2]]);
    expect(edited.body.images.every((image: { variants: unknown }) => image.variants !== null)).toBe(true);
  });
});

describe('GET /api/system/photos: whether a photo’s sizes are made', () => {
  it('answers the agency’s own photos, ready with their sizes once made; another agency’s are absent', async () => {
    const [mine] = await uploaded(agent, 1);
    const [theirs] = await uploaded(otherAgent, 1);
    await photosMade(t.ctx);
    const { body } = await as(agent, request(t.app).get('/api/system/photos'))
      .query({ paths: [mine, theirs] })
      .expect(200);
    expect(body.data).toEqual([
      {
        path: mine,
        ready: true,
        variants: expect.objectContaining({ card: expect.objectContaining({ width: 344, height: 252 }) }),
      },
    ]);
    await request(t.app).get('/api/system/photos').query({ paths: mine }).expect(401);
    const tooMany = await as(agent, request(t.app).get('/api/system/photos'))
      .query({ paths: Array.from({ length: 31 }, (_, i) => `/storage/x/${i}.jpg`) })
      .expect(400);
    expect(tooMany.body.errorCode).toBe(1);
  });
});
