import type { AppContext } from '../core/context';
import { DEMO_CORRELATION } from '../core/demo';
import { changeSettings, saveCategory, saveInvestment, savePost, saveSlide } from './commands';
import {
  DEMO_CATEGORIES,
  DEMO_CONTACTS,
  DEMO_INVESTMENT_STATISTICS,
  DEMO_INVESTMENTS,
  DEMO_POLICY,
  DEMO_POSTS,
  DEMO_SLIDES,
  DEMO_TRANSACTION_DEAL,
} from './demoContent';
import { demoContentPath } from './demoImages';
import { sanitizeContentHtml } from './html';
import { SETTINGS_STREAM } from './settings';

const DAY = 24 * 60 * 60_000;

/**
 * The demo's content, written by the demo moderator through the commands the cabinet sends: the
 * blog's categories and posts (back-dated), the privacy policy page, the slides, the investment
 * objects and the site's settings. Runs once: a log whose `settings` stream has events is left
 * alone (the settings are written last). Every write is idempotent besides — the items have the
 * demo's ids and the blog's saves are named by their item — so an interrupted run may repeat.
 */
export async function seedDemoContent(
  ctx: AppContext,
  moderatorId: string,
): Promise<{ created: boolean; posts: number }> {
  if ((await ctx.eventStore.readStream(SETTINGS_STREAM)).length > 0) return { created: false, posts: 0 };
  const options = (newId: string) => ({ meta: { correlationId: DEMO_CORRELATION }, newId });
  const now = ctx.clock().getTime();

  // parents first: a sub-category's parent is checked in the read model
  for (const { id, details } of DEMO_CATEGORIES)
    await saveCategory(ctx, moderatorId, null, { details, isPublished: true }, options(id));

  for (const post of DEMO_POSTS) {
    const details = {
      kind: 'article' as const,
      slug: post.slug,
      title: post.title,
      description: sanitizeContentHtml(post.description),
      descriptionMeta: post.descriptionMeta,
      imagePath: demoContentPath('blog', post.image),
      categoryId: post.categoryId,
    };
    // the date is a whole hour, so that the same seed on the same day writes the same events
    const publishedAt = new Date(
      Math.floor((now - post.daysAgo * DAY) / 3_600_000) * 3_600_000,
    ).toISOString();
    await savePost(ctx, moderatorId, null, { details, isPublished: true, publishedAt }, options(post.id));
  }
  await savePost(
    ctx,
    moderatorId,
    null,
    {
      details: {
        kind: 'page',
        slug: DEMO_POLICY.slug,
        title: DEMO_POLICY.title,
        description: sanitizeContentHtml(DEMO_POLICY.description),
        descriptionMeta: DEMO_POLICY.descriptionMeta,
        imagePath: null,
        categoryId: null,
      },
      isPublished: true,
    },
    options(DEMO_POLICY.id),
  );

  for (const { id, details } of DEMO_SLIDES)
    await saveSlide(ctx, moderatorId, null, { details, isPublished: true }, options(id));
  for (const { id, details } of DEMO_INVESTMENTS)
    await saveInvestment(
      ctx,
      moderatorId,
      null,
      { details: { ...details, description: sanitizeContentHtml(details.description) }, isPublished: true },
      options(id),
    );

  const meta = { correlationId: DEMO_CORRELATION };
  await changeSettings(
    ctx,
    moderatorId,
    { section: 'investment-statistics', value: DEMO_INVESTMENT_STATISTICS },
    meta,
  );
  await changeSettings(
    ctx,
    moderatorId,
    {
      section: 'transaction-deal',
      value: { ...DEMO_TRANSACTION_DEAL, text: sanitizeContentHtml(DEMO_TRANSACTION_DEAL.text) },
    },
    meta,
  );
  // last: the mark of a finished run
  await changeSettings(ctx, moderatorId, { section: 'contacts', value: DEMO_CONTACTS }, meta);
  return { created: true, posts: DEMO_POSTS.length };
}
