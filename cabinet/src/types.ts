/**
 * The cabinet's records, one name each, as the server answers them: the types come from the
 * server's schemas through @estate/client (services/src/contract.ts), never written out by hand.
 */
import type {
  AddressSuggestionDto,
  CabinetCategoryDto,
  CabinetContactsDto,
  CabinetInvestmentDto,
  CabinetInvestmentStatisticsDto,
  CabinetLocationSettingsDto,
  CabinetPostDto,
  CabinetSlideDto,
  CabinetTransactionDealDto,
  ComplainedPublicationDto,
  ComplaintDto,
  ContentImageDto,
  LeadDetailDto,
  LeadDto,
  ModerationListingDetailDto,
  ModerationListingDto,
  ModerationStepDto,
  RealtorRequestQueueDto,
  AdTariffDto,
  AgencyDto,
  AgencyPublicationDto,
  BalanceDto,
  BookingDto,
  CalendarEntryDto,
  EmployeeDto,
  InvoiceDto,
  MetroStationDto,
  ProfileDto,
  PublicationDto,
  StatisticsDiagramDto,
  StatisticsTotalsDto,
  TariffOfPublicationDto,
  WalletOperationDto,
} from '@estate/client';

/** a listing of the agency's list, with its counters and its running tariff */
export type Publication = AgencyPublicationDto;
export type Characteristic = PublicationDto['characteristics'][number];
/** a listing's photo: the original's path and its sizes once the worker made them (null meanwhile) */
export type ListingPhoto = PublicationDto['images'][number];
/** an address suggestion as DaData gives it (coordinates as strings, or null) */
export type AddressSuggestion = AddressSuggestionDto;
/** a metro station near a point: walking minutes when pedestrian_time, else by transport */
export type MetroStation = MetroStationDto;
/** the running promotion of a listing: position, end of the paid day, the tariff's name and daily price */
export type RunningTariff = AdTariffDto;
/** a tariff a listing may be promoted with, priced by its city and deal */
export type Tariff = TariffOfPublicationDto;
export type Booking = BookingDto;
/** the stays that overlap a period, when one is chosen (the server's default is every date) */
export type Period = { startDate?: string; endDate?: string };
export type CalendarEntry = CalendarEntryDto;
export type Agency = AgencyDto;
export type Employee = EmployeeDto;
/** an invoice the agency asked for a top-up by bank transfer */
export type Invoice = InvoiceDto;
export type Balance = BalanceDto;
/** the balance as the `wallets` resource holds it: one record per agency, its id the agency's */
export type Wallet = BalanceDto & { id: string };
export type WalletOperation = WalletOperationDto;
export type Profile = ProfileDto;
export type StatisticsDiagram = StatisticsDiagramDto;
export type StatisticsTotals = StatisticsTotalsDto;

// the moderators' back-office (issue 17)
/** a request form's lead; its page adds the history (who took it, the notes, who closed it) */
export type Lead = LeadDto;
export type LeadDetail = LeadDetailDto;
export type LeadHistoryEntry = LeadDetailDto['history'][number];
export type Complaint = ComplaintDto;
/** a listing complained about (its id is the listing's), with its open complaints' count */
export type ComplainedPublication = ComplainedPublicationDto;
/** a listing in the moderators' queue (awaiting moderation, or any by status); its page adds the history */
export type ModerationListing = ModerationListingDto;
export type ModerationListingDetail = ModerationListingDetailDto;
/** one step of a listing's or a realtor request's moderation history: who did what and when */
export type ModerationStep = ModerationStepDto;
/** a realtor request under review; react-admin's id is the applicant's user id */
export type RealtorRequest = RealtorRequestQueueDto[number] & { id: string };
export type Post = CabinetPostDto;
export type PostCategory = CabinetCategoryDto;
export type Slide = CabinetSlideDto;
export type Investment = CabinetInvestmentDto;
export type ContentImage = ContentImageDto;
export type ContactsSettings = CabinetContactsDto;
export type LocationSettings = CabinetLocationSettingsDto;
export type InvestmentStatisticsSettings = CabinetInvestmentStatisticsDto;
export type TransactionDealSettings = CabinetTransactionDealDto;
