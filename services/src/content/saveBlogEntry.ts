import type { EventStore } from '@estate/events';
import { fold, type CommandContext } from '../core/decider';
import { defineWorkflow } from '../core/workflow';
import { type SlugOwner, handleBlogSlug } from './blogSlug';
import { postDecider, postStream, type PostCommand, handlePost } from './post';
import {
  postCategoryDecider,
  postCategoryStream,
  type PostCategoryCommand,
  handlePostCategory,
} from './postCategory';

/** A post's or a category's write that may move its address: created, edited or deleted. */
export type SaveBlogEntryInput =
  | { owner: SlugOwner & { kind: 'post' }; command: PostCommand; moderatorId: string }
  | { owner: SlugOwner & { kind: 'category' }; command: PostCategoryCommand; moderatorId: string };

type Saved = {
  /** the log's position after the write: the read models are up to date once they reach it */
  position: number;
  slugs: string[];
  current: string | null;
  deleted: boolean;
};

const slugOf = (input: SaveBlogEntryInput): string | null =>
  input.command.type === 'Create' || input.command.type === 'Edit' ? input.command.details.slug : null;

function slugCommand(
  store: EventStore,
  type: 'Claim' | 'Release',
  slug: string,
  input: SaveBlogEntryInput,
  meta: CommandContext,
) {
  return handleBlogSlug(
    store,
    slug,
    { type, slug, owner: input.owner, moderatorId: input.moderatorId },
    meta,
  );
}

async function save(store: EventStore, input: SaveBlogEntryInput, meta: CommandContext): Promise<Saved> {
  const { state, position } =
    input.owner.kind === 'post'
      ? await handlePost(store, input.owner.id, input.command as PostCommand, meta)
      : await handlePostCategory(store, input.owner.id, input.command as PostCategoryCommand, meta);
  return {
    position,
    slugs: state.slugs,
    current: state.details?.slug ?? null,
    deleted: state.status === 'deleted',
  };
}

/**
 * The blog's addresses are unique across posts and categories (`/blog/{slug}` may be either), so a
 * write that sets an address claims it first (a taken one refuses the write: errorCode 1 under
 * `slug`), then writes the post or category (a refusal gives the claim back), then gives back the
 * addresses it no longer has — all of them when it was deleted. Every step is idempotent: a
 * resumed save claims, writes and releases nothing twice.
 */
export const saveBlogEntry = defineWorkflow<SaveBlogEntryInput, number>({
  name: 'save-blog-entry',
  steps: [
    {
      name: 'claim',
      async run({ input, store, meta }) {
        const slug = slugOf(input);
        if (slug) await slugCommand(store, 'Claim', slug, input, meta);
        return { slug };
      },
      async undo({ input, store, meta }) {
        const slug = slugOf(input);
        if (!slug) return;
        // an edit refused for another reason keeps the address the entry had: given back only if it is not the entry's
        const entry =
          input.owner.kind === 'post'
            ? fold(postDecider, await store.readStream(postStream(input.owner.id)))
            : fold(postCategoryDecider, await store.readStream(postCategoryStream(input.owner.id)));
        if (entry.details?.slug !== slug || entry.status === 'deleted')
          await slugCommand(store, 'Release', slug, input, meta);
      },
    },
    { name: 'save', run: ({ input, store, meta }) => save(store, input, meta) },
    {
      name: 'release',
      async run({ input, store, meta, results }) {
        const saved = results.save as Saved;
        for (const slug of saved.slugs)
          if (saved.deleted || slug !== saved.current) await slugCommand(store, 'Release', slug, input, meta);
      },
    },
  ],
  output: ({ results }) => (results.save as Saved).position,
});
