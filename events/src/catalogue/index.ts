import type { z } from 'zod';
import {
  agencyEvents,
  emailConfirmationSentV2,
  identityEvents,
  phoneCodeRejectedV2,
  phoneEvents,
  sessionStartedV2,
} from './identity';
import { agencyProfileEvents, membershipEvents, realtorRequestEvents } from './agencies';
import {
  bookingCancelledV2,
  bookingCancelledV3,
  bookingEvents,
  bookingRequestedV2,
  bookingRequestedV3,
  calendarEvents,
} from './bookings';
import { chatEvents, chatMessagePostedV2 } from './chats';
import { contentEvents } from './content';
import { complaintEvents } from './complaints';
import { leadEvents } from './leads';
import { savedSearchEvents } from './savedSearches';
import { mediaEvents } from './media';
import { paymentEvents, walletChargedV2, walletEvents } from './money';
import { newBuildingEvents } from './newBuildings';
import { favouriteEvents, publicationEvents, withParamsOfV2 } from './publication';
import { workflowEvents } from './workflows';

/**
 * Every domain event the product records, with its current schema version.
 * A change of shape gets a new version and an upcaster from the old one, never an edit of stored events.
 */
const schemas = {
  ...publicationEvents,
  ...favouriteEvents,
  ...identityEvents,
  ...phoneEvents,
  ...agencyEvents,
  ...newBuildingEvents,
  ...calendarEvents,
  ...bookingEvents,
  ...chatEvents,
  ...mediaEvents,
  ...realtorRequestEvents,
  ...agencyProfileEvents,
  ...membershipEvents,
  ...walletEvents,
  ...paymentEvents,
  ...workflowEvents,
  ...contentEvents,
  ...leadEvents,
  ...complaintEvents,
  ...savedSearchEvents,
};

export type EventType = keyof typeof schemas;
export type EventData<T extends EventType> = z.infer<(typeof schemas)[T]>;
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/** Versions above 1; every other type is at version 1. */
const VERSIONS: Partial<Record<EventType, number>> = {
  // 2: the rest of the 18 filter characteristics in details.params
  PublicationCreated: 2,
  PublicationEdited: 2,
  // 2: the time of the wrong try (a daily cap per phone) / the session's start (its idle expiry)
  PhoneCodeRejected: 2,
  SessionStarted: 2,
  // 2: the link's id, from which the letter's sender derives its token (identity/emailLinks.ts)
  EmailConfirmationSent: 2,
  // 2: the tariff paid, the end of the paid day and the client's idempotency key
  WalletCharged: 2,
  // 2: the hash of the guest's link key; 3: the snapshot of the listing the booking lists show
  BookingRequested: 3,
  // 2: the id of the run that cancelled (a repeat of the same run records nothing)
  BookingCancelled: 3,
  // 2: the messages a message answers
  ChatMessagePosted: 2,
};

export const CURRENT_SCHEMA_VERSION: Record<EventType, number> = Object.fromEntries(
  Object.keys(schemas).map((type) => [type, VERSIONS[type as EventType] ?? 1]),
) as Record<EventType, number>;

type Upcaster = (data: unknown) => unknown;
/** upcasters[type][fromVersion] turns data of that version into data of the next one */
const upcasters: Partial<Record<EventType, Record<number, Upcaster>>> = {
  PublicationCreated: { 1: withParamsOfV2 },
  PublicationEdited: { 1: withParamsOfV2 },
  PhoneCodeRejected: { 1: phoneCodeRejectedV2 },
  SessionStarted: { 1: sessionStartedV2 },
  EmailConfirmationSent: { 1: emailConfirmationSentV2 },
  WalletCharged: { 1: walletChargedV2 },
  BookingRequested: { 1: bookingRequestedV2, 2: bookingRequestedV3 },
  BookingCancelled: { 1: bookingCancelledV2, 2: bookingCancelledV3 },
  ChatMessagePosted: { 1: chatMessagePostedV2 },
};

export const isKnownEventType = (type: string): type is EventType => type in schemas;

/** Checks data about to be appended against the current schema of its type. */
export function validateEventData<T extends EventType>(type: T, data: unknown): EventData<T> {
  return schemas[type].parse(data) as EventData<T>;
}

/** Brings stored data of any past version to the current shape. */
export function upcast(type: string, schemaVersion: number, data: unknown): unknown {
  if (!isKnownEventType(type)) return data;
  let current = data;
  for (let v = schemaVersion; v < CURRENT_SCHEMA_VERSION[type]; v++) {
    const step = upcasters[type]?.[v];
    if (!step) throw new Error(`no upcaster for ${type} from version ${v}`);
    current = step(current);
  }
  return current;
}

export * from './shared';
export {
  ERASED_PERSON,
  ERASED_VALUE,
  PERSONAL_FIELDS,
  phoneSubject,
  userSubject,
  type PersonalKind,
} from './personal';
export * from './publication';
export { CHAT_TEXT_LIMIT, chatListingSnapshot } from './chats';
export {
  BLOG_SLUG_PATTERN,
  blogSlug,
  CONTENT_IMAGE_PATTERN,
  contentImagePath,
  investmentDetails,
  investmentStatistics,
  locationSettings,
  MESSENGERS,
  POST_KINDS,
  postCategoryDetails,
  postDetails,
  siteContacts,
  slideDetails,
  SOCIALS,
  transactionDeal,
  type InvestmentDetails,
  type InvestmentStatistics,
  type LocationSettings,
  type PostCategoryDetails,
  type PostDetails,
  type SiteContacts,
  type SlideDetails,
  type TransactionDeal,
} from './content';
export {
  houseSelection,
  LEAD_KINDS,
  LEAD_STATUSES,
  LEAD_TEXT_LIMIT,
  LEAD_ANSWER_LIMIT,
  leadKind,
  valuation,
  type HouseSelection,
  type LeadKind,
  type LeadStatus,
  type Valuation,
} from './leads';
export { PHOTO_SIZES, photoId, photoPath, photoVariant, type PhotoSize, type PhotoVariant } from './media';
export { agencyDetails, LEGAL_ENTITIES, legalEntity, type AgencyDetails } from './agencies';
export {
  CODE_PURPOSES,
  codePurpose,
  notificationSettings,
  type CodePurpose,
  type NotificationSettings,
} from './identity';
export * from './savedSearches';
