import type { EventData, StoredEvent } from '@estate/events';
import { ignoreAlreadyApplied, type Projection } from '../projection';
import type { ReadStore } from '../readStore/port';
import { AGENCIES, SESSIONS, USERS, type AgencyDocument, type SessionDocument, type UserDocument } from './documents';

/** Users, their sessions and agencies: what authentication and the catalogue's author blocks read. */
export const identityProjection: Projection = {
  name: 'identity',
  version: 1,
  collections: {
    [USERS]: [{ key: { phone: 1 }, unique: true }, { key: { agencyId: 1, createdAt: 1 } }],
    [SESSIONS]: [{ key: { userId: 1 } }],
    [AGENCIES]: [{ key: { name: 1 } }],
  },
  async apply(event: StoredEvent, store: ReadStore) {
    switch (event.type) {
      case 'UserRegistered': {
        const data = event.data as EventData<'UserRegistered'>;
        const user: UserDocument = {
          _id: data.userId, revision: event.revision, name: data.name, phone: data.phone, email: data.email,
          role: data.role, agencyId: data.agencyId, avatar: null, createdAt: event.occurredAt,
        };
        await ignoreAlreadyApplied(() => store.collection<UserDocument>(USERS).insertOne(user));
        return;
      }
      case 'SessionStarted': {
        const data = event.data as EventData<'SessionStarted'>;
        const session: SessionDocument = { _id: data.tokenHash, userId: data.userId, expiresAt: data.expiresAt, revoked: false };
        await ignoreAlreadyApplied(() => store.collection<SessionDocument>(SESSIONS).insertOne(session));
        return;
      }
      case 'SessionEnded': {
        const data = event.data as EventData<'SessionEnded'>;
        await store.collection<SessionDocument>(SESSIONS).updateOne({ _id: data.tokenHash }, { $set: { revoked: true } });
        return;
      }
      case 'AgencyRegistered': {
        const data = event.data as EventData<'AgencyRegistered'>;
        const agency: AgencyDocument = { _id: data.agencyId, revision: event.revision, name: data.name, ownerId: data.ownerId, avatar: null, createdAt: event.occurredAt };
        await ignoreAlreadyApplied(() => store.collection<AgencyDocument>(AGENCIES).insertOne(agency));
        return;
      }
      default:
        return;
    }
  },
};
