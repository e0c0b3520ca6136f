import type { z } from 'zod';
import type * as agencies from './agencies/dto';
import type * as bookings from './bookings/dto';
import type * as chats from './chats/dto';
import type * as content from './content/dto';
import type * as identity from './identity/dto';
import type * as locations from './locations/dto';
import type * as publications from './publications/dto';
import type * as statistics from './statistics/dto';
import type * as funnel from './funnel/dto';
import type * as money from './money/dto';
import type * as newBuildings from './newBuildings/dto';
import type * as geo from './geo/dto';
import type * as media from './media/dto';
import type * as leads from './leads/dto';
import type * as complaints from './complaints/dto';
import type * as moderation from './moderation/dto';
import type * as history from './history/dto';
import type * as audit from './audit/dto';
import type * as savedSearches from './savedSearches/dto';
import type * as categories from './categories/dto';

/**
 * The answers of the API as the front ends see them: types inferred from the zod schemas each slice
 * declares its routes' answers with (`<slice>/dto.ts`, pure zod), so the site's and the cabinet's
 * types cannot drift from what the server answers. Type-only: nothing of the server reaches a
 * browser bundle (`@estate/client` re-exports these). Add a slice here when its dto.ts lands.
 */
type Data<Answer extends z.ZodType> = z.infer<Answer> extends { data: infer D } ? D : never;

// identity: sign-in, sign-up, the profile
export type ProfileDto = identity.ProfileDto;
export type NotificationSettingsDto = identity.NotificationSettingsDto;
export type ClientConfigDto = Data<typeof identity.clientConfigAnswer>;
export type CodeSentDto = Data<typeof identity.codeSentAnswer>;
export type SessionDto = Data<typeof identity.sessionAnswer>;
export type PhoneChangedDto = Data<typeof identity.phoneChangedAnswer>;
export type EmailChangedDto = Data<typeof identity.emailChangedAnswer>;
export type TrustTokenDto = Data<typeof identity.trustTokenAnswer>;
export type AvatarDto = Data<typeof identity.avatarAnswer>;
export type SettingsDto = Data<typeof identity.settingsAnswer>;
export type SuccessDto = Data<typeof identity.successAnswer>;

// locations: the tree of places
export type LocationDto = locations.LocationDto;
export type PlaceDto = locations.PlaceDto;
export type LocationListAnswer = z.infer<typeof locations.locationListAnswer>;
export type LocationDetailsDto = Data<typeof locations.locationAnswer>;
export type LocationSettingsDto = Data<typeof locations.locationSettingsAnswer>;
export type LocationByIpAnswer = z.infer<typeof locations.locationByIpAnswer>;
export type PlaceSuggestionDto = locations.PlaceSuggestionDto;

// agencies: the realtor request, its confirmation, the agency's profile and employees
export type RealtorRequestDto = agencies.RealtorRequestDto;
export type RealtorRequestQueueDto = Data<typeof agencies.moderationQueueAnswer>;
export type ConfirmedAgencyDto = Data<typeof agencies.confirmedAnswer>;
export type AgencyDto = agencies.AgencyDto;
export type EmployeeDto = agencies.EmployeeDto;
export type AddedEmployeeDto = Data<typeof agencies.employeeAddedAnswer>;

// statistics: a listing's views, the agency dashboard
export type ViewsDiagramDto = Data<typeof statistics.viewsDiagramAnswer>;
export type StatisticsTotalsDto = Data<typeof statistics.statisticsTotalsAnswer>;
export type StatisticsDiagramDto = Data<typeof statistics.statisticsDiagramAnswer>;
// funnel: a listing's and an agency's exact funnel (issue 19)
export type FunnelDto = funnel.FunnelDto;
export type FunnelPartDto = funnel.FunnelPartDto;

// publications: the search, one listing, the agency's list
export type PublicationDto = publications.PublicationDto;
export type AgencyPublicationDto = publications.AgencyPublicationDto;
export type PublicationPageAnswer = z.infer<typeof publications.publicationPageAnswer>;
export type PriceHistoryDto = Data<typeof publications.priceHistoryAnswer>;
export type SearchMapDto = Data<typeof publications.mapAnswer>;

// addresses, metro and photos (issue 16)
export type AddressSuggestionDto = Data<typeof geo.addressSuggestionsAnswer>[number];
export type CoordinatesDto = Data<typeof geo.coordinatesAnswer>;
export type MetroStationDto = Data<typeof geo.nearestStationsAnswer>[number];
export type UploadedPhotoDto = Data<typeof media.uploadAnswer>[number];
export type PhotoSizesDto = Data<typeof media.photoSizesAnswer>[number];
export type BulkOutcomeDto = z.infer<typeof publications.bulkOutcomeDto>;
// money: the wallet, payments, promotion tariffs, the premium subscription
export type PublicationTariffDto = money.PublicationTariffDto;
export type AdTariffDto = publications.AdTariffDto;
export type TariffPaymentDto = money.TariffPaymentDto;
export type PremiumTariffDto = money.PremiumTariffDto;
export type WalletOperationDto = money.WalletOperationDto;
export type InvoiceDto = money.InvoiceDto;
export type BalanceDto = Data<typeof money.balanceAnswer>;
export type PaymentStartedDto = Data<typeof money.topUpStartedAnswer>;
export type InvoiceRequestedDto = Data<typeof money.invoiceAnswer>;
export type TariffOfPublicationDto = Data<typeof money.tariffsOfPublicationAnswer>[number];
export type PremiumTariffsAnswer = z.infer<typeof money.premiumTariffsAnswer>;
export type TariffPaidAnswer = z.infer<typeof money.tariffPaidAnswer>;
// bookings: daily-rent requests and the listings' calendars
export type BookingDto = bookings.BookingDto;
export type BookingDetailDto = bookings.BookingDetailDto;
export type BookingSentDto = Data<typeof bookings.bookingSentAnswer>;
export type BookingListAnswer = z.infer<typeof bookings.bookingListAnswer>;
export type BookingCountsDto = Data<typeof bookings.bookingCountsAnswer>;
export type FreeDatesDto = Data<typeof bookings.freeDatesAnswer>;
export type CalendarEntryDto = bookings.CalendarEntryDto;
export type CalendarImportDto = Data<typeof bookings.calendarImportAnswer>;

// new builds: the residential complexes a listing may stand in
export type ResidentialComplexDto = z.infer<typeof newBuildings.residentialComplexDto>;
export type ResidentialComplexListItemDto = newBuildings.ResidentialComplexListItemDto;
export type ComplexFiltersDto = Data<typeof newBuildings.complexFiltersAnswer>;

// categories: a deal's property types and filter characteristics
export type DealCategoriesDto = Data<typeof categories.dealCategoriesAnswer>;
export type CharacteristicDto = categories.CharacteristicDto;
export type ComplexCityDto = z.infer<typeof newBuildings.complexCityDto>;

// chats: the lists, the messages and what the live socket pushes
export type ChatListItemDto = chats.ChatListItemDto;
export type ChatMessageDto = chats.ChatMessageDto;
export type ChatListAnswer = z.infer<typeof chats.chatListAnswer>;
export type ChatMessagesAnswer = z.infer<typeof chats.chatMessagesAnswer>;
export type MessageSentDto = Data<typeof chats.messageSentAnswer>;

// leads and complaints (issue 17): the request forms, the complaint, the moderators' queues
export type LeadSentDto = Data<typeof leads.leadSentAnswer>;
export type LeadDto = leads.LeadDto;
export type LeadKindDto = leads.LeadDto['kind'];
export type LeadDetailDto = leads.LeadDetailDto;
export type ComplaintFiledDto = Data<typeof complaints.complaintFiledAnswer>;
export type ComplaintDto = complaints.ComplaintDto;
export type ComplaintDetailDto = complaints.ComplaintDetailDto;
export type ComplainedPublicationDto = complaints.ComplainedPublicationDto;
// the moderation queue of listings and the moderation history (issue 17, item 4)
export type ModerationListingDto = moderation.ModerationListingDto;
export type ModerationListingDetailDto = moderation.ModerationListingDetailDto;
export type ModerationStepDto = moderation.ModerationStepDto;

// content (issue 17): the blog, slides, investments, the site's settings and their moderators' records
export type PostCategoryDto = content.PostCategoryDto;
export type PostListItemDto = content.PostListItemDto;
export type PostDto = content.PostDto;
export type PostListAnswer = z.infer<typeof content.postListAnswer>;
export type CategoryPostsAnswer = z.infer<typeof content.categoryPostsAnswer>;
export type SlideDto = content.SlideDto;
export type SlideListAnswer = z.infer<typeof content.slideListAnswer>;
export type InvestmentDto = content.InvestmentDto;
export type InvestmentListAnswer = z.infer<typeof content.investmentListAnswer>;
export type InvestmentStatisticsDto = Data<typeof content.investmentStatisticsAnswer>;
export type SiteSettingsDto = content.SiteSettingsDto;
export type TransactionDealDto = Data<typeof content.transactionDealAnswer>;
export type ContentImageDto = Data<typeof content.contentImageAnswer>;
export type CabinetPostDto = content.CabinetPostDto;
export type CabinetCategoryDto = content.CabinetCategoryDto;
export type CabinetSlideDto = content.CabinetSlideDto;
export type CabinetInvestmentDto = content.CabinetInvestmentDto;
export type CabinetContactsDto = z.infer<typeof content.cabinetContactsDto>;
export type CabinetLocationSettingsDto = z.infer<typeof content.cabinetLocationSettingsDto>;
export type CabinetInvestmentStatisticsDto = z.infer<typeof content.cabinetInvestmentStatisticsDto>;
export type CabinetTransactionDealDto = z.infer<typeof content.cabinetTransactionDealDto>;

// a listing's history and the listing as of a moment; the agency audit trail (issue 19, items 2 and 4)
export type ListingHistoryDto = history.ListingHistoryDto;
export type HistoryEntryDto = history.HistoryEntryDto;
export type ListingAsOfDto = history.ListingAsOfDto;
export type AuditEntryDto = audit.AuditEntryDto;

// saved searches with alerts (issue 19)
export type SavedSearchDto = savedSearches.SavedSearchDto;
