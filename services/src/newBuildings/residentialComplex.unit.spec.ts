import { residentialComplexDetails } from '@estate/events/fixtures';
import { deciderSpec } from '../core/deciderSpec';
import { residentialComplexDecider, type ResidentialComplexEvent } from './residentialComplex';

const given = deciderSpec(residentialComplexDecider);
const details = residentialComplexDetails();
const registered: ResidentialComplexEvent = {
  type: 'ResidentialComplexRegistered',
  data: { complexId: 'c1', details },
};

describe('a residential complex', () => {
  it('is registered once', () =>
    given([]).when({ type: 'RegisterResidentialComplex', complexId: 'c1', details }).then([registered]));

  it('changes nothing when the same registration comes again', () =>
    given([registered]).when({ type: 'RegisterResidentialComplex', complexId: 'c1', details }).then([]));

  it('refuses another complex under a taken id', () =>
    given([registered])
      .when({
        type: 'RegisterResidentialComplex',
        complexId: 'c1',
        details: { ...details, name: 'ЖК «Другой»' },
      })
      .thenThrows('ACTION_NOT_ALLOWED'));

  it('records an update that changes something', () => {
    const handedOver = { ...details, stage: 4, deadline: { year: 2025, quarter: 4 } };
    given([registered])
      .when({ type: 'UpdateResidentialComplex', complexId: 'c1', details: handedOver })
      .then([{ type: 'ResidentialComplexUpdated', data: { complexId: 'c1', details: handedOver } }]);
  });

  it('records nothing for an update that changes nothing', () =>
    given([registered]).when({ type: 'UpdateResidentialComplex', complexId: 'c1', details }).then([]));

  it('cannot update a complex that was never registered', () =>
    given([]).when({ type: 'UpdateResidentialComplex', complexId: 'c1', details }).thenThrows('NOT_FOUND'));

  it('decides on the latest description after an update', () => {
    const cheaper = { ...details, priceFrom: 11_900_000 };
    const updated: ResidentialComplexEvent = {
      type: 'ResidentialComplexUpdated',
      data: { complexId: 'c1', details: cheaper },
    };
    given([registered, updated])
      .when({ type: 'UpdateResidentialComplex', complexId: 'c1', details: cheaper })
      .then([]);
    given([registered, updated])
      .when({ type: 'RegisterResidentialComplex', complexId: 'c1', details: cheaper })
      .then([]);
  });
});
