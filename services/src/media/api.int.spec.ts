import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROLES } from '@estate/events';
import sharp from 'sharp';
import request from 'supertest';
import { photosMade } from '../../test/photos';
import { createAgency } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { handleAgency } from '../agencies';
import type { Actor } from '../core/access';
import { registerUser } from '../identity';
import { uploadAnswer } from './dto';
import { PHOTO_MAX_BYTES } from './images';
import { photoStream } from './photo';
import { registerSiteUser } from '../../test/users';

/**
 * POST /api/system/upload (api.md section 7, "Other general calls"): photos of the caller's agency,
 * told by their content, stripped of their metadata, stored once by their hash. Every answer is
 * also checked against its declared schema (core/route.ts); the successful ones here again.
 */
let t: TestApp;
let agency: Awaited<ReturnType<typeof createAgency>>;
let other: Awaited<ReturnType<typeof createAgency>>;
let agent: string;
let owner: string;
let user: string;
let moderator: string;
let switchedOff: string;

const UPLOADS_PER_HOUR = 30;
const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
const upload = (token: string, files: { data: Buffer; name: string; type?: string }[]) => {
  const r = as(token, request(t.app).post('/api/system/upload'));
  for (const file of files) r.attach('files', file.data, { filename: file.name, contentType: file.type });
  return r;
};
const stored = (path: string) => join(t.dataDir, path.replace(/^\/storage\//, 'storage/'));
/** the originals stored for an agency (the worker adds their sizes beside them meanwhile) */
const photosOf = (agencyId: string) => {
  const folder = join(t.dataDir, 'storage/agencies', agencyId, 'photos');
  return existsSync(folder) ? readdirSync(folder).filter((name) => /^[0-9a-f]{24}\.\w+$/.test(name)) : [];
};

/** the uploads waiting for the worker (still as sent, with their metadata) */
const waitingOf = (agencyId: string) => {
  const folder = join(t.dataDir, 'storage/incoming/agencies', agencyId, 'photos');
  return existsSync(folder) ? readdirSync(folder) : [];
};
/** A picture of one colour with a darker square in a corner: distinct by colour, and its orientation can be seen. */
const picture = (width: number, height: number, colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).composite([
    {
      input: {
        create: {
          width: Math.min(20, width),
          height: Math.min(20, height),
          channels: 3,
          background: { r: 0, g: 0, b: 0 },
        },
      },
      left: 0,
      top: 0,
    },
  ]);
const jpeg = (width: number, height: number, r = 200) =>
  picture(width, height, { r, g: 120, b: 40 }).jpeg({ quality: 90 }).toBuffer();
const png = (width: number, height: number, g = 200) =>
  picture(width, height, { r: 30, g, b: 90 }).png().toBuffer();

beforeAll(async () => {
  t = await startTestApp({ seed: false, env: { PHOTO_UPLOADS_PER_HOUR: String(UPLOADS_PER_HOUR) } });
  agency = await createAgency(t.ctx, 'media', '71');
  other = await createAgency(t.ctx, 'media-other', '72');
  await registerSiteUser(t.ctx, { userId: 'media-user', name: 'Покупатель', phone: '79161230071' });
  await registerSiteUser(t.ctx, { userId: 'moderator', name: 'Модератор', phone: '79990000000' });
  // an agent the owner has switched off
  await registerUser(t.ctx, {
    type: 'RegisterUser',
    userId: 'media-off',
    name: 'Отключённый агент',
    phone: '79161230073',
    email: null,
    role: ROLES.AGENT,
    agencyId: agency.agencyId,
  });
  const ownerActor: Actor = agency.owner;
  await handleAgency(t.ctx.eventStore, agency.agencyId, {
    type: 'AddEmployee',
    actor: ownerActor,
    userId: 'media-off',
  });
  await handleAgency(t.ctx.eventStore, agency.agencyId, {
    type: 'SetEmployeeActive',
    actor: ownerActor,
    userId: 'media-off',
    isActive: false,
  });
  await t.ctx.projections.whenCaughtUp();
  agent = await signIn(t, agency.agentPhone);
  owner = await signIn(t, agency.ownerPhone);
  user = await signIn(t, '79161230071');
  moderator = await signIn(t, '79990000000');
  switchedOff = await signIn(t, '79161230073');
});
afterAll(() => t.close());

describe('POST /api/system/upload: photos told by their content', () => {
  it('stores a JPEG under the agency photos folder by the hash of its content, its sizes not yet made', async () => {
    const res = await upload(agent, [{ data: await jpeg(640, 480), name: 'kitchen.jpg' }]).expect(200);
    uploadAnswer.parse(res.body);
    const [photo] = res.body.data;
    expect(photo).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      path: `/storage/agencies/${agency.agencyId}/photos/${photo.id}.jpg`,
      width: 640,
      height: 480,
      ready: false,
    });
    await photosMade(t.ctx);
    const file = await sharp(readFileSync(stored(photo.path))).metadata();
    expect(file).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
  });

  it('keeps a PNG a PNG, and answers the photos of one request in their order', async () => {
    const res = await upload(agent, [
      { data: await png(300, 200), name: 'plan.png', type: 'image/png' },
      { data: await jpeg(200, 300, 90), name: 'room.jpeg' },
    ]).expect(200);
    uploadAnswer.parse(res.body);
    const [plan, room] = res.body.data;
    expect(plan.path).toMatch(/\.png$/);
    expect([plan.width, plan.height]).toEqual([300, 200]);
    expect(room.path).toMatch(/\.jpg$/);
    await photosMade(t.ctx);
    expect((await sharp(readFileSync(stored(plan.path))).metadata()).format).toBe('png');
  });

  it('stores WebP as WebP', async () => {
    const webp = await picture(320, 240, { r: 10, g: 10, b: 200 }).webp().toBuffer();
    const res = await upload(agent, [{ data: webp, name: 'photo.webp' }]).expect(200);
    expect(res.body.data[0].path).toMatch(/\.webp$/);
    await photosMade(t.ctx);
    expect((await sharp(readFileSync(stored(res.body.data[0].path))).metadata()).format).toBe('webp');
  });

  it('reads the type from the content: a PNG named .jpg and sent as image/jpeg is stored as a PNG', async () => {
    const res = await upload(agent, [
      { data: await png(120, 90, 10), name: 'photo.jpg', type: 'image/jpeg' },
    ]).expect(200);
    expect(res.body.data[0].path).toMatch(/^\/storage\/agencies\/agency-media\/photos\/[0-9a-f]{24}\.png$/);
  });

  it('refuses a text file named photo.jpg with errorCode 1 under its index, and stores nothing of the request', async () => {
    await photosMade(t.ctx);
    const before = photosOf(agency.agencyId).length;
    const waiting = waitingOf(agency.agencyId).length;
    const res = await upload(agent, [
      { data: await jpeg(100, 100, 11), name: 'ok.jpg' },
      { data: Buffer.from('Это не фото, а текст'), name: 'photo.jpg', type: 'image/jpeg' },
    ]).expect(400);
    expect(res.body).toEqual({
      errorCode: 1,
      message: 'Некорректные данные',
      errors: { 'files.1': ['Допустимы фото в форматах JPEG, PNG и WebP'] },
    });
    expect(photosOf(agency.agencyId)).toHaveLength(before);
    expect(waitingOf(agency.agencyId)).toHaveLength(waiting);
  });

  it('refuses images of other formats (a GIF, an AVIF) and a JPEG cut short', async () => {
    const gif = await picture(50, 50, { r: 1, g: 2, b: 3 }).gif().toBuffer();
    const avif = await picture(64, 64, { r: 1, g: 2, b: 3 }).avif().toBuffer();
    const whole = await sharp({
      create: {
        width: 600,
        height: 400,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    const res = await upload(agent, [
      { data: gif, name: 'a.gif' },
      { data: avif, name: 'b.avif' },
      { data: cut, name: 'c.jpg' },
    ]).expect(400);
    expect(res.body.errors).toEqual({
      'files.0': ['Допустимы фото в форматах JPEG, PNG и WebP'],
      'files.1': ['Допустимы фото в форматах JPEG, PNG и WebP'],
      'files.2': ['Не удалось прочитать фото: файл повреждён'],
    });
  });

  it('refuses a file over 15 MB with errorCode 1, not a 500', async () => {
    const big = Buffer.concat([await jpeg(64, 64), Buffer.alloc(PHOTO_MAX_BYTES)]);
    const res = await upload(agent, [{ data: big, name: 'big.jpg' }]).expect(400);
    expect(res.body).toEqual({
      errorCode: 1,
      message: 'Некорректные данные',
      errors: { files: ['Каждый файл — не больше 15 МБ'] },
    });
  });

  it('takes 1 to 10 files: none, or 11, are errorCode 1', async () => {
    const tiny = await png(8, 8, 1);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ data: tiny, name: `${i}.png` }));
    const tooMany = await upload(agent, eleven).expect(400);
    expect(tooMany.body.errors).toEqual({ files: ['Не больше 10 фото за один раз'] });
    const none = await as(agent, request(t.app).post('/api/system/upload').field('agencyId', 'x')).expect(
      400,
    );
    expect(none.body.errors).toEqual({ files: ['Выберите фото'] });
    const wrongField = await as(
      agent,
      request(t.app).post('/api/system/upload').attach('photo', tiny, 'a.png'),
    ).expect(400);
    expect(wrongField.body.errors).toEqual({ files: ['Загрузите фото в поле files'] });
  });

  it('strips EXIF (the GPS of the phone) and turns the photo upright by its orientation', async () => {
    const withExif = await picture(400, 200, { r: 150, g: 150, b: 150 })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'TestPhone', Model: 'Camera' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 2106/100', GPSLongitudeRef: 'E' },
      })
      .toBuffer();
    const sent = await sharp(withExif).metadata();
    expect(sent.orientation).toBe(6);
    expect(sent.exif!.includes(Buffer.from('TestPhone'))).toBe(true);
    // the GPS IFD pointer (tag 0x8825, little-endian): the phone's position is in the file sent
    expect(sent.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const res = await upload(agent, [{ data: withExif, name: 'IMG_0001.JPG' }]).expect(200);
    const photo = res.body.data[0];
    expect([photo.width, photo.height]).toEqual([200, 400]);
    await photosMade(t.ctx);
    const data = readFileSync(stored(photo.path));
    const kept = await sharp(data).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 200, height: 400 });
    expect(kept.exif).toBeUndefined();
    expect(kept.orientation).toBeUndefined();
    expect(kept.xmp).toBeUndefined();
    expect(kept.iptc).toBeUndefined();
    expect(data.includes(Buffer.from('TestPhone'))).toBe(false);
    // the dark square of the top-left corner is at the top right once turned 90° clockwise
    const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => pixels[(y * info.width + x) * info.channels];
    expect(at(info.width - 5, 5)).toBeLessThan(40);
    expect(at(5, 5)).toBeGreaterThan(100);
  });

  it('stores the same content once: uploaded again, even by another of the agency, it is answered the same and records nothing', async () => {
    const photo = await jpeg(500, 300, 33);
    const first = await upload(agent, [{ data: photo, name: 'a.jpg' }]).expect(200);
    await photosMade(t.ctx);
    const files = photosOf(agency.agencyId).length;
    const again = await upload(owner, [{ data: photo, name: 'b.jpg' }]).expect(200);
    // answered the same, ready now that the worker has made its sizes
    expect(again.body.data).toEqual([{ ...first.body.data[0], ready: true }]);
    expect(photosOf(agency.agencyId)).toHaveLength(files);
    const stream = await t.ctx.eventStore.readStream(photoStream(agency.agencyId, first.body.data[0].id));
    expect(stream.map((e) => e.type)).toEqual(['PhotoUploaded', 'PhotoVariantsMade']);
    expect(stream[0].data).toMatchObject({ uploadedBy: agency.agent.userId });
  });

  it('never serves an upload waiting for the worker (it still has its metadata), and removes it once normalised', async () => {
    await photosMade(t.ctx);
    const res = await upload(agent, [{ data: await jpeg(64, 48, 99), name: 'a.jpg' }]).expect(200);
    const { path } = res.body.data[0];
    const waiting = path.replace('/storage/', '/storage/incoming/');
    expect(waitingOf(agency.agencyId).length).toBeLessThanOrEqual(1); // the worker may be done already
    for (const spelling of [
      waiting,
      waiting.replace('/incoming/', '//incoming/'),
      waiting.replace('/incoming/', '/%69ncoming/'),
      waiting.replace('/incoming/', '/agencies/../incoming/'),
      waiting.replace('/incoming/', '/INCOMING/'),
    ])
      expect([400, 404]).toContain((await request(t.app).get(spelling)).status);
    await photosMade(t.ctx);
    expect(waitingOf(agency.agencyId)).toEqual([]);
    await request(t.app).get(path).expect(200);
  });

  it('serves a stored photo as immutable for a year (its name is its content)', async () => {
    const res = await upload(agent, [{ data: await jpeg(64, 48, 77), name: 'a.jpg' }]).expect(200);
    await photosMade(t.ctx);
    const photo = await request(t.app).get(res.body.data[0].path);
    expect([photo.status, photo.headers['content-type'], photo.headers['cache-control']]).toEqual([
      200,
      'image/jpeg',
      'public, max-age=31536000, immutable',
    ]);
  });
});

describe('POST /api/system/upload: who may upload', () => {
  const photo = () => png(16, 16, 99);

  it('answers an anonymous caller 401 and a plain user 403', async () => {
    const anonymous = await request(t.app)
      .post('/api/system/upload')
      .attach('files', await photo(), 'a.png')
      .expect(401);
    expect(anonymous.body.errorCode).toBe(101);
    expect((await upload(user, [{ data: await photo(), name: 'a.png' }]).expect(403)).body.errorCode).toBe(
      102,
    );
  });

  it('refuses an agent the owner has switched off', async () => {
    const res = await upload(switchedOff, [{ data: await photo(), name: 'a.png' }]).expect(403);
    expect(res.body.message).toBe('Доступ сотрудника отключён владельцем агентства');
  });

  it("refuses staff naming another agency, and stores a moderator's photo for the agency named", async () => {
    const foreign = await upload(agent, [{ data: await photo(), name: 'a.png' }])
      .field('agencyId', other.agencyId)
      .expect(403);
    expect(foreign.body.message).toBe('Можно загружать фото только своего агентства');
    const own = await upload(agent, [{ data: await photo(), name: 'a.png' }])
      .field('agencyId', agency.agencyId)
      .expect(200);
    expect(own.body.data[0].path).toContain(`/agencies/${agency.agencyId}/photos/`);

    const unnamed = await upload(moderator, [{ data: await photo(), name: 'a.png' }]).expect(400);
    expect(unnamed.body.errors).toEqual({ agencyId: ['Укажите агентство, для которого загружаются фото'] });
    await upload(moderator, [{ data: await photo(), name: 'a.png' }])
      .field('agencyId', 'no-such-agency')
      .expect(404);
    const malformed = await upload(moderator, [{ data: await photo(), name: 'a.png' }])
      .field('agencyId', '../avatars')
      .expect(400);
    expect(Object.keys(malformed.body.errors)).toEqual(['agencyId']);
    const stored = await upload(moderator, [{ data: await photo(), name: 'a.png' }])
      .field('agencyId', other.agencyId)
      .expect(200);
    expect(stored.body.data[0].path).toContain(`/agencies/${other.agencyId}/photos/`);
  });

  it(`counts ${UPLOADS_PER_HOUR} photos an hour per user (429); a refused request counts nothing`, async () => {
    const tiny = await png(8, 8, 5);
    const photos = (n: number) => Array.from({ length: n }, (_, i) => ({ data: tiny, name: `${i}.png` }));
    const fresh = await signIn(t, other.ownerPhone);
    await upload(fresh, photos(10)).expect(200);
    await upload(fresh, photos(10)).expect(200);
    await upload(fresh, photos(5)).expect(200);
    const over = await upload(fresh, photos(10)).expect(429);
    expect(over.body.errorCode).toBe(108);
    await upload(fresh, photos(5)).expect(200);
    await upload(fresh, photos(1)).expect(429);
    // another user's count is their own
    await upload(agent, photos(1)).expect(200);
  });
});
