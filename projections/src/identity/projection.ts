import { defineProjection, ignoreAlreadyApplied, type ProjectedEvent } from '../projection';
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

/** The facts of an account's own stream that change one of its fields. */
type UserFieldEvent = ProjectedEvent<
  | 'UserNameChanged'
  | 'UserPhoneChanged'
  | 'UserEmailChanged'
  | 'UserEmailConfirmed'
  | 'UserAvatarChanged'
  | 'NotificationSettingsChanged'
  | 'TariffNoticeSwitched'
  | 'PremiumPeriodExtended'
  | 'UserRoleChanged'
>;

/** Applies a change to a user once: an event at or below the stored revision was applied already. */
async function setUser(store: ReadStore, event: UserFieldEvent, fields: Partial<UserDocument>) {
  await store
    .collection<UserDocument>(USERS)
    .updateOne(
      { _id: event.data.userId, revision: { $lt: event.revision } },
      { $set: { ...fields, revision: event.revision } },
    );
}

/** Applies a change to an agency once, by the agency stream's revision. */
async function setAgency(
  store: ReadStore,
  agencyId: string,
  revision: number,
  fields: Partial<AgencyDocument>,
) {
  await store
    .collection<AgencyDocument>(AGENCIES)
    .updateOne({ _id: agencyId, revision: { $lt: revision } }, { $set: { ...fields, revision } });
}

/** Users, their sessions and agencies: what authentication and the catalogue's author blocks read. */
export const identityProjection = defineProjection({
  name: 'identity',
  // 4: sessions record their last use (idle expiry); 5: the tariff notice's switch
  version: 5,
  collections: {
    [USERS]: [{ key: { phone: 1 }, unique: true }, { key: { agencyId: 1, createdAt: 1 } }],
    [SESSIONS]: [{ key: { userId: 1 } }],
    [AGENCIES]: [{ key: { name: 1 } }, { key: { inn: 1 } }],
  },
  handles: [
    'UserRegistered',
    'SessionStarted',
    'SessionUsed',
    'SessionEnded',
    'UserNameChanged',
    'UserPhoneChanged',
    'UserEmailChanged',
    'UserEmailConfirmed',
    'UserAvatarChanged',
    'NotificationSettingsChanged',
    'TariffNoticeSwitched',
    'PremiumPeriodExtended',
    'UserRoleChanged',
    'EmployeeAdded',
    'EmployeeRemoved',
    'EmployeeActivityChanged',
    'EmployeeLimitChanged',
    'AgencyRegistered',
    'AgencyProfileChanged',
    'AgencyAvatarChanged',
  ],
  async apply(event, store) {
    const users = store.collection<UserDocument>(USERS);
    const sessions = store.collection<SessionDocument>(SESSIONS);
    switch (event.type) {
      case 'UserRegistered': {
        const { data } = event;
        await ignoreAlreadyApplied(() =>
          users.insertOne({
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
            tariffNotice: true,
            newsletter: data.newsletter ?? false,
            premiumUntil: null,
            createdAt: event.occurredAt,
          }),
        );
        return;
      }
      case 'SessionStarted': {
        const { data } = event;
        await ignoreAlreadyApplied(() =>
          sessions.insertOne({
            _id: data.tokenHash,
            userId: data.userId,
            expiresAt: data.expiresAt,
            revoked: false,
            lastUsedAt: data.startedAt,
          }),
        );
        return;
      }
      case 'SessionUsed':
        // only ever forward: a use replayed or recorded out of order never moves the idle expiry back
        await sessions.updateOne(
          { _id: event.data.tokenHash, lastUsedAt: { $lt: event.data.at } },
          { $set: { lastUsedAt: event.data.at } },
        );
        return;
      case 'SessionEnded':
        await sessions.updateOne({ _id: event.data.tokenHash }, { $set: { revoked: true } });
        return;
      case 'UserNameChanged':
        return setUser(store, event, { name: event.data.name });
      case 'UserPhoneChanged':
        return setUser(store, event, { phone: event.data.newPhone });
      case 'UserEmailChanged':
        return setUser(store, event, { email: event.data.email, emailVerified: false });
      case 'UserEmailConfirmed':
        return setUser(store, event, { emailVerified: true });
      case 'UserAvatarChanged':
        return setUser(store, event, { avatar: event.data.avatar });
      case 'NotificationSettingsChanged':
        return setUser(store, event, { settings: event.data.settings });
      case 'TariffNoticeSwitched':
        return setUser(store, event, { tariffNotice: event.data.enabled });
      case 'PremiumPeriodExtended':
        return setUser(store, event, { premiumUntil: event.data.until });
      case 'UserRoleChanged':
        return setUser(store, event, { role: event.data.role, agencyId: event.data.agencyId });
      // facts of the agency's stream about a user: plain sets, safe to apply twice
      case 'EmployeeAdded':
        await users.updateOne(
          { _id: event.data.userId },
          { $set: { employee: { isActive: true, limit: null } } },
        );
        return;
      case 'EmployeeRemoved':
        await users.updateOne({ _id: event.data.userId }, { $set: { employee: null } });
        return;
      case 'EmployeeActivityChanged':
        await users.updateOne(
          { _id: event.data.userId },
          { $set: { 'employee.isActive': event.data.isActive } },
        );
        return;
      case 'EmployeeLimitChanged':
        await users.updateOne({ _id: event.data.userId }, { $set: { 'employee.limit': event.data.limit } });
        return;
      case 'AgencyRegistered': {
        const { data } = event;
        await ignoreAlreadyApplied(() =>
          store.collection<AgencyDocument>(AGENCIES).insertOne({
            _id: data.agencyId,
            revision: event.revision,
            name: data.name,
            ownerId: data.ownerId,
            avatar: null,
            createdAt: event.occurredAt,
          }),
        );
        return;
      }
      case 'AgencyProfileChanged': {
        const { agencyId, details, canViewInCatalog, specializations } = event.data;
        return setAgency(store, agencyId, event.revision, { ...details, canViewInCatalog, specializations });
      }
      case 'AgencyAvatarChanged':
        return setAgency(store, event.data.agencyId, event.revision, { avatar: event.data.avatar });
    }
  },
});
