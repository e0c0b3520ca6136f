import type { InvestmentDetails } from '@estate/events';
import { deciderSpec } from '../core/deciderSpec';
import { investmentDecider, type InvestmentEvent } from './investment';
import { AT as at, MODERATOR_ID as moderatorId } from './testing';

const given = deciderSpec(investmentDecider);
const details: InvestmentDetails = {
  title: 'Двухкомнатная квартира',
  markerContent: 'В продаже',
  imagePath: '/storage/demo-content/investment-1.svg',
  address: 'Москва, ул. Профсоюзная, 43к2',
  description: '<p>Ремонт закончен</p>',
  marketValue: 13_100_000,
  purchasePrice: 11_200_000,
  realizedPrice: null,
  realizationPeriod: 2,
  annualPercentage: 48,
  arrowDirection: 'up',
  position: 1,
};
const created: InvestmentEvent = {
  type: 'InvestmentCreated',
  data: { investmentId: 'i1', moderatorId, details },
};

describe('an investment object', () => {
  it('is created and published', () =>
    given([])
      .when({ type: 'Create', id: 'i1', moderatorId, details, published: true, at })
      .then([
        created,
        { type: 'InvestmentPublished', data: { investmentId: 'i1', moderatorId, publishedAt: at } },
      ]));

  it('is sold: the sale is recorded with the arrow that the prices tell', () => {
    const sold = { ...details, realizedPrice: 12_900_000, realizationPeriod: 3, markerContent: 'Продана' };
    given([created])
      .when({ type: 'Edit', moderatorId, details: sold, at })
      .then([{ type: 'InvestmentEdited', data: { investmentId: 'i1', moderatorId, details: sold } }]);
    given([created])
      .when({ type: 'Edit', moderatorId, details: { ...sold, arrowDirection: 'down' }, at })
      .thenThrows('INVALID_DATA');
    const loss = { ...details, realizedPrice: 10_000_000, arrowDirection: 'down' as const };
    given([created])
      .when({ type: 'Edit', moderatorId, details: loss, at })
      .then([{ type: 'InvestmentEdited', data: { investmentId: 'i1', moderatorId, details: loss } }]);
  });

  it('is hidden and deleted; a deleted object is not found', () => {
    const deleted: InvestmentEvent = { type: 'InvestmentDeleted', data: { investmentId: 'i1', moderatorId } };
    given([created]).when({ type: 'Hide', moderatorId }).then([]);
    given([created]).when({ type: 'Delete', moderatorId }).then([deleted]);
    given([created, deleted]).when({ type: 'Hide', moderatorId }).thenThrows('NOT_FOUND');
  });
});
