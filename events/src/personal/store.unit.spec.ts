import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEvent } from '../envelope';
import { eventStoreContract } from '../store/contract';
import { SqliteEventStore } from '../store/sqlite';
import { ERASED_PERSON } from '../catalogue/personal';
import { PersonalDataEventStore } from './store';
import { SqlitePersonalKeyStore } from './sqliteKeyStore';

const dir = mkdtempSync(join(tmpdir(), 'personal-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const open = () => {
  const inner = new SqliteEventStore(join(dir, `events-${n}.sqlite`));
  return new PersonalDataEventStore(inner, new SqlitePersonalKeyStore(join(dir, `keys-${n++}.sqlite`)));
};

eventStoreContract('sqlite with personal fields encrypted', () => Promise.resolve(open()));

const registered = (userId: string) =>
  newEvent(
    'UserRegistered',
    { userId, name: 'Анна Петрова', phone: '79161234567', email: 'anna@example.ru', role: 3, agencyId: null },
    { actor: userId },
  );

describe('personal fields', () => {
  it('stores a person’s fields encrypted and a phone’s stream under a keyed hash, and reads them plain', async () => {
    const store = open();
    await store.append('user-u1', [registered('u1')], 'no-stream');
    await store.append(
      'phone-79161234567',
      [newEvent('PhoneBound', { phone: '79161234567', userId: 'u1' })],
      'no-stream',
    );
    const raw = JSON.stringify(await store.inner.readAll(0, 10));
    for (const clear of ['Анна', '79161234567', 'anna@example.ru']) expect(raw).not.toContain(clear);
    expect(raw).toMatch(/"streamId":"phone-h[\w-]{43}"/);
    expect((await store.readStream('user-u1'))[0].data).toMatchObject({
      name: 'Анна Петрова',
      phone: '79161234567',
      email: 'anna@example.ru',
      role: 3,
    });
    const [bound] = await store.readStream('phone-79161234567');
    expect(bound).toMatchObject({
      streamId: 'phone-79161234567',
      data: { phone: '79161234567', userId: 'u1' },
    });
    await store.close();
  });

  it('reads a forgotten person’s fields as the placeholder everywhere, and the other fields and people as they were', async () => {
    const store = open();
    await store.append('user-u1', [registered('u1')], 'no-stream');
    await store.append('user-u2', [registered('u2')], 'no-stream');
    await store.forget(['user-u1']);
    const [gone] = await store.readStream('user-u1');
    expect(gone.data).toEqual({
      userId: 'u1',
      name: ERASED_PERSON,
      phone: '',
      email: null,
      role: 3,
      agencyId: null,
    });
    const all = await store.readAll(0, 10);
    expect(all.map((e) => (e.data as { name: string }).name)).toEqual([ERASED_PERSON, 'Анна Петрова']);
    await store.close();
  });

  it('holds a staff member’s name on their work and a guest’s reason for cancelling as theirs; a host’s reason stays', async () => {
    const store = open();
    const moderator = { moderatorId: 'm1', moderatorName: 'Ольга Смирнова' };
    await store.append(
      'lead-l1',
      [
        newEvent('LeadTaken', { leadId: 'l1', ...moderator }),
        newEvent('LeadNoteAdded', { leadId: 'l1', noteId: 'n1', text: 'перезвонить вечером', ...moderator }),
      ],
      'no-stream',
    );
    const cancelled = (
      by: string,
      byGuest: boolean,
      reason: string,
      guest: { userId: string | null; phone: string } | null,
    ) =>
      newEvent('BookingCancelled', {
        requestId: `r-${by}`,
        reason,
        by,
        byGuest,
        cancellationId: null,
        guest,
      });
    // the guest's cancelling run records the reason too, to be resumed after a crash
    const run = (name: string, reason: string, guest: { userId: string | null; phone: string } | null) =>
      newEvent('WorkflowStarted', {
        workflowId: `w-${name}-${reason.length}`,
        name,
        input: { requestId: 'r1', reason, guest },
      });
    await store.append(
      'workflow-w1',
      [
        run('cancel-booking', 'Сломалась машина', { userId: null, phone: '79995550101' }),
        run('cancel-booking', 'Гости не приехали', null),
        run('decline-listing', 'Нет фото', null),
      ],
      'no-stream',
    );
    await store.append(
      'booking-r1',
      [
        cancelled('g1', true, 'Заболел ребёнок', { userId: 'g1', phone: '79990000100' }),
        cancelled('h1', false, 'Ремонт в квартире', null),
        // a guest without an account, through their link: their phone's key
        cancelled('guest', true, 'Передумали', { userId: null, phone: '79995550101' }),
      ],
      'no-stream',
    );
    const raw = JSON.stringify(await store.inner.readAll(0, 20));
    for (const secret of ['Ольга', 'Заболел', 'Передумали', 'Сломалась', '79995550101', '79990000100'])
      expect(raw).not.toContain(secret);
    for (const kept of ['перезвонить вечером', 'Ремонт в квартире', 'Гости не приехали', 'Нет фото'])
      expect(raw).toContain(kept);
    await store.forget(['user-m1', 'user-g1', 'phone-79995550101']);
    const read = await store.readAll(0, 20);
    expect(read.map((e) => (e.data as { moderatorName?: string }).moderatorName)).toEqual([
      ERASED_PERSON,
      ERASED_PERSON,
      ...new Array<undefined>(6).fill(undefined),
    ]);
    expect(read.slice(2, 5).map((e) => (e.data as { input: { reason: string } }).input.reason)).toEqual([
      ERASED_PERSON,
      'Гости не приехали',
      'Нет фото',
    ]);
    expect(read.slice(5).map((e) => (e.data as { reason: string }).reason)).toEqual([
      ERASED_PERSON,
      'Ремонт в квартире',
      ERASED_PERSON,
    ]);
    await store.close();
  });

  it('drops the keys it cached when it reads an erasure another process recorded', async () => {
    const file = join(dir, 'shared-events.sqlite');
    const keysFile = join(dir, 'shared-keys.sqlite');
    const reader = new PersonalDataEventStore(
      new SqliteEventStore(file),
      new SqlitePersonalKeyStore(keysFile),
    );
    const worker = new PersonalDataEventStore(
      new SqliteEventStore(file),
      new SqlitePersonalKeyStore(keysFile),
    );
    await worker.append('user-u1', [registered('u1')], 'no-stream');
    expect((await reader.readAll(0, 10))[0].data).toMatchObject({ name: 'Анна Петрова' });
    await worker.forget(['user-u1']);
    await worker.append(
      'user-u1',
      [newEvent('PersonErased', { userId: 'u1', subjects: ['user-u1'], by: 'u1', reason: 'по просьбе' })],
      0,
    );
    const [registration, erasure] = await reader.readAll(0, 10);
    expect(erasure.type).toBe('PersonErased');
    expect((await reader.readStream('user-u1'))[0].data).toMatchObject({ name: ERASED_PERSON });
    expect(registration.data).toMatchObject({ userId: 'u1' });
    await reader.close();
    await worker.close();
  });
});
