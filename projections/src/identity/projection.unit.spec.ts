import type { DomainEvent } from '@estate/events';
import { appliedOnceAndTwice, project, storedEvents } from '../projectionSpec';
import { SESSIONS, USERS, type SessionDocument, type UserDocument } from './documents';
import { identityProjection } from './projection';
import { userRegistered } from '@estate/events/fixtures';

const hash = (c: string) => c.repeat(64);
const user = (event: DomainEvent) => ({ streamId: 'user-u1', event });
const history = storedEvents([
  user({
    type: 'UserRegistered',
    data: userRegistered(),
  }),
  user({
    type: 'SessionStarted',
    data: {
      userId: 'u1',
      tokenHash: hash('a'),
      expiresAt: '2027-01-01T00:00:00.000Z',
      startedAt: '2026-01-01T00:00:00.000Z',
    },
  }),
  user({ type: 'UserNameChanged', data: { userId: 'u1', name: 'Анна Петрова' } }),
  user({
    type: 'UserPhoneChanged',
    data: { userId: 'u1', oldPhone: '79991234567', newPhone: '79990001122' },
  }),
  user({ type: 'UserEmailChanged', data: { userId: 'u1', email: 'new@example.ru' } }),
  user({ type: 'UserEmailConfirmed', data: { userId: 'u1', email: 'new@example.ru', tokenHash: hash('b') } }),
  user({ type: 'UserAvatarChanged', data: { userId: 'u1', avatar: '/storage/avatars/u1/a.png' } }),
  user({ type: 'UserRoleChanged', data: { userId: 'u1', role: 1, agencyId: 'ag1' } }),
  { streamId: 'agency-ag1', event: { type: 'EmployeeAdded', data: { agencyId: 'ag1', userId: 'u1' } } },
  {
    streamId: 'agency-ag1',
    event: { type: 'EmployeeActivityChanged', data: { agencyId: 'ag1', userId: 'u1', isActive: false } },
  },
  user({ type: 'SessionEnded', data: { userId: 'u1', tokenHash: hash('a') } }),
]);

describe('the identity read model', () => {
  it('follows an account through its changes, typed by the events it handles', async () => {
    const store = await project([identityProjection], history);
    expect(await store.collection<UserDocument>(USERS).findOne({ _id: 'u1' })).toMatchObject({
      name: 'Анна Петрова',
      phone: '79990001122',
      email: 'new@example.ru',
      emailVerified: true,
      avatar: '/storage/avatars/u1/a.png',
      role: 1,
      agencyId: 'ag1',
      employee: { isActive: false, limit: null },
      revision: 7,
    });
    expect(await store.collection<SessionDocument>(SESSIONS).findOne({ _id: hash('a') })).toMatchObject({
      userId: 'u1',
      revoked: true,
    });
  });

  it('changes nothing when the log is applied again (a crash before the checkpoint)', async () => {
    const { once, twice } = await appliedOnceAndTwice([identityProjection], history, [USERS]);
    expect(twice).toEqual(once);
  });

  it('ignores the events it does not handle', async () => {
    const store = await project(
      [identityProjection],
      storedEvents([
        { streamId: 'x', event: { type: 'PhoneBound', data: { phone: '79991234567', userId: 'u1' } } },
      ]),
    );
    expect(await store.collection<UserDocument>(USERS).find({})).toEqual([]);
  });
});
