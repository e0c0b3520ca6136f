import type { BookingStatus } from './booking';

/**
 * Two readings of the spec, both served: the user's set (sent=1, accepted=2, canceled=3,
 * rejected=4) and the booking card's display set (1 awaiting confirmation, 2 awaiting check-in,
 * 3 living, 4 completed, 5 cancelled), which also depends on today's date.
 */
export const USER_STATUS: Record<BookingStatus, 1 | 2 | 3 | 4> = {
  sent: 1,
  accepted: 2,
  canceled: 3,
  rejected: 4,
  completed: 2,
};

export const DISPLAY_STATUS_NAMES: Record<number, string> = {
  1: 'Ожидает подтверждения',
  2: 'Ждут заселения',
  3: 'Проживают',
  4: 'Завершено',
  5: 'Отменено',
};

export function displayStatus(
  status: BookingStatus,
  startDate: string,
  endDate: string,
  today: string,
): 1 | 2 | 3 | 4 | 5 {
  switch (status) {
    case 'sent':
      return 1;
    case 'accepted':
      if (today < startDate) return 2;
      return today < endDate ? 3 : 4;
    case 'completed':
      return 4;
    case 'canceled':
    case 'rejected':
      return 5;
    default: {
      const unknown: never = status;
      return unknown;
    }
  }
}
