import type { DealCategory, PublicationParams, PublicationStatus } from '@estate/events';

export const CATALOGUE = 'catalogue';

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
  images: { path: string }[];
  author: Person;
  agency: AgencyRef | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
} & PublicationParams;
