import { MODERATOR_ROLE, ROLES, type EventData, type EventOf } from '@estate/events';
import { deciderSpec } from '../core/deciderSpec';
import { complaintDecider, type ComplaintCommand, type ComplaintHandler } from './complaint';

/**
 * A complaint (`complaint-<id>`): filed once; dismissed or upheld by a moderator, once; an
 * upholding taken back only by its own resolution.
 */
const given = deciderSpec(complaintDecider);
const complaintId = 'c1';
const publicationId = 'p1';
const anna: ComplaintHandler = { userId: 'mod-anna', name: 'Анна', role: MODERATOR_ROLE };
const user: ComplaintHandler = { userId: 'u1', name: 'Пётр', role: ROLES.USER };

const complaint: EventData<'ComplaintFiled'> = {
  complaintId,
  publicationId,
  listing: { title: '2-комн. квартира', agencyId: 'ag1', authorId: 'agent' },
  phone: '79161234567',
  email: 'visitor@example.ru',
  comment: 'Фотографии не этой квартиры',
  userId: null,
};
const filed: EventOf<'ComplaintFiled'> = { type: 'ComplaintFiled', data: complaint };
const who = { complaintId, publicationId, moderatorId: anna.userId, moderatorName: anna.name };
const dismissed = (reason: string | null = 'Нарушений нет'): EventOf<'ComplaintDismissed'> => ({
  type: 'ComplaintDismissed',
  data: { ...who, reason },
});
const upheld = (resolutionId = 'w1'): EventOf<'ComplaintUpheld'> => ({
  type: 'ComplaintUpheld',
  data: { ...who, reason: 'Фото не соответствуют объекту', resolutionId },
});
const reopened = (resolutionId = 'w1'): EventOf<'ComplaintReopened'> => ({
  type: 'ComplaintReopened',
  data: { ...who, resolutionId },
});
const dismiss = (by = anna): ComplaintCommand => ({
  type: 'DismissComplaint',
  complaintId,
  reason: 'Нарушений нет',
  by,
});
const uphold = (resolutionId = 'w1', onlyIfOpen = false, by = anna): ComplaintCommand => ({
  type: 'UpholdComplaint',
  complaintId,
  reason: 'Фото не соответствуют объекту',
  resolutionId,
  onlyIfOpen,
  by,
});
const reopen = (resolutionId = 'w1'): ComplaintCommand => ({
  type: 'ReopenComplaint',
  complaintId,
  resolutionId,
  by: anna,
});

describe('filing', () => {
  it('records the complaint once', () => {
    given([]).when({ type: 'FileComplaint', complaint }).then([filed]);
    given([filed]).when({ type: 'FileComplaint', complaint }).then([]);
  });
});

describe('dismissing', () => {
  it('records the moderator and the reason, once', () => {
    given([filed]).when(dismiss()).then([dismissed()]);
    given([filed, dismissed()]).when(dismiss()).then([]);
  });

  it('refuses a complaint already upheld, anyone but a moderator, and one that does not exist', () => {
    given([filed, upheld()]).when(dismiss()).thenThrows('ACTION_NOT_ALLOWED');
    given([filed]).when(dismiss(user)).thenThrows('FORBIDDEN');
    given([]).when(dismiss()).thenThrows('NOT_FOUND');
  });
});

describe('upholding (the listing is declined)', () => {
  it('records the resolution once', () => {
    given([filed]).when(uphold()).then([upheld()]);
    given([filed, upheld()]).when(uphold()).then([]);
  });

  it('refuses a complaint already decided, unless it is one of the listing’s others', () => {
    given([filed, dismissed()]).when(uphold()).thenThrows('ACTION_NOT_ALLOWED');
    given([filed, upheld('w0')])
      .when(uphold('w1'))
      .thenThrows('ACTION_NOT_ALLOWED');
    given([filed, dismissed()]).when(uphold('w1', true)).then([]);
    given([filed]).when(uphold('w1', true)).then([upheld()]);
  });

  it('refuses anyone but a moderator', () => {
    given([filed])
      .when(uphold('w1', false, user))
      .thenThrows('FORBIDDEN');
  });
});

describe('reopening (the undo of an upholding)', () => {
  it('takes back only the resolution that upheld it', () => {
    given([filed, upheld()]).when(reopen()).then([reopened()]);
    given([filed, upheld('w0')])
      .when(reopen('w1'))
      .then([]);
    given([filed, upheld(), reopened()]).when(reopen()).then([]);
  });

  it('lets the complaint be upheld again afterwards', () => {
    given([filed, upheld(), reopened()])
      .when(uphold('w2'))
      .then([upheld('w2')]);
  });
});
