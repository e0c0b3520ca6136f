import type { AgencyDetails } from '@estate/events';

/** An agency's details as the specifications give them: «Новый дом», a company with an INN; `fields` replace any. */
export const agencyDetails = (fields: Partial<AgencyDetails> = {}): AgencyDetails => ({
  name: 'Новый дом',
  legalEntity: 1,
  inn: '7701234567',
  kpp: null,
  accountNumber: null,
  siteLink: null,
  email: 'a@b.ru',
  description: null,
  ...fields,
});
