import type { z } from 'zod';
import type * as bookings from './bookings/dto';
import type * as identity from './identity/dto';
import type * as locations from './locations/dto';

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

// bookings: daily-rent requests and the listings' calendars
export type BookingDto = bookings.BookingDto;
export type BookingDetailDto = bookings.BookingDetailDto;
export type BookingSentDto = Data<typeof bookings.bookingSentAnswer>;
export type BookingListAnswer = z.infer<typeof bookings.bookingListAnswer>;
export type BookingCountsDto = Data<typeof bookings.bookingCountsAnswer>;
export type FreeDatesDto = Data<typeof bookings.freeDatesAnswer>;
export type CalendarEntryDto = bookings.CalendarEntryDto;
export type CalendarImportDto = Data<typeof bookings.calendarImportAnswer>;
