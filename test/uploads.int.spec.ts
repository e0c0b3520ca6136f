import { readdirSync } from 'node:fs';
import request from 'supertest';
import { DEMO_PHONES } from '../services/src/seed';
import { createAgency } from '../services/test/publications';
import { signIn, startTestApp, type TestApp } from '../services/test/testApp';

/**
 * A logo is stored only after every check has passed (the type read from the content, the size,
 * the caller's right to the agency), so a refused upload leaves nothing to serve. A listing's photos
 * are tested with the photo uploads (services/src/media/listingPhotos.int.spec.ts).
 */
let t: TestApp;
let mine: Awaited<ReturnType<typeof createAgency>>;
let ownerToken: string;
let agentToken: string;
let moderatorToken: string;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('logo of the test'),
]);
const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
/** every file written in the data folder but the event log and the bus (a key leaving the store would land beside them) */
/** the files the logo uploads stored (the demo's listing photos, and their sizes the worker makes meanwhile, are not theirs) */
const storedFiles = () =>
  readdirSync(t.dataDir, { recursive: true, withFileTypes: true })
    // the uploads only: not the engines' files, the listings' photos or the read models' snapshots
    .filter(
      (e) =>
        e.isFile() && !/\.sqlite(-wal|-shm)?$/.test(e.name) && !/[\\/](photos|snapshots)$/.test(e.parentPath),
    )
    .map((e) => e.name);
const upload = (token: string, agencyId: string, bytes: Buffer, name = 'logo.png') =>
  as(token, request(t.app).post(`/api/agency/${agencyId}/avatar`)).attach('avatar', bytes, {
    filename: name,
    contentType: 'image/png',
  });

beforeAll(async () => {
  t = await startTestApp();
  mine = await createAgency(t.ctx, 'up', '81');
  ownerToken = await signIn(t, mine.ownerPhone);
  agentToken = await signIn(t, mine.agentPhone);
  moderatorToken = await signIn(t, DEMO_PHONES.moderator);
});
afterAll(() => t.close());

describe('the agency logo', () => {
  it('stores nothing when the upload is refused: an agent, a file that is no image, an unknown agency, a path out of the store', async () => {
    const refused = await upload(agentToken, mine.agencyId, PNG).expect(403);
    expect(refused.body).toMatchObject({ errorCode: 102, message: 'Это может только владелец агентства' });
    await upload(ownerToken, mine.agencyId, Buffer.from('<svg onload="alert(1)"/>'), 'logo.svg').expect(400);
    await upload(moderatorToken, 'no-such-agency', PNG).expect(404);
    for (const id of ['..', '..%2F..%2F..', '%2E%2E', 'constructor']) {
      const res = await upload(moderatorToken, id, PNG);
      expect([400, 404]).toContain(res.status);
      expect(res.body.errorCode).toEqual(expect.any(Number));
    }
    expect(storedFiles()).toEqual([]);
    // and nothing of it is served
    const served = await request(t.app)
      .get(`/api/agency/${mine.agencyId}/avatar`)
      .set('Authorization', `Bearer ${ownerToken}`)
      .expect(200);
    expect(served.body.data.avatarPath).toBeNull();
  });

  it('stores and serves the owner’s logo under the agency', async () => {
    const { body } = await upload(ownerToken, mine.agencyId, PNG).expect(200);
    expect(body.data.avatarPath).toMatch(
      new RegExp(`^/storage/agencies/${mine.agencyId}/[0-9a-f]{24}\\.png$`),
    );
    const file = await request(t.app).get(body.data.avatarPath).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(storedFiles()).toHaveLength(1);
  });
});
