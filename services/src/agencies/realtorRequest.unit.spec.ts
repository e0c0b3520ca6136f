import { deciderSpec } from '../core/deciderSpec';
import { type Actor } from '../core/access';
import { realtorRequestDecider, type RealtorRequestEvent } from './realtorRequest';
import { agencyDetails } from './testing';

const details = agencyDetails();
const moderator: Actor = { userId: 'm', role: 99, agencyId: null };
const owner: Actor = { userId: 'o', role: 2, agencyId: 'ag' };

const realtor = deciderSpec(realtorRequestDecider);
const submitted: RealtorRequestEvent = {
  type: 'RealtorRequestSubmitted',
  data: { userId: 'u', contactName: 'Пётр', details },
};
const approved: RealtorRequestEvent = {
  type: 'RealtorRequestApproved',
  data: { userId: 'u', moderatorId: 'm' },
};
const rejected: RealtorRequestEvent = {
  type: 'RealtorRequestRejected',
  data: { userId: 'u', moderatorId: 'm', reason: 'Нет сайта' },
};
const submit = { type: 'SubmitRealtorRequest' as const, userId: 'u', contactName: 'Пётр', details };

describe('a realtor request', () => {
  it('is sent when there is none, under review, or rejected; never once approved', () => {
    realtor([]).when(submit).then([submitted]);
    realtor([submitted]).when(submit).then([submitted]);
    realtor([submitted, rejected]).when(submit).then([submitted]);
    realtor([submitted, approved]).when(submit).thenThrows('ACTION_NOT_ALLOWED');
  });
  it('is decided by a moderator while under review', () => {
    realtor([submitted])
      .when({ type: 'ApproveRealtorRequest', actor: moderator, userId: 'u' })
      .then([approved]);
    realtor([submitted])
      .when({ type: 'RejectRealtorRequest', actor: moderator, userId: 'u', reason: 'Нет сайта' })
      .then([rejected]);
    realtor([submitted])
      .when({ type: 'ApproveRealtorRequest', actor: owner, userId: 'u' })
      .thenThrows('FORBIDDEN');
    realtor([])
      .when({ type: 'ApproveRealtorRequest', actor: moderator, userId: 'u' })
      .thenThrows('ACTION_NOT_ALLOWED');
    realtor([submitted, rejected])
      .when({ type: 'RejectRealtorRequest', actor: moderator, userId: 'u', reason: 'x' })
      .thenThrows('ACTION_NOT_ALLOWED');
  });
  it('is confirmed once, after approval only; withdrawn unless confirmed', () => {
    realtor([submitted])
      .when({ type: 'ConfirmRealtorRequest', userId: 'u', agencyId: 'ag' })
      .thenThrows('ACTION_NOT_ALLOWED');
    const confirmed: RealtorRequestEvent = {
      type: 'RealtorRequestConfirmed',
      data: { userId: 'u', agencyId: 'ag' },
    };
    realtor([submitted, approved])
      .when({ type: 'ConfirmRealtorRequest', userId: 'u', agencyId: 'ag' })
      .then([confirmed]);
    realtor([submitted, approved, confirmed])
      .when({ type: 'ConfirmRealtorRequest', userId: 'u', agencyId: 'ag' })
      .then([]);
    realtor([submitted])
      .when({ type: 'WithdrawRealtorRequest', userId: 'u' })
      .then([{ type: 'RealtorRequestWithdrawn', data: { userId: 'u' } }]);
    realtor([]).when({ type: 'WithdrawRealtorRequest', userId: 'u' }).then([]);
    realtor([submitted, approved, confirmed])
      .when({ type: 'WithdrawRealtorRequest', userId: 'u' })
      .thenThrows('ACTION_NOT_ALLOWED');
  });
});
