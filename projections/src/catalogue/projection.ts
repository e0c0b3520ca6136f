import { calendarEvents } from '@estate/events/catalogue/bookings';
import { mediaEvents } from '@estate/events/catalogue/media';
import type { PublicationDetails } from '@estate/events';
import { PUBLICATION_STATUS } from '@estate/events';
import { defineProjection, eventTypesOf, ignoreAlreadyApplied } from '../projection';
import type { ReadStore } from '../readStore/port';
import {
  CATALOGUE,
  CATALOGUE_AGENCIES,
  CATALOGUE_COMPLEXES,
  CATALOGUE_PEOPLE,
  type CatalogueAgencyDocument,
  type CatalogueComplexDocument,
  type CatalogueDocument,
  type CataloguePersonDocument,
  CATALOGUE_PHOTOS,
  CATALOGUE_REMOVED,
  type CatalogueRemovedDocument,
  type CataloguePhotoDocument,
  type ListingPhoto,
} from './document';

/** The flat minutes the 'До метро' filter ranges over. */
function metroMinutesOf(stations: PublicationDetails['address']['metro']['stations']) {
  const least = (times: number[]) => (times.length ? Math.min(...times) : null);
  return {
    metroWalkMinutes: least(stations.filter((s) => s.pedestrian_time).map((s) => s.time)),
    metroMinutes: least(stations.map((s) => s.time)),
  };
}

const detailsFields = (d: PublicationDetails) => ({
  dealCategory: d.dealCategory,
  propertyType: d.propertyType,
  title: d.title,
  description: d.description,
  price: d.price,
  locationId: d.address.locationId,
  address: d.address,
  ...metroMinutesOf(d.address.metro.stations),
  lat: d.address.geo?.lat ?? null,
  lon: d.address.geo?.lon ?? null,
  residentialComplexId: d.residentialComplexId ?? null,
  ...d.params,
});

/**
 * A listing's photos with their sizes, from the catalogue's own copy of the photos; each photo notes
 * the listing, so sizes made later reach it. The demo's drawings (no upload) have no sizes.
 */
async function photosOf(
  store: ReadStore,
  d: PublicationDetails,
  publicationId: string,
): Promise<ListingPhoto[]> {
  const paths = d.images.map((image) => image.path);
  if (paths.length === 0) return [];
  const copies = store.collection<CataloguePhotoDocument>(CATALOGUE_PHOTOS);
  const known = new Map((await copies.find({ _id: { $in: paths } })).map((copy) => [copy._id, copy]));
  for (const copy of known.values())
    if (!copy.usedBy.includes(publicationId))
      await copies.updateOne({ _id: copy._id }, { $set: { usedBy: [...copy.usedBy, publicationId] } });
  return paths.map((path) => ({ path, variants: known.get(path)?.variants ?? null }));
}

/** The handover year of a listing's residential complex, from the catalogue's own copy of the complexes. */
async function deadlineYearOf(store: ReadStore, d: PublicationDetails): Promise<number | null> {
  if (!d.residentialComplexId) return null;
  const complex = await store
    .collection<CatalogueComplexDocument>(CATALOGUE_COMPLEXES)
    .findOne({ _id: d.residentialComplexId });
  return complex?.deadlineYear ?? null;
}

/** Whom a listing shows beside itself: its author and its agency, each kept in a copy of the catalogue's own. */
const FOLLOWED = {
  author: { copies: CATALOGUE_PEOPLE, owner: 'authorId' },
  agency: { copies: CATALOGUE_AGENCIES, owner: 'agencyId' },
} as const;

/**
 * A change of the author (or the agency) the listings show: their listings first, then the
 * catalogue's copy, so a crash between the two repeats both and never leaves listings behind the
 * copy. An event at or below the copy's revision was applied already.
 */
async function follow(
  store: ReadStore,
  shown: keyof typeof FOLLOWED,
  id: string,
  revision: number,
  fields: Partial<Pick<CataloguePersonDocument, 'name' | 'phone' | 'avatar'>>,
) {
  const { copies, owner } = FOLLOWED[shown];
  const copy = store.collection<CataloguePersonDocument | CatalogueAgencyDocument>(copies);
  const known = await copy.findOne({ _id: id });
  if (!known || known.revision >= revision) return;
  const listingFields = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [`${shown}.${key}`, value]),
  );
  await store.collection<CatalogueDocument>(CATALOGUE).updateMany({ [owner]: id }, { $set: listingFields });
  await copy.updateOne({ _id: id, revision: { $lt: revision } }, { $set: { ...fields, revision } });
}

/**
 * The catalogue: one document per publication, in every status (the public search filters on
 * status 1, the cabinet reads the rest). Indexes put equality fields first and the sorted key last.
 * It keeps its own copies of the authors and agencies its listings show, and follows their changes.
 */
export const catalogueProjection = defineProjection({
  name: 'catalogue',
  // 7: its own copies of authors and agencies (name, phone, avatar), followed on every change
  // 8: the photos' sizes on each listing, from its own copy of the uploaded photos
  // 9: the ids of deleted listings (catalogue_removed), for the site's 410
  version: 9,
  collections: {
    [CATALOGUE]: [
      { key: { status: 1, dealCategory: 1, lat: 1 } },
      { key: { status: 1, residentialComplexId: 1, publishedAt: -1 } },
      // the top places: the promoted few of a deal by position type, newest first (a city's are picked out of
      // them on the way; one bucket a type, where a city with its districts would name dozens)
      { key: { status: 1, dealCategory: 1, 'promotion.positionType': 1, publishedAt: -1 } },
      { key: { status: 1, dealCategory: 1, price: 1 } },
      { key: { status: 1, dealCategory: 1, publishedAt: -1 } },
      { key: { status: 1, dealCategory: 1, locationId: 1, price: 1 } },
      { key: { status: 1, dealCategory: 1, locationId: 1, publishedAt: -1 } },
      { key: { agencyId: 1, status: 1, updatedAt: -1 } },
      { key: { authorId: 1, status: 1, updatedAt: -1 } },
    ],
    [CATALOGUE_COMPLEXES]: [],
    [CATALOGUE_PEOPLE]: [],
    [CATALOGUE_AGENCIES]: [],
    [CATALOGUE_PHOTOS]: [{ key: { agencyId: 1, photoId: 1 } }],
    [CATALOGUE_REMOVED]: [],
  },
  handles: [
    'PublicationCreated',
    'PublicationEdited',
    'PublicationPriceChanged',
    'PublicationPublished',
    'PublicationArchived',
    'PublicationMovedToDraft',
    'PublicationDeactivated',
    'PublicationDeclined',
    'PublicationRestored',
    'PublicationDeleted',
    'PublicationPromoted',
    'PublicationPromotionEnded',
    ...eventTypesOf(calendarEvents),
    'ResidentialComplexRegistered',
    'ResidentialComplexUpdated',
    'UserRegistered',
    'UserNameChanged',
    'UserPhoneChanged',
    'UserAvatarChanged',
    'AgencyRegistered',
    'AgencyProfileChanged',
    'AgencyAvatarChanged',
    ...eventTypesOf(mediaEvents),
  ],
  async apply(event, store) {
    const catalogue = store.collection<CatalogueDocument>(CATALOGUE);
    const guard = { _id: event.streamId.slice('publication-'.length), revision: { $lt: event.revision } };
    const setStatus = async (status: number, fields: Partial<CatalogueDocument>) => {
      await catalogue.updateOne(guard, {
        $set: { status, ...fields, updatedAt: event.occurredAt, revision: event.revision },
      });
    };
    switch (event.type) {
      case 'PublicationCreated': {
        const { data } = event;
        const author = await store
          .collection<CataloguePersonDocument>(CATALOGUE_PEOPLE)
          .findOne({ _id: data.authorId });
        const agency = data.agencyId
          ? await store
              .collection<CatalogueAgencyDocument>(CATALOGUE_AGENCIES)
              .findOne({ _id: data.agencyId })
          : null;
        const document: CatalogueDocument = {
          _id: data.publicationId,
          revision: event.revision,
          status: PUBLICATION_STATUS.DRAFT,
          agencyId: data.agencyId,
          authorId: data.authorId,
          ...detailsFields(data.details),
          images: await photosOf(store, data.details, data.publicationId),
          deadlineYear: await deadlineYearOf(store, data.details),
          actualPrice: null,
          declineReason: null,
          promotion: null,
          priceHistory: [],
          busyRanges: [],
          author: {
            id: data.authorId,
            name: author?.name ?? '',
            phone: author?.phone ?? '',
            avatar: author?.avatar ?? null,
          },
          agency: agency ? { id: agency._id, name: agency.name, avatar: agency.avatar } : null,
          createdAt: event.occurredAt,
          updatedAt: event.occurredAt,
          publishedAt: null,
        };
        await ignoreAlreadyApplied(() => catalogue.insertOne(document));
        return;
      }
      case 'PublicationEdited': {
        const { data } = event;
        await catalogue.updateOne(guard, {
          $set: {
            ...detailsFields(data.details),
            images: await photosOf(store, data.details, data.publicationId),
            deadlineYear: await deadlineYearOf(store, data.details),
            revision: event.revision,
            updatedAt: event.occurredAt,
          },
        });
        return;
      }
      case 'PublicationPriceChanged': {
        const { data } = event;
        // a draft's price moves are not history: the history starts when the listing is first published
        const doc = await catalogue.findOne({ _id: data.publicationId }, { projection: { publishedAt: 1 } });
        await catalogue.updateOne(guard, {
          $set: { actualPrice: data.oldPrice, price: data.newPrice, revision: event.revision },
          ...(doc?.publishedAt
            ? { $push: { priceHistory: { createdAt: event.occurredAt, price: data.newPrice } } }
            : {}),
        });
        return;
      }
      case 'PublicationPublished': {
        const { data } = event;
        const publishedAt = data.publishedAt ?? event.occurredAt;
        const doc = await catalogue.findOne(
          { _id: data.publicationId },
          { projection: { priceHistory: 1, price: 1 } },
        );
        // the history starts at the first publication's price
        const start =
          doc && doc.priceHistory.length === 0
            ? { priceHistory: [{ createdAt: publishedAt, price: doc.price }] }
            : {};
        await catalogue.updateOne(guard, {
          $set: {
            status: PUBLICATION_STATUS.PUBLISHED,
            publishedAt,
            updatedAt: publishedAt,
            declineReason: null,
            revision: event.revision,
            ...start,
          },
        });
        return;
      }
      case 'PublicationArchived':
        return setStatus(PUBLICATION_STATUS.ARCHIVED, { promotion: null });
      case 'PublicationMovedToDraft':
        return setStatus(PUBLICATION_STATUS.DRAFT, { promotion: null, declineReason: null });
      case 'PublicationDeactivated':
        return setStatus(PUBLICATION_STATUS.PUBLISHED_NOT_ACTIVE, { promotion: null });
      case 'PublicationDeclined':
        return setStatus(PUBLICATION_STATUS.DECLINED, {
          promotion: null,
          declineReason: event.data.reason,
        });
      // a moderator undid the decline: the status it had before, and no reason any more
      case 'PublicationRestored':
        return setStatus(event.data.status, { declineReason: null });
      case 'PublicationDeleted': {
        const removed = await catalogue.findOne({ _id: event.data.publicationId });
        await catalogue.deleteOne({ _id: event.data.publicationId });
        if (removed)
          await store
            .collection<CatalogueRemovedDocument>(CATALOGUE_REMOVED)
            .replaceOne(
              { _id: removed._id },
              { _id: removed._id, dealCategory: removed.dealCategory, removedAt: event.occurredAt },
              { upsert: true },
            );
        return;
      }
      case 'PublicationPromoted': {
        const { positionType, until, tariffId } = event.data;
        await catalogue.updateOne(guard, {
          $set: { promotion: { positionType, until, tariffId }, revision: event.revision },
        });
        return;
      }
      // the calendar's nights, kept on the listing so the daily-rent search can skip busy ones
      case 'DatesReserved':
      case 'DatesBlocked': {
        const { publicationId, entryId, startDate, endDate } = event.data;
        await catalogue.updateOne(
          { _id: publicationId, 'busyRanges.entryId': { $ne: entryId } },
          { $push: { busyRanges: { entryId, start: startDate, end: endDate } } },
        );
        return;
      }
      case 'CalendarEntryReleased': {
        const { publicationId, entryId } = event.data;
        const doc = await catalogue.findOne({ _id: publicationId }, { projection: { busyRanges: 1 } });
        if (doc)
          await catalogue.updateOne(
            { _id: publicationId },
            { $set: { busyRanges: doc.busyRanges.filter((r) => r.entryId !== entryId) } },
          );
        return;
      }
      case 'CalendarFeedImported': {
        // an iCal import: one write of the listing's busy nights, however many ranges changed
        const { publicationId, released, blocked } = event.data;
        const doc = await catalogue.findOne({ _id: publicationId }, { projection: { busyRanges: 1 } });
        if (!doc) return;
        const gone = new Set([...released, ...blocked.map((b) => b.entryId)]);
        const busyRanges = [
          ...doc.busyRanges.filter((r) => r.entryId === undefined || !gone.has(r.entryId)),
          ...blocked.map((b) => ({ entryId: b.entryId, start: b.startDate, end: b.endDate })),
        ];
        await catalogue.updateOne({ _id: publicationId }, { $set: { busyRanges } });
        return;
      }
      // a complex's handover year, kept on the complex's listings for the new-builds deadline filter
      case 'ResidentialComplexRegistered':
      case 'ResidentialComplexUpdated': {
        const { complexId, details } = event.data;
        const complexes = store.collection<CatalogueComplexDocument>(CATALOGUE_COMPLEXES);
        const known = await complexes.findOne({ _id: complexId });
        if (known && known.revision >= event.revision) return; // applied already, or older than what is
        // the listings first: a crash before the copy is written repeats both, never skips the listings
        if (known?.deadlineYear !== details.deadline.year)
          await catalogue.updateMany(
            { residentialComplexId: complexId },
            { $set: { deadlineYear: details.deadline.year } },
          );
        await complexes.replaceOne(
          { _id: complexId },
          { _id: complexId, revision: event.revision, deadlineYear: details.deadline.year },
          { upsert: true },
        );
        return;
      }
      case 'PublicationPromotionEnded':
        await catalogue.updateOne(guard, { $set: { promotion: null, revision: event.revision } });
        return;
      case 'UserRegistered': {
        const { userId, name, phone } = event.data;
        await ignoreAlreadyApplied(() =>
          store
            .collection<CataloguePersonDocument>(CATALOGUE_PEOPLE)
            .insertOne({ _id: userId, revision: event.revision, name, phone, avatar: null }),
        );
        return;
      }
      case 'UserNameChanged':
        return follow(store, 'author', event.data.userId, event.revision, { name: event.data.name });
      case 'UserPhoneChanged':
        return follow(store, 'author', event.data.userId, event.revision, { phone: event.data.newPhone });
      case 'UserAvatarChanged':
        return follow(store, 'author', event.data.userId, event.revision, { avatar: event.data.avatar });
      case 'AgencyRegistered': {
        const { agencyId, name } = event.data;
        await ignoreAlreadyApplied(() =>
          store
            .collection<CatalogueAgencyDocument>(CATALOGUE_AGENCIES)
            .insertOne({ _id: agencyId, revision: event.revision, name, avatar: null }),
        );
        return;
      }
      case 'AgencyProfileChanged':
        return follow(store, 'agency', event.data.agencyId, event.revision, {
          name: event.data.details.name,
        });
      case 'AgencyAvatarChanged':
        return follow(store, 'agency', event.data.agencyId, event.revision, { avatar: event.data.avatar });
      case 'PhotoUploaded': {
        const { path, agencyId, photoId } = event.data;
        await ignoreAlreadyApplied(() =>
          store.collection<CataloguePhotoDocument>(CATALOGUE_PHOTOS).insertOne({
            _id: path,
            revision: event.revision,
            agencyId,
            photoId,
            variants: null,
            usedBy: [],
          }),
        );
        return;
      }
      case 'PhotoVariantsMade': {
        const { agencyId, photoId, variants } = event.data;
        const copies = store.collection<CataloguePhotoDocument>(CATALOGUE_PHOTOS);
        const copy = await copies.findOne({ agencyId, photoId });
        if (!copy || copy.revision >= event.revision) return;
        // the listings first: a crash before the copy is written repeats both
        for (const id of copy.usedBy) {
          const doc = await catalogue.findOne({ _id: id }, { projection: { images: 1 } });
          if (!doc?.images.some((image) => image.path === copy._id)) continue;
          const images = doc.images.map((image) =>
            image.path === copy._id ? { ...image, variants } : image,
          );
          await catalogue.updateOne({ _id: id }, { $set: { images } });
        }
        await copies.updateOne(
          { _id: copy._id, revision: { $lt: event.revision } },
          { $set: { variants, revision: event.revision } },
        );
        return;
      }
    }
  },
});
