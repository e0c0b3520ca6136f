import { PUBLICATION_STATUS } from '@estate/events';
import { publicationDetails } from '@estate/events/fixtures';
import { deciderSpec } from '../core/deciderSpec';
import { publicationDecider } from './decide';
import type { PublicationEvent } from './publication';
import { agent, moderator, otherAgent, owner, stranger, user } from '../../test/actors';

const given = deciderSpec(publicationDecider);

const details = publicationDetails({
  title: '2-комнатная квартира, 54 м²',
  description: 'Светлая квартира у метро',
  price: 12_500_000,
  address: {
    locationId: 'moscow',
    fullAddress: 'Москва, ул. Профсоюзная, 12',
    geo: { lat: 55.6795, lon: 37.5635 },
  },
  params: {
    roomCount: 2,
    totalArea: 54,
    livingArea: 30,
    kitchenArea: 9,
    floor: 5,
    floorsCount: 12,
    buildYear: 2001,
  },
});

const created: PublicationEvent = {
  type: 'PublicationCreated',
  data: { publicationId: 'p1', agencyId: 'agency-1', authorId: 'agent-1', details },
};
const published: PublicationEvent = { type: 'PublicationPublished', data: { publicationId: 'p1' } };

describe('creating a publication', () => {
  it('records a draft authored by the agent in the agent’s agency', () =>
    given([])
      .when({ type: 'CreatePublication', actor: agent, publicationId: 'p1', details })
      .then([created]));

  it('changes nothing when the same create is retried', () =>
    given([created])
      .when({ type: 'CreatePublication', actor: agent, publicationId: 'p1', details })
      .then([]));

  it('is refused to a plain user', () =>
    given([])
      .when({ type: 'CreatePublication', actor: user, publicationId: 'p1', details })
      .thenThrows('FORBIDDEN'));

  it('is refused to staff without an agency', () =>
    given([])
      .when({ type: 'CreatePublication', actor: { ...agent, agencyId: null }, publicationId: 'p1', details })
      .thenThrows('FORBIDDEN'));
});

describe('publishing', () => {
  it('publishes a draft', () =>
    given([created]).when({ type: 'PublishPublication', actor: agent }).then([published]));

  it('lets the agency owner publish an agent’s draft', () =>
    given([created]).when({ type: 'PublishPublication', actor: owner }).then([published]));

  it('lets a moderator publish', () =>
    given([created]).when({ type: 'PublishPublication', actor: moderator }).then([published]));

  it('is a no-op for a publication already published', () =>
    given([created, published]).when({ type: 'PublishPublication', actor: agent }).then([]));

  it('is refused to another agent of the same agency', () =>
    given([created]).when({ type: 'PublishPublication', actor: otherAgent }).thenThrows('FORBIDDEN'));

  it('is refused to another agency', () =>
    given([created]).when({ type: 'PublishPublication', actor: stranger }).thenThrows('FORBIDDEN'));

  it('is refused for an unknown publication', () =>
    given([]).when({ type: 'PublishPublication', actor: agent }).thenThrows('NOT_FOUND'));

  it('is refused for a free listing with no price', () =>
    given([{ ...created, data: { ...created.data, details: { ...details, price: 0 } } }])
      .when({ type: 'PublishPublication', actor: agent })
      .thenThrows('INVALID_DATA'));

  it('is refused for a listing whose address has no point on the map', () =>
    given([
      {
        ...created,
        data: { ...created.data, details: { ...details, address: { ...details.address, geo: null } } },
      },
    ])
      .when({ type: 'PublishPublication', actor: agent })
      .thenThrows('INVALID_DATA'));
});

describe('editing', () => {
  const cheaper = { ...details, price: 11_900_000 };

  it('records the edit alone when the price stays', () =>
    given([created])
      .when({ type: 'EditPublication', actor: agent, details: { ...details, title: 'Новая цена' } })
      .then([
        {
          type: 'PublicationEdited',
          data: { publicationId: 'p1', details: { ...details, title: 'Новая цена' } },
        },
      ]));

  it('records the old and the new price when the price moves', () =>
    given([created, published])
      .when({ type: 'EditPublication', actor: owner, details: cheaper })
      .then([
        { type: 'PublicationEdited', data: { publicationId: 'p1', details: cheaper } },
        {
          type: 'PublicationPriceChanged',
          data: { publicationId: 'p1', oldPrice: 12_500_000, newPrice: 11_900_000 },
        },
      ]));

  it('compares the price with the latest one, not the first', () =>
    given([
      created,
      {
        type: 'PublicationPriceChanged',
        data: { publicationId: 'p1', oldPrice: 12_500_000, newPrice: 11_900_000 },
      },
    ])
      .when({ type: 'EditPublication', actor: agent, details: cheaper })
      .then([{ type: 'PublicationEdited', data: { publicationId: 'p1', details: cheaper } }]));

  it('refuses a change of deal category', () =>
    given([created])
      .when({ type: 'EditPublication', actor: agent, details: { ...details, dealCategory: 'rent' } })
      .thenThrows('INVALID_DATA'));

  it('is refused to another agency', () =>
    given([created]).when({ type: 'EditPublication', actor: stranger, details }).thenThrows('FORBIDDEN'));
});

it('keeps the status codes of the spec', () => {
  expect(PUBLICATION_STATUS).toEqual({
    PUBLISHED: 1,
    DRAFT: 2,
    ARCHIVED: 3,
    DECLINED: 4,
    PUBLISHED_NOT_ACTIVE: 5,
  });
});
