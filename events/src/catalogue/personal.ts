import type { EventData, EventType } from './index';

/**
 * What a personal field becomes once its person is erased: names and texts read as the placeholder,
 * phones as an empty string (the schemas' phone pattern is for appends; no reader dials it), e-mails
 * and avatars as null.
 */
export const ERASED_PERSON = 'Пользователь удалён';
export type PersonalKind = 'name' | 'text' | 'phone' | 'email' | 'avatar';
export const ERASED_VALUE: Record<PersonalKind, string | null> = {
  name: ERASED_PERSON,
  text: ERASED_PERSON,
  phone: '',
  email: null,
  avatar: null,
};

/** A phone's subject (and stream id): the store turns `phone-7…` into a keyed hash before it is written. */
export const phoneSubject = (phone: string) => `phone-${phone}`;
export const userSubject = (userId: string) => `user-${userId}`;

export type PersonalField<T extends EventType> = {
  /** a field of the event's data, or one of a nested object's (`guest.name`) */
  path: string;
  kind: PersonalKind;
  /** whose it is; null leaves the field in clear (a system message has no author) */
  subject: (data: EventData<T>) => string | null;
};
type Declarations = { [T in EventType]?: PersonalField<T>[] };

const ofPhone = <T extends EventType>(path: string): PersonalField<T> => ({
  path,
  kind: 'phone',
  subject: (data) => phoneSubject((data as { phone: string }).phone),
});
/** A person's subject: their account's when they were signed in, else their phone number's. */
const userOrPhone = ({ userId, phone }: { userId: string | null; phone: string }) =>
  userId ? userSubject(userId) : phoneSubject(phone);
/** a person's field: theirs when they were signed in, else their phone number's */
const ofUserOrPhone = <T extends EventType>(
  path: string,
  kind: PersonalKind,
  who: (data: EventData<T>) => { userId: string | null; phone: string },
): PersonalField<T> => ({ path, kind, subject: (data) => userOrPhone(who(data)) });

/** the guest a cancelling run names (services' bookings/cancelBooking.ts records who cancels in its input) */
const cancellingGuest = (data: EventData<'WorkflowStarted'>) => {
  if (data.name !== 'cancel-booking') return null;
  const { guest } = data.input as { guest?: { userId: string | null; phone: string } | null };
  return guest ? userOrPhone(guest) : null;
};

/** a staff member's name on their work (a lead taken, a complaint dismissed): theirs */
const moderatorName = <T extends EventType>(): PersonalField<T> => ({
  path: 'moderatorName',
  kind: 'name',
  subject: (data) => userSubject((data as { moderatorId: string }).moderatorId),
});

/**
 * Every personal field of every event type, and whose it is: the store encrypts them with that
 * person's key at append and decrypts them on read (events/src/personal/store.ts). A new event
 * type with a name, phone, e-mail, avatar or a person's own text declares it here; the field's
 * schema stays the plain one (validation runs before encryption, upcasters and projections after
 * decryption). The pseudonymous stream ids are declared in PSEUDONYMOUS_STREAM_PREFIXES.
 */
export const PERSONAL_FIELDS: Declarations = {
  // the phone-<digits> stream: a number's own subject (the account may not exist yet)
  PhoneCodeSent: [
    ofPhone('phone'),
    { path: 'registration.name', kind: 'name', subject: (d) => phoneSubject(d.phone) },
    { path: 'registration.email', kind: 'email', subject: (d) => phoneSubject(d.phone) },
  ],
  PhoneCodeRejected: [ofPhone('phone')],
  PhoneCodeAccepted: [ofPhone('phone')],
  PhoneCodeDelivered: [ofPhone('phone')],
  PhoneCodeDeliveryFailed: [ofPhone('phone')],
  PhoneBound: [ofPhone('phone')],
  PhoneReleased: [ofPhone('phone')],
  // the user-<id> stream
  UserRegistered: [
    { path: 'name', kind: 'name', subject: (d) => userSubject(d.userId) },
    { path: 'phone', kind: 'phone', subject: (d) => userSubject(d.userId) },
    { path: 'email', kind: 'email', subject: (d) => userSubject(d.userId) },
  ],
  UserNameChanged: [{ path: 'name', kind: 'name', subject: (d) => userSubject(d.userId) }],
  UserPhoneChanged: [
    { path: 'oldPhone', kind: 'phone', subject: (d) => userSubject(d.userId) },
    { path: 'newPhone', kind: 'phone', subject: (d) => userSubject(d.userId) },
  ],
  UserEmailChanged: [{ path: 'email', kind: 'email', subject: (d) => userSubject(d.userId) }],
  EmailConfirmationSent: [{ path: 'email', kind: 'email', subject: (d) => userSubject(d.userId) }],
  UserEmailConfirmed: [{ path: 'email', kind: 'email', subject: (d) => userSubject(d.userId) }],
  UserAvatarChanged: [{ path: 'avatar', kind: 'avatar', subject: (d) => userSubject(d.userId) }],
  // what people wrote and left to reach them
  ChatMessagePosted: [
    { path: 'text', kind: 'text', subject: (d) => (d.authorId ? userSubject(d.authorId) : null) },
  ],
  LeadReceived: [
    ofUserOrPhone('name', 'name', (d) => d),
    ofUserOrPhone('phone', 'phone', (d) => d),
    ofUserOrPhone('text', 'text', (d) => d),
  ],
  BookingRequested: [
    ofUserOrPhone('guest.name', 'name', (d) => d.guest),
    ofUserOrPhone('guest.phone', 'phone', (d) => d.guest),
    ofUserOrPhone('guest.email', 'email', (d) => d.guest),
  ],
  // what a user named for themselves: a saved search's name, a realtor request's contact person
  SavedSearchCreated: [{ path: 'name', kind: 'text', subject: (d) => userSubject(d.userId) }],
  SavedSearchRenamed: [{ path: 'name', kind: 'text', subject: (d) => userSubject(d.userId) }],
  RealtorRequestSubmitted: [{ path: 'contactName', kind: 'name', subject: (d) => userSubject(d.userId) }],
  ComplaintFiled: [
    ofUserOrPhone('phone', 'phone', (d) => d),
    ofUserOrPhone('email', 'email', (d) => d),
    ofUserOrPhone('comment', 'text', (d) => d),
  ],
  // a guest's own words on cancelling, under the key of their request (their account's, else their
  // phone's; before v3 only a signed-in guest's, by `by`); a host's reason, like a moderator's, is the
  // record of a decision and stays
  BookingCancelled: [
    {
      path: 'reason',
      kind: 'text',
      subject: (d) =>
        d.guest ? userOrPhone(d.guest) : d.byGuest && d.by !== 'guest' ? userSubject(d.by) : null,
    },
    { path: 'guest.phone', kind: 'phone', subject: (d) => (d.guest ? userOrPhone(d.guest) : null) },
  ],
  // the same reason as the guest's cancelling run records it, to be resumed after a crash
  WorkflowStarted: [
    { path: 'input.reason', kind: 'text', subject: cancellingGuest },
    { path: 'input.guest.phone', kind: 'phone', subject: cancellingGuest },
  ],
  // the staff's names on their work
  LeadTaken: [moderatorName()],
  LeadNoteAdded: [moderatorName()],
  LeadCompleted: [moderatorName()],
  LeadMarkedSpam: [moderatorName()],
  LeadAnswered: [moderatorName()],
  ComplaintDismissed: [moderatorName()],
  ComplaintUpheld: [moderatorName()],
  ComplaintReopened: [moderatorName()],
};

/** Stream ids that would hold a phone in clear: the store writes `<prefix>h<HMAC of the rest>` instead. */
export const PSEUDONYMOUS_STREAM_PREFIXES = ['phone-'] as const;
