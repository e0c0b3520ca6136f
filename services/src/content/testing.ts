import type { PostDetails } from '@estate/events';

/** The moment, the moderator and the post of the content deciders' and workflows' specifications. */
export const AT = '2026-03-01T10:00:00.000Z';
export const MODERATOR_ID = 'm1';
export const postDetails: PostDetails = {
  kind: 'article',
  slug: 'kak-kupit-kvartiru',
  title: 'Как купить квартиру',
  description: '<h2>Шаги</h2><ul><li>Выбрать</li></ul>',
  descriptionMeta: 'Шаги покупки',
  imagePath: '/storage/demo-content/blog-1.svg',
  categoryId: 'c1',
};

/** The moderator's Create command of a post or a slide at AT: a draft unless published. */
export const createCommand = <Details>(id: string, details: Details, published = false) => ({
  type: 'Create' as const,
  id,
  moderatorId: MODERATOR_ID,
  details,
  published,
  at: AT,
});
