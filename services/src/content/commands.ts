import { randomUUID } from 'node:crypto';
import {
  BLOG_CATEGORIES,
  BLOG_POSTS,
  findContentItem,
  NOT_DELETED,
  type BlogCategoryDocument,
} from '@estate/projections';
import type {
  InvestmentDetails,
  InvestmentStatistics,
  LocationSettings,
  PostCategoryDetails,
  PostDetails,
  SiteContacts,
  SlideDetails,
  TransactionDeal,
} from '@estate/events';
import type { AppContext } from '../core/context';
import { handleCommand, type CommandContext } from '../core/decider';
import { DomainError } from '../core/errors';
import { runWorkflow } from '../core/workflow';
import { findLocation } from '../locations';
import { assertImagesExist } from './images';
import { handleInvestment } from './investment';
import type { ItemCommand } from './publishable';
import { saveBlogEntry, type SaveBlogEntryInput } from './saveBlogEntry';
import { SETTINGS_STREAM, settingsDecider, type SettingsCommand } from './settings';
import { handleSlide } from './slide';

/**
 * The moderators' commands on the content, with what only the read models or the file store can
 * say checked first (the category a post names exists, an image is stored): the deciders keep the
 * rules of each item, the blog's addresses are claimed by the `save-blog-entry` workflow.
 */
/** `isPublished` absent: a new item stays hidden, a changed one keeps its status */
export type Saved<D> = { details: D; isPublished?: boolean; publishedAt?: string | null };

/** the seed's: its own ids (a second run finds the same items), its correlation, the workflows it may resume */
export type SaveOptions = { meta?: CommandContext; newId?: string };

const fieldError = (field: string, message: string) =>
  new DomainError('INVALID_DATA', undefined, { [field]: [message] });

/** Create when there is no id, else edit; publish or hide as the form says. */
function saveCommand<D>(
  ctx: AppContext,
  id: string | null,
  moderatorId: string,
  form: Saved<D>,
  newId: string = randomUUID(),
): { id: string; command: ItemCommand<D> } {
  const at = ctx.clock().toISOString();
  const { details, isPublished, publishedAt } = form;
  return id
    ? { id, command: { type: 'Edit', moderatorId, details, published: isPublished, publishedAt, at } }
    : {
        id: newId,
        command: {
          type: 'Create',
          id: newId,
          moderatorId,
          details,
          published: isPublished ?? false,
          publishedAt,
          at,
        },
      };
}

async function assertPostReferences(ctx: AppContext, details: PostDetails) {
  if (details.categoryId) {
    const category = await findContentItem(ctx.readStore, BLOG_CATEGORIES, details.categoryId);
    if (!category) throw fieldError('categoryId', 'Рубрика не найдена');
  }
  await assertImagesExist(ctx, { imagePath: details.imagePath });
}

async function assertCategoryReferences(ctx: AppContext, id: string | null, details: PostCategoryDetails) {
  const categories = ctx.readStore.collection<BlogCategoryDocument>(BLOG_CATEGORIES);
  if (details.parentId) {
    const parent = await findContentItem<BlogCategoryDocument>(
      ctx.readStore,
      BLOG_CATEGORIES,
      details.parentId,
    );
    if (!parent) throw fieldError('parentId', 'Рубрика не найдена');
    if (parent.parentId)
      throw fieldError('parentId', 'Подрубрика не может содержать рубрики: выберите рубрику верхнего уровня');
    if (id && (await categories.countDocuments({ parentId: id, ...NOT_DELETED })) > 0)
      throw fieldError('parentId', 'У рубрики есть подрубрики: она может быть только верхнего уровня');
  }
  await assertImagesExist(ctx, { imagePath: details.imagePath });
}

async function saveBlog(
  ctx: AppContext,
  owner: { kind: 'post' | 'category'; id: string },
  command: ItemCommand<PostDetails> | ItemCommand<PostCategoryDetails>,
  moderatorId: string,
  meta: CommandContext,
) {
  // the seed's saves are named by their item, so a second run joins what the first did
  const workflowId = meta.correlationId
    ? `save-blog-entry-${meta.correlationId}-${owner.kind}-${owner.id}`
    : `save-blog-entry-${randomUUID()}`;
  const position = await runWorkflow(
    ctx.eventStore,
    saveBlogEntry,
    workflowId,
    { owner, command, moderatorId } as SaveBlogEntryInput,
    { actor: moderatorId, ...meta },
  );
  await ctx.projections.whenCaughtUp(position);
}

export async function savePost(
  ctx: AppContext,
  moderatorId: string,
  id: string | null,
  form: Saved<PostDetails>,
  { meta = {}, newId }: SaveOptions = {},
): Promise<string> {
  await assertPostReferences(ctx, form.details);
  const { id: postId, command } = saveCommand(ctx, id, moderatorId, form, newId);
  await saveBlog(ctx, { kind: 'post', id: postId }, command, moderatorId, meta);
  return postId;
}

export async function saveCategory(
  ctx: AppContext,
  moderatorId: string,
  id: string | null,
  form: Saved<PostCategoryDetails>,
  { meta = {}, newId }: SaveOptions = {},
): Promise<string> {
  await assertCategoryReferences(ctx, id, form.details);
  const { id: categoryId, command } = saveCommand(ctx, id, moderatorId, form, newId);
  await saveBlog(ctx, { kind: 'category', id: categoryId }, command, moderatorId, meta);
  return categoryId;
}

export const deletePost = (ctx: AppContext, moderatorId: string, id: string) =>
  saveBlog(ctx, { kind: 'post', id }, { type: 'Delete', moderatorId }, moderatorId, {});

/** A category still holding posts or sub-categories stays: they would be left in nowhere. */
export async function deleteCategory(ctx: AppContext, moderatorId: string, id: string) {
  const posts = await ctx.readStore.collection(BLOG_POSTS).countDocuments({ categoryId: id, ...NOT_DELETED });
  if (posts > 0)
    throw new DomainError(
      'ACTION_NOT_ALLOWED',
      `В рубрике ${posts} стат. — перенесите их в другую рубрику или удалите`,
    );
  const children = await ctx.readStore
    .collection(BLOG_CATEGORIES)
    .countDocuments({ parentId: id, ...NOT_DELETED });
  if (children > 0)
    throw new DomainError(
      'ACTION_NOT_ALLOWED',
      'У рубрики есть подрубрики — сначала перенесите или удалите их',
    );
  await saveBlog(ctx, { kind: 'category', id }, { type: 'Delete', moderatorId }, moderatorId, {});
}

const ITEMS = { slide: handleSlide, investment: handleInvestment } as const;

/** A slide or an investment object, written (or deleted) in its own stream. */
export async function runItemCommand(
  ctx: AppContext,
  kind: keyof typeof ITEMS,
  id: string,
  command: ItemCommand<SlideDetails> | ItemCommand<InvestmentDetails>,
  meta: CommandContext = {},
) {
  const { position } = await (ITEMS[kind] as typeof handleSlide)(
    ctx.eventStore,
    id,
    command as ItemCommand<SlideDetails>,
    { actor: command.moderatorId, ...meta },
  );
  await ctx.projections.whenCaughtUp(position);
}

export async function saveSlide(
  ctx: AppContext,
  moderatorId: string,
  id: string | null,
  form: Saved<SlideDetails>,
  { meta = {}, newId }: SaveOptions = {},
) {
  await assertImagesExist(ctx, { backgroundImagePath: form.details.backgroundImagePath });
  const { id: slideId, command } = saveCommand(ctx, id, moderatorId, form, newId);
  await runItemCommand(ctx, 'slide', slideId, command, meta);
  return slideId;
}

export async function saveInvestment(
  ctx: AppContext,
  moderatorId: string,
  id: string | null,
  form: Saved<InvestmentDetails>,
  { meta = {}, newId }: SaveOptions = {},
) {
  await assertImagesExist(ctx, { imagePath: form.details.imagePath });
  const { id: investmentId, command } = saveCommand(ctx, id, moderatorId, form, newId);
  await runItemCommand(ctx, 'investment', investmentId, command, meta);
  return investmentId;
}

export type SettingsChange =
  | { section: 'contacts'; value: SiteContacts }
  | { section: 'location'; value: LocationSettings }
  | { section: 'investment-statistics'; value: InvestmentStatistics }
  | { section: 'transaction-deal'; value: TransactionDeal };

/** One section of the site's settings (a place the locations tree does not know is refused). */
export async function changeSettings(
  ctx: AppContext,
  moderatorId: string,
  change: SettingsChange,
  meta: CommandContext = {},
) {
  let command: SettingsCommand;
  switch (change.section) {
    case 'contacts':
      command = { type: 'ChangeContacts', moderatorId, contacts: change.value };
      break;
    case 'location':
      if (!findLocation(change.value.defaultLocationId))
        throw fieldError('defaultLocationId', 'Выберите город из списка');
      command = { type: 'ChangeLocationSettings', moderatorId, settings: change.value };
      break;
    case 'investment-statistics':
      command = { type: 'ChangeInvestmentStatistics', moderatorId, statistics: change.value };
      break;
    case 'transaction-deal':
      command = { type: 'ChangeTransactionDeal', moderatorId, transactionDeal: change.value };
      break;
  }
  const { position } = await handleCommand(ctx.eventStore, SETTINGS_STREAM, settingsDecider, command, {
    actor: moderatorId,
    ...meta,
  });
  await ctx.projections.whenCaughtUp(position);
}
