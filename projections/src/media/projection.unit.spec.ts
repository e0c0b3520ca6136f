import type { DomainEvent } from '@estate/events';
import { project, storedEvents } from '../projectionSpec';
import { PHOTOS, photosProjection, photoVariantsOf, type PhotoDocument } from './projection';

const photoId = 'abcdef0123456789abcdef01';
const base = `/storage/agencies/ag1/photos/${photoId}`;
const stream = `photo-ag1-${photoId}`;
const uploaded: DomainEvent = {
  type: 'PhotoUploaded',
  data: { photoId, agencyId: 'ag1', path: `${base}.png`, width: 800, height: 600, uploadedBy: 'agent-1' },
};
const size = (name: string, width: number, height: number) => ({
  width,
  height,
  webp: `${base}-${name}.webp`,
  jpg: `${base}-${name}.jpg`,
});
const variants = {
  card: size('card', 344, 252),
  thumb: size('thumb', 109, 80),
  full: size('full', 800, 600),
};
const made: DomainEvent = { type: 'PhotoVariantsMade', data: { photoId, agencyId: 'ag1', variants } };

describe('photos read model', () => {
  it('shows an uploaded photo as processing, then ready with the paths of its sizes', async () => {
    const [first, second] = storedEvents([
      { streamId: stream, event: uploaded },
      { streamId: stream, event: made },
    ]);
    const store = await project([photosProjection], [first]);
    const photos = store.collection<PhotoDocument>(PHOTOS);
    expect(await photos.findOne({ _id: `${base}.png` })).toEqual({
      _id: `${base}.png`,
      revision: 0,
      photoId,
      agencyId: 'ag1',
      path: `${base}.png`,
      width: 800,
      height: 600,
      uploadedBy: 'agent-1',
      uploadedAt: first.occurredAt,
      status: 'processing',
      variants: null,
    });
    await project([photosProjection], [second], store);
    expect(await photos.findOne({ _id: `${base}.png` })).toMatchObject({
      revision: 1,
      status: 'ready',
      variants,
    });
  });

  it('applies each event once: a replay after a crash changes nothing', async () => {
    const events = storedEvents([
      { streamId: stream, event: uploaded },
      { streamId: stream, event: made },
    ]);
    const once = await project([photosProjection], events);
    const twice = await project([photosProjection], [...events, ...events]);
    expect(await twice.collection(PHOTOS).find({})).toEqual(await once.collection(PHOTOS).find({}));
    // the upload applied again after the sizes does not turn the photo back to processing
    expect((await twice.collection<PhotoDocument>(PHOTOS).findOne({}))!.status).toBe('ready');
  });

  it('tells the status and sizes of the photos among a list of paths; other paths are absent', async () => {
    const store = await project(
      [photosProjection],
      storedEvents([
        { streamId: stream, event: uploaded },
        { streamId: stream, event: made },
      ]),
    );
    const found = await photoVariantsOf(store, [
      `${base}.png`,
      `${base}.png`,
      '/storage/demo/1.svg',
      '__proto__',
      'constructor',
    ]);
    expect([...found.keys()]).toEqual([`${base}.png`]);
    expect(found.get(`${base}.png`)).toEqual({ status: 'ready', width: 800, height: 600, variants });
    expect(found.get('constructor')).toBeUndefined();
    expect((await photoVariantsOf(store, [])).size).toBe(0);
  });
});
