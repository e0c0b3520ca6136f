import { deciderSpec } from '../core/deciderSpec';
import { type Actor } from '../core/access';
import { agencyDecider, type AgencyEvent } from './agency';
import { agencyDetails } from './testing';

const details = agencyDetails();
const moderator: Actor = { userId: 'm', role: 99, agencyId: null };
const owner: Actor = { userId: 'o', role: 2, agencyId: 'ag' };
const agent: Actor = { userId: 'a', role: 1, agencyId: 'ag' };

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
  it('records a profile only when it changes', () => {
    const profile = { details, canViewInCatalog: true, specializations: ['Новостройки'] };
    const changed: AgencyEvent = { type: 'AgencyProfileChanged', data: { agencyId: 'ag', ...profile } };
    agency([registered])
      .when({ type: 'ChangeProfile', actor: owner, ...profile })
      .then([changed]);
    agency([registered, changed])
      .when({ type: 'ChangeProfile', actor: owner, ...profile, details: { ...details } })
      .then([]);
    agency([registered, changed])
      .when({ type: 'ChangeProfile', actor: owner, ...profile, details: { ...details, kpp: '770101001' } })
      .then([
        {
          type: 'AgencyProfileChanged',
          data: { agencyId: 'ag', ...profile, details: { ...details, kpp: '770101001' } },
        },
      ]);
    agency([registered, changed])
      .when({ type: 'ChangeProfile', actor: owner, ...profile, canViewInCatalog: false })
      .then([
        { type: 'AgencyProfileChanged', data: { agencyId: 'ag', ...profile, canViewInCatalog: false } },
      ]);
    agency([registered, changed])
      .when({ type: 'ChangeProfile', actor: owner, ...profile, specializations: [] })
      .then([{ type: 'AgencyProfileChanged', data: { agencyId: 'ag', ...profile, specializations: [] } }]);
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
