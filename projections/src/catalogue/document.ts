import type {
  DealCategory,
  ParamsAddedInV2,
  PhotoSize,
  PhotoVariant,
  PublicationParams,
  PublicationStatus,
} from '@estate/events';

export const CATALOGUE = 'catalogue';
/** the catalogue's own copy of each residential complex's handover year, so a listing can carry it */
export const CATALOGUE_COMPLEXES = 'catalogue_complexes';
export type CatalogueComplexDocument = { _id: string; revision: number; deadlineYear: number };
/**
 * the catalogue's own copies of the people and agencies its listings show (name, phone, avatar),
 * kept from their streams' events so a listing follows their changes without reading another read model
 */
export const CATALOGUE_PEOPLE = 'catalogue_people';
export type CataloguePersonDocument = {
  _id: string;
  revision: number;
  name: string;
  phone: string;
  avatar: string | null;
};
export const CATALOGUE_AGENCIES = 'catalogue_agencies';
/**
 * the listings deleted for good, remembered by id: the site answers their old addresses 410 Gone
 * (a search engine drops them at once) instead of 404
 */
export const CATALOGUE_REMOVED = 'catalogue_removed';
export type CatalogueRemovedDocument = { _id: string; dealCategory: DealCategory; removedAt: string };
export type CatalogueAgencyDocument = { _id: string; revision: number; name: string; avatar: string | null };

/**
 * the catalogue's own copy of each uploaded photo's sizes (from the `photo-…` streams), so a listing
 * carries them; `usedBy` names the listings that showed it, so sizes made after the listing was
 * saved reach it without a scan of the catalogue
 */
export const CATALOGUE_PHOTOS = 'catalogue_photos';
export type CataloguePhotoDocument = {
  _id: string;
  revision: number;
  agencyId: string;
  photoId: string;
  variants: PhotoSizes | null;
  usedBy: string[];
};
export type PhotoSizes = Record<PhotoSize, PhotoVariant>;
/** a listing's photo: the original's path (what the form names) and its sizes once they are made */
export type ListingPhoto = { path: string; variants: PhotoSizes | null };

export type Person = { id: string; name: string; phone: string; avatar: string | null };
export type AgencyRef = { id: string; name: string; avatar: string | null };

/** One listing as the catalogue, the listing page and the cabinet read it. */
export type CatalogueDocument = {
  _id: string;
  /** revision of the publication stream last applied: the idempotency guard */
  revision: number;
  status: PublicationStatus;
  agencyId: string | null;
  authorId: string;
  dealCategory: DealCategory;
  propertyType: number;
  title: string;
  description: string;
  price: number;
  actualPrice: number | null;
  locationId: string;
  address: {
    locationId: string;
    locationName: string;
    fullAddress: string;
    geo: { lat: number; lon: number } | null;
    metro: { stations: { name: string; time: number; pedestrian_time: boolean }[] };
  };
  images: ListingPhoto[];
  /**
   * minutes to the nearest station on foot (stations within walking distance only), and by any way
   * (a walk's minutes bound the ride's): flat, for the 'До метро' filter; null without a metro nearby
   * (optional in the type only: the search benchmark builds documents by hand)
   */
  metroWalkMinutes?: number | null;
  metroMinutes?: number | null;
  /** the address's point, flat so that a geo search can range over it */
  lat: number | null;
  lon: number | null;
  residentialComplexId: string | null;
  /**
   * a new-build listing: the year its residential complex is handed over, kept current as the
   * complex changes; null outside a complex (optional in the type only: the search benchmark
   * builds documents by hand, every document the projection writes has it)
   */
  deadlineYear?: number | null;
  /** the moderator's reason while declined */
  declineReason: string | null;
  /** while promoted: the tariff's position type (1–3) and the end; top ads are drawn from these */
  promotion: { positionType: 1 | 2 | 3; until: string; tariffId?: string } | null;
  /** the price at publication and after every change, oldest first */
  priceHistory: { createdAt: string; price: number }[];
  /** daily rent: reserved and blocked nights [start, end) as YYYY-MM-DD, kept by the calendar */
  busyRanges: { entryId?: string; start: string; end: string }[];
  author: Person;
  agency: AgencyRef | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  // the characteristics: every document the projection writes has all of them (null: not told); the
  // ones added with events' schema version 2 are optional in the type only because the search
  // benchmark builds documents by hand
} & Omit<PublicationParams, ParamsAddedInV2> &
  Partial<Pick<PublicationParams, ParamsAddedInV2>>;

/** Numeric characteristics (and the price) a search matches by a range or by a list of values. */
export type CatalogueNumberField =
  | 'totalArea'
  | 'livingArea'
  | 'kitchenArea'
  | 'floor'
  | 'floorsCount'
  | 'roomCount'
  | 'buildYear'
  | 'deposit'
  | 'clientFee'
  | 'guestsCount'
  | 'price'
  | 'ceilingHeight'
  | 'bathroomType'
  | 'repairType';
/** Yes/no characteristics a search matches by the answers it accepts. */
export type CatalogueFlagField = 'hasBalcony' | 'hasParking' | 'hasLift' | 'hasFurniture' | 'petsAllowed';
