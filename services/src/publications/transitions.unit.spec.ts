import { publicationDetails } from '@estate/events/fixtures';
import { deciderSpec } from '../core/deciderSpec';
import type { ErrorKind } from '../core/errors';
import { publicationDecider, type PublicationCommand } from './decide';
import type { PublicationEvent } from './publication';
import { agent, moderator, owner, stranger } from '../../test/actors';

/**
 * Every status of product.md section 4 against every action: what each allows, and that all
 * the others are refused.
 */
const given = deciderSpec(publicationDecider);
const details = publicationDetails({
  dealCategory: 'rent',
  title: 'Студия у метро',
  price: 40_000,
  address: { fullAddress: 'Москва, ул. Ленина, 1', geo: { lat: 55.75, lon: 37.62 } },
  params: { roomCount: 0, totalArea: 25, floor: 3, floorsCount: 9 },
});
const p = { publicationId: 'p1' };

const created: PublicationEvent = {
  type: 'PublicationCreated',
  data: { ...p, agencyId: 'agency-1', authorId: 'agent-1', details },
};
const published: PublicationEvent = { type: 'PublicationPublished', data: p };
const archived: PublicationEvent = { type: 'PublicationArchived', data: p };
const toDraft: PublicationEvent = { type: 'PublicationMovedToDraft', data: p };
const declined: PublicationEvent = {
  type: 'PublicationDeclined',
  data: { ...p, reason: 'Нет фото', moderatorId: 'mod-1' },
};
const deactivated: PublicationEvent = {
  type: 'PublicationDeactivated',
  data: { ...p, reason: 'Закончилось размещение' },
};
const deleted: PublicationEvent = { type: 'PublicationDeleted', data: p };
const checked: PublicationEvent = { type: 'PublicationChecked', data: { ...p, moderatorId: 'mod-1' } };
const restored = (status: 1 | 2 | 5): PublicationEvent => ({
  type: 'PublicationRestored',
  data: { ...p, moderatorId: 'mod-1', status },
});

const STATES: Record<string, PublicationEvent[]> = {
  '1 published': [created, published],
  '2 draft': [created],
  '3 archived': [created, published, archived],
  '4 declined': [created, published, declined],
  '5 not active': [created, published, deactivated],
};

type Case = {
  command: PublicationCommand;
  allowed: Record<keyof typeof STATES, PublicationEvent[] | ErrorKind>;
};
const CASES: Record<string, Case> = {
  publish: {
    command: { type: 'PublishPublication', actor: agent },
    allowed: {
      '1 published': [],
      '2 draft': [published],
      '3 archived': [published],
      '4 declined': 'ACTION_NOT_ALLOWED',
      '5 not active': [published],
    },
  },
  'hide in the archive': {
    command: { type: 'ArchivePublication', actor: agent },
    allowed: {
      '1 published': [archived],
      '2 draft': 'ACTION_NOT_ALLOWED',
      '3 archived': [],
      '4 declined': 'ACTION_NOT_ALLOWED',
      '5 not active': 'ACTION_NOT_ALLOWED',
    },
  },
  'move to drafts': {
    command: { type: 'MovePublicationToDraft', actor: agent },
    allowed: {
      '1 published': [toDraft],
      '2 draft': [],
      '3 archived': 'ACTION_NOT_ALLOWED',
      '4 declined': 'ACTION_NOT_ALLOWED',
      '5 not active': 'ACTION_NOT_ALLOWED',
    },
  },
  delete: {
    command: { type: 'DeletePublication', actor: agent },
    allowed: {
      '1 published': [deleted],
      '2 draft': [deleted],
      '3 archived': [deleted],
      '4 declined': [deleted],
      '5 not active': [deleted],
    },
  },
  edit: {
    command: { type: 'EditPublication', actor: agent, details: { ...details, title: 'Студия у парка' } },
    allowed: {
      '1 published': [
        { type: 'PublicationEdited', data: { ...p, details: { ...details, title: 'Студия у парка' } } },
      ],
      '2 draft': [
        { type: 'PublicationEdited', data: { ...p, details: { ...details, title: 'Студия у парка' } } },
      ],
      '3 archived': 'ACTION_NOT_ALLOWED',
      '4 declined': [
        { type: 'PublicationEdited', data: { ...p, details: { ...details, title: 'Студия у парка' } } },
        toDraft,
      ],
      '5 not active': [
        { type: 'PublicationEdited', data: { ...p, details: { ...details, title: 'Студия у парка' } } },
      ],
    },
  },
  'decline (moderator)': {
    command: { type: 'DeclinePublication', actor: moderator, reason: 'Нет фото' },
    allowed: {
      '1 published': [declined],
      '2 draft': [declined],
      '3 archived': 'ACTION_NOT_ALLOWED',
      '4 declined': 'ACTION_NOT_ALLOWED',
      '5 not active': [declined],
    },
  },
  'approve as it is (moderator)': {
    command: { type: 'CheckPublication', actor: moderator },
    allowed: {
      '1 published': [checked],
      '2 draft': 'ACTION_NOT_ALLOWED',
      '3 archived': 'ACTION_NOT_ALLOWED',
      '4 declined': 'ACTION_NOT_ALLOWED',
      '5 not active': 'ACTION_NOT_ALLOWED',
    },
  },
  'restore a decline (moderator)': {
    command: { type: 'RestorePublication', actor: moderator },
    allowed: {
      '1 published': 'ACTION_NOT_ALLOWED',
      '2 draft': 'ACTION_NOT_ALLOWED',
      '3 archived': 'ACTION_NOT_ALLOWED',
      '4 declined': [restored(1)],
      '5 not active': 'ACTION_NOT_ALLOWED',
    },
  },
  'deactivate (moderator)': {
    command: { type: 'DeactivatePublication', actor: moderator, reason: 'Закончилось размещение' },
    allowed: {
      '1 published': [deactivated],
      '2 draft': 'ACTION_NOT_ALLOWED',
      '3 archived': 'ACTION_NOT_ALLOWED',
      '4 declined': 'ACTION_NOT_ALLOWED',
      '5 not active': 'ACTION_NOT_ALLOWED',
    },
  },
  promote: {
    command: {
      type: 'PromotePublication',
      positionType: 2,
      tariffId: 't1',
      until: '2026-12-31T00:00:00.000Z',
    },
    allowed: {
      '1 published': [
        {
          type: 'PublicationPromoted',
          data: { ...p, positionType: 2, tariffId: 't1', until: '2026-12-31T00:00:00.000Z' },
        },
      ],
      '2 draft': 'ACTION_NOT_ALLOWED',
      '3 archived': 'ACTION_NOT_ALLOWED',
      '4 declined': 'ACTION_NOT_ALLOWED',
      '5 not active': 'ACTION_NOT_ALLOWED',
    },
  },
};

for (const [action, { command, allowed }] of Object.entries(CASES)) {
  describe(action, () => {
    for (const [state, history] of Object.entries(STATES)) {
      const outcome = allowed[state];
      it(`${typeof outcome === 'string' ? 'is refused' : outcome.length ? 'is recorded' : 'changes nothing'} in status ${state}`, () => {
        const spec = given(history).when(command);
        if (typeof outcome === 'string') spec.thenThrows(outcome);
        else spec.then(outcome);
      });
    }
  });
}

describe('who may act', () => {
  it('the owner acts on an agent’s listing; another agency never does', () => {
    given(STATES['1 published']).when({ type: 'ArchivePublication', actor: owner }).then([archived]);
    given(STATES['1 published'])
      .when({ type: 'ArchivePublication', actor: stranger })
      .thenThrows('FORBIDDEN');
    given(STATES['1 published']).when({ type: 'DeletePublication', actor: stranger }).thenThrows('FORBIDDEN');
    given(STATES['1 published'])
      .when({ type: 'MovePublicationToDraft', actor: stranger })
      .thenThrows('FORBIDDEN');
  });

  it('approving again changes nothing until the listing is edited or published again', () => {
    given([created, published, checked]).when({ type: 'CheckPublication', actor: moderator }).then([]);
    given([created, published, checked, { type: 'PublicationEdited', data: { ...p, details } }])
      .when({ type: 'CheckPublication', actor: moderator })
      .then([checked]);
  });

  it('a restore goes back to the status the decline took the listing from, once', () => {
    given([created, declined])
      .when({ type: 'RestorePublication', actor: moderator })
      .then([restored(2)]);
    given([created, published, deactivated, declined])
      .when({ type: 'RestorePublication', actor: moderator })
      .then([restored(5)]);
    given([created, published, declined, restored(1)])
      .when({ type: 'RestorePublication', actor: moderator })
      .thenThrows('ACTION_NOT_ALLOWED');
  });

  it('only a moderator approves or restores', () => {
    given(STATES['1 published']).when({ type: 'CheckPublication', actor: owner }).thenThrows('FORBIDDEN');
    given(STATES['4 declined']).when({ type: 'RestorePublication', actor: owner }).thenThrows('FORBIDDEN');
  });

  it('only a moderator declines or deactivates', () => {
    given(STATES['1 published'])
      .when({ type: 'DeclinePublication', actor: owner, reason: 'Нет фото' })
      .thenThrows('FORBIDDEN');
    given(STATES['1 published'])
      .when({ type: 'DeactivatePublication', actor: owner, reason: 'x' })
      .thenThrows('FORBIDDEN');
  });

  it('a deleted listing is gone for every action, and deleting it again changes nothing', () => {
    given([created, deleted]).when({ type: 'PublishPublication', actor: agent }).thenThrows('NOT_FOUND');
    given([created, deleted])
      .when({ type: 'EditPublication', actor: agent, details })
      .thenThrows('NOT_FOUND');
    given([created, deleted]).when({ type: 'DeletePublication', actor: agent }).then([]);
  });

  it('a promotion ends once, and ends by itself when the listing leaves the catalogue', () => {
    const promoted: PublicationEvent = {
      type: 'PublicationPromoted',
      data: { ...p, positionType: 1, tariffId: 't1', until: '2026-12-31T00:00:00.000Z' },
    };
    given([created, published, promoted])
      .when({ type: 'EndPromotion' })
      .then([{ type: 'PublicationPromotionEnded', data: p }]);
    given([created, published, promoted, archived]).when({ type: 'EndPromotion' }).then([]);
  });

  it('the same promotion again changes nothing; a longer or another one is recorded', () => {
    const promote = { type: 'PromotePublication' as const, positionType: 1 as const, tariffId: 't1' };
    const promoted: PublicationEvent = {
      type: 'PublicationPromoted',
      data: { ...p, positionType: 1, tariffId: 't1', until: '2026-12-31T00:00:00.000Z' },
    };
    given([created, published, promoted])
      .when({ ...promote, until: '2026-12-31T00:00:00.000Z' })
      .then([]);
    given([created, published, promoted])
      .when({ ...promote, until: '2027-01-01T00:00:00.000Z' })
      .then([
        {
          type: 'PublicationPromoted',
          data: { ...p, positionType: 1, tariffId: 't1', until: '2027-01-01T00:00:00.000Z' },
        },
      ]);
    given([created, published, promoted])
      .when({ ...promote, positionType: 3, tariffId: 't3', until: '2026-12-31T00:00:00.000Z' })
      .then([
        {
          type: 'PublicationPromoted',
          data: { ...p, positionType: 3, tariffId: 't3', until: '2026-12-31T00:00:00.000Z' },
        },
      ]);
  });
});
