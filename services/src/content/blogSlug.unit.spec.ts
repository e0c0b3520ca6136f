import { deciderSpec } from '../core/deciderSpec';
import { blogSlugDecider, type BlogSlugEvent } from './blogSlug';

const given = deciderSpec(blogSlugDecider);
const slug = 'ipoteka';
const post = { kind: 'post' as const, id: 'p1' };
const category = { kind: 'category' as const, id: 'c1' };
const claimed: BlogSlugEvent = { type: 'BlogSlugClaimed', data: { slug, owner: post, moderatorId: 'm1' } };
const released: BlogSlugEvent = { type: 'BlogSlugReleased', data: { slug, owner: post, moderatorId: 'm1' } };

describe('a blog address', () => {
  it('is claimed by one post or category at a time', () => {
    given([]).when({ type: 'Claim', slug, owner: post, moderatorId: 'm1' }).then([claimed]);
    given([claimed]).when({ type: 'Claim', slug, owner: post, moderatorId: 'm1' }).then([]);
    given([claimed])
      .when({ type: 'Claim', slug, owner: category, moderatorId: 'm1' })
      .thenThrows('INVALID_DATA');
    given([claimed])
      .when({ type: 'Claim', slug, owner: { kind: 'post', id: 'p2' }, moderatorId: 'm1' })
      .thenThrows('INVALID_DATA');
  });

  it('is given back by its holder only, and is free for another then', () => {
    given([claimed]).when({ type: 'Release', slug, owner: category, moderatorId: 'm1' }).then([]);
    given([claimed]).when({ type: 'Release', slug, owner: post, moderatorId: 'm1' }).then([released]);
    given([claimed, released]).when({ type: 'Release', slug, owner: post, moderatorId: 'm1' }).then([]);
    given([claimed, released])
      .when({ type: 'Claim', slug, owner: category, moderatorId: 'm2' })
      .then([{ type: 'BlogSlugClaimed', data: { slug, owner: category, moderatorId: 'm2' } }]);
  });
});
