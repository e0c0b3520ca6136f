import type { EventData, StoredEvent } from '@estate/events';
import { ignoreAlreadyApplied, type Projection } from '../projection';
import type { ReadStore } from '../readStore/port';
import {
  AGENCIES,
  SESSIONS,
  USERS,
  type AgencyDocument,
  type SessionDocument,
  type UserDocument,
} from './documents';

const DEFAULT_SETTINGS = {
  canReceiveNotifications: true,
  canReceiveSmsNotifications: true,
  canReceiveEmailNotifications: true,
};

/** Applies a change to a user once: an event at or below the stored revision was applied already. */
async function setUser(store: ReadStore, event: StoredEvent, fields: Partial<UserDocument>) {
  const userId = (event.data as { userId: string }).userId;
  await store
    .collection<UserDocument>(USERS)
    .updateOne(
      { _id: userId, revision: { $lt: event.revision } },
      { $set: { ...fields, revision: event.revision } },
    );
}

/** Users, their sessions and agencies: what authentication and the catalogue's author blocks read. */
export const identityProjection: Projection = {
  name: 'identity',
  // 4: sessions record their last use (idle expiry)
  version: 4,
  collections: {
    [USERS]: [{ key: { phone: 1 }, unique: true }, { key: { agencyId: 1, createdAt: 1 } }],
    [SESSIONS]: [{ key: { userId: 1 } }],
    [AGENCIES]: [{ key: { name: 1 } }, { key: { inn: 1 } }],
  },
  async apply(event: StoredEvent, store: ReadStore) {
    switch (event.type) {
      case 'UserRegistered': {
        const data = event.data as EventData<'UserRegistered'>;
        const user: UserDocument = {
          _id: data.userId,
          revision: event.revision,
          name: data.name,
          phone: data.phone,
          email: data.email,
          emailVerified: false,
          role: data.role,
          agencyId: data.agencyId,
          avatar: null,
          settings: DEFAULT_SETTINGS,
          newsletter: data.newsletter ?? false,
          premiumUntil: null,
          createdAt: event.occurredAt,
        };
        await ignoreAlreadyApplied(() => store.collection<UserDocument>(USERS).insertOne(user));
        return;
      }
      case 'SessionStarted': {
        const data = event.data as EventData<'SessionStarted'>;
        const session: SessionDocument = {
          _id: data.tokenHash,
          userId: data.userId,
          expiresAt: data.expiresAt,
          revoked: false,
          lastUsedAt: data.startedAt,
        };
        await ignoreAlreadyApplied(() => store.collection<SessionDocument>(SESSIONS).insertOne(session));
        return;
      }
      case 'SessionUsed': {
        // only ever forward: a use replayed or recorded out of order never moves the idle expiry back
        const data = event.data as EventData<'SessionUsed'>;
        await store
          .collection<SessionDocument>(SESSIONS)
          .updateOne(
            { _id: data.tokenHash, lastUsedAt: { $lt: data.at } },
            { $set: { lastUsedAt: data.at } },
          );
        return;
      }
      case 'SessionEnded': {
        const data = event.data as EventData<'SessionEnded'>;
        await store
          .collection<SessionDocument>(SESSIONS)
          .updateOne({ _id: data.tokenHash }, { $set: { revoked: true } });
        return;
      }
      case 'UserNameChanged':
        return setUser(store, event, { name: (event.data as EventData<'UserNameChanged'>).name });
      case 'UserPhoneChanged':
        return setUser(store, event, { phone: (event.data as EventData<'UserPhoneChanged'>).newPhone });
      case 'UserEmailChanged':
        return setUser(store, event, {
          email: (event.data as EventData<'UserEmailChanged'>).email,
          emailVerified: false,
        });
      case 'UserEmailConfirmed':
        return setUser(store, event, { emailVerified: true });
      case 'UserAvatarChanged':
        return setUser(store, event, { avatar: (event.data as EventData<'UserAvatarChanged'>).avatar });
      case 'NotificationSettingsChanged':
        return setUser(store, event, {
          settings: (event.data as EventData<'NotificationSettingsChanged'>).settings,
        });
      case 'PremiumPeriodExtended':
        return setUser(store, event, {
          premiumUntil: (event.data as EventData<'PremiumPeriodExtended'>).until,
        });
      case 'UserRoleChanged': {
        const { role, agencyId } = event.data as EventData<'UserRoleChanged'>;
        return setUser(store, event, { role, agencyId });
      }
      case 'EmployeeAdded':
      case 'EmployeeRemoved':
      case 'EmployeeActivityChanged':
      case 'EmployeeLimitChanged': {
        // facts of the agency's stream about a user: plain sets, safe to apply twice
        const data = event.data as { userId: string; isActive?: boolean; limit?: number | null };
        const users = store.collection<UserDocument>(USERS);
        if (event.type === 'EmployeeAdded')
          await users.updateOne(
            { _id: data.userId },
            { $set: { employee: { isActive: true, limit: null } } },
          );
        else if (event.type === 'EmployeeRemoved')
          await users.updateOne({ _id: data.userId }, { $set: { employee: null } });
        else if (event.type === 'EmployeeActivityChanged')
          await users.updateOne({ _id: data.userId }, { $set: { 'employee.isActive': data.isActive } });
        else await users.updateOne({ _id: data.userId }, { $set: { 'employee.limit': data.limit } });
        return;
      }
      case 'AgencyProfileChanged': {
        const { agencyId, details, canViewInCatalog, specializations } =
          event.data as EventData<'AgencyProfileChanged'>;
        await store
          .collection<AgencyDocument>(AGENCIES)
          .updateOne(
            { _id: agencyId, revision: { $lt: event.revision } },
            { $set: { ...details, canViewInCatalog, specializations, revision: event.revision } },
          );
        return;
      }
      case 'AgencyAvatarChanged': {
        const { agencyId, avatar } = event.data as EventData<'AgencyAvatarChanged'>;
        await store
          .collection<AgencyDocument>(AGENCIES)
          .updateOne(
            { _id: agencyId, revision: { $lt: event.revision } },
            { $set: { avatar, revision: event.revision } },
          );
        return;
      }
      case 'AgencyRegistered': {
        const data = event.data as EventData<'AgencyRegistered'>;
        const agency: AgencyDocument = {
          _id: data.agencyId,
          revision: event.revision,
          name: data.name,
          ownerId: data.ownerId,
          avatar: null,
          createdAt: event.occurredAt,
        };
        await ignoreAlreadyApplied(() => store.collection<AgencyDocument>(AGENCIES).insertOne(agency));
        return;
      }
      default:
        return;
    }
  },
};
