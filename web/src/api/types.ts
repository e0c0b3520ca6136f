export type DealCategory = 'sale' | 'rent' | 'dailyRent';

export type Publication = {
  id: string;
  status: number;
  dealCategory: DealCategory;
  propertyType: number;
  propertyTypeName: string;
  title: string;
  description: string;
  price: number;
  actualPrice: number | null;
  pricePerDay: number | null;
  deposit: number | null;
  clientFee: number | null;
  roomCount: number | null;
  totalArea: number | null;
  livingArea: number | null;
  kitchenArea: number | null;
  floor: number | null;
  floorsCount: number | null;
  buildYear: number | null;
  guestsCount: number | null;
  images: { path: string }[];
  address: {
    locationId: string;
    locationName: string;
    fullAddress: string;
    geo: { lat: number; lon: number } | null;
    metro: { stations: { name: string; time: number; pedestrian_time: boolean }[] };
  };
  /** select and yes/no characteristics also carry the chosen option's name */
  characteristics: {
    characteristicField: string;
    characteristicFieldName: string;
    value: string | number;
    characteristicSelectValue?: string | null;
  }[];
  /** the phone is not here: the reveal call answers it (PhoneButton) */
  author: { id: string; name: string; avatar: string | null };
  agency: { id: string; name: string; avatar: string | null } | null;
  isTop: boolean;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
};

export type { PageMeta } from '@estate/client';

export type SearchRequest = {
  dealCategory: DealCategory;
  limit: number;
  offset: number;
  sortByPrice?: 'ASC' | 'DESC';
  sortByDate?: 'ASC' | 'DESC';
  price?: [{ min: number | null; max: number | null }];
  roomCount?: number[];
  dates?: [string, string];
  adultCount?: number;
};
