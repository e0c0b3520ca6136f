import type { ResidentialComplexDetails } from '@estate/events/catalogue/newBuildings';

export const RESIDENTIAL_COMPLEXES = 'residential_complexes';

/** One residential complex as the new-builds pages and filters read it; filter fields are kept flat. */
export type ResidentialComplexDocument = Omit<ResidentialComplexDetails, 'address'> & {
  _id: string;
  /** revision of the complex's stream last applied: the idempotency guard */
  revision: number;
  locationId: string;
  locationName: string;
  address: { fullAddress: string; geo: { lat: number; lon: number } };
  deadlineYear: number;
  createdAt: string;
  updatedAt: string;
};

export function toResidentialComplexFields({ address, ...details }: ResidentialComplexDetails) {
  return {
    ...details,
    locationId: address.locationId,
    locationName: address.locationName,
    address: { fullAddress: address.fullAddress, geo: address.geo },
    deadlineYear: details.deadline.year,
  };
}
