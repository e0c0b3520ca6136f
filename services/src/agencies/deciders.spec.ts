import type { AgencyDetails } from '@estate/events';
import { deciderSpec } from '../core/deciderSpec';
import { agencyDecider, type AgencyEvent } from './agency';
import { agencyKeyDecider } from './agencyKey';
import { realtorRequestDecider, type RealtorRequestEvent } from './realtorRequest';
import { type Actor } from '../core/access';

const details: AgencyDetails = {
  name: 'Новый дом',
  legalEntity: 1,
  inn: '7701234567',
  kpp: null,
  accountNumber: null,
  siteLink: null,
  email: 'a@b.ru',
  description: null,
};
const moderator: Actor = { userId: 'm', role: 99, agencyId: null };
const owner: Actor = { userId: 'o', role: 2, agencyId: 'ag' };
const agent: Actor = { userId: 'a', role: 1, agencyId: 'ag' };

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

const agency = deciderSpec(agencyDecider);
const registered: AgencyEvent = {
  type: 'AgencyRegistered',
  data: { agencyId: 'ag', name: 'Новый дом', ownerId: 'o' },
};
const hired: AgencyEvent = { type: 'EmployeeAdded', data: { agencyId: 'ag', userId: 'e' } };

describe('an agency', () => {
  it('is managed by its owner (or a moderator) only', () => {
    agency([registered]).when({ type: 'AddEmployee', actor: owner, userId: 'e' }).then([hired]);
    agency([registered]).when({ type: 'AddEmployee', actor: moderator, userId: 'e' }).then([hired]);
    agency([registered]).when({ type: 'AddEmployee', actor: agent, userId: 'e' }).thenThrows('FORBIDDEN');
    agency([registered])
      .when({ type: 'ChangeProfile', actor: agent, details, canViewInCatalog: true, specializations: [] })
      .thenThrows('FORBIDDEN');
    agency([]).when({ type: 'AddEmployee', actor: owner, userId: 'e' }).thenThrows('NOT_FOUND');
  });
  it('adds, switches, limits and removes an employee, each once', () => {
    agency([registered, hired]).when({ type: 'AddEmployee', actor: owner, userId: 'e' }).then([]);
    agency([registered])
      .when({ type: 'AddEmployee', actor: owner, userId: 'o' })
      .thenThrows('ACTION_NOT_ALLOWED');
    agency([registered, hired])
      .when({ type: 'SetEmployeeActive', actor: owner, userId: 'e', isActive: false })
      .then([{ type: 'EmployeeActivityChanged', data: { agencyId: 'ag', userId: 'e', isActive: false } }]);
    agency([registered, hired])
      .when({ type: 'SetEmployeeActive', actor: owner, userId: 'e', isActive: true })
      .then([]);
    agency([registered, hired])
      .when({ type: 'SetEmployeeLimit', actor: owner, userId: 'e', limit: 500 })
      .then([{ type: 'EmployeeLimitChanged', data: { agencyId: 'ag', userId: 'e', limit: 500 } }]);
    agency([registered])
      .when({ type: 'SetEmployeeLimit', actor: owner, userId: 'e', limit: 500 })
      .thenThrows('NOT_FOUND');
    agency([registered, hired])
      .when({ type: 'RemoveEmployee', actor: owner, userId: 'e' })
      .then([{ type: 'EmployeeRemoved', data: { agencyId: 'ag', userId: 'e' } }]);
    agency([registered]).when({ type: 'RemoveEmployee', actor: owner, userId: 'e' }).then([]);
  });
});

describe('a unique agency name', () => {
  it('is held by the first agency that claims it', () => {
    const claim = (agencyId: string) =>
      ({ type: 'ClaimAgencyKey', kind: 'name', key: 'новый дом', agencyId }) as const;
    deciderSpec(agencyKeyDecider)([])
      .when(claim('a1'))
      .then([{ type: 'AgencyKeyClaimed', data: { key: 'новый дом', agencyId: 'a1' } }]);
    deciderSpec(agencyKeyDecider)([{ type: 'AgencyKeyClaimed', data: { key: 'новый дом', agencyId: 'a1' } }])
      .when(claim('a1'))
      .then([]);
    deciderSpec(agencyKeyDecider)([{ type: 'AgencyKeyClaimed', data: { key: 'новый дом', agencyId: 'a1' } }])
      .when(claim('a2'))
      .thenThrows('INVALID_DATA');
  });
});
