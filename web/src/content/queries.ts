import { queryOptions } from '@tanstack/react-query';
import { ApiError, type CategoryPostsAnswer, type InvestmentDto, type PostDto } from '@estate/client';
import { browserCall, type ApiCall } from '../app/call';

export const POSTS_PAGE = 20;

export const postCategoriesQuery = (call: ApiCall = browserCall) =>
  queryOptions({
    queryKey: ['blog', 'categories'],
    queryFn: ({ signal }) => call.get('/api/post-categories', { signal }).then((r) => r.data),
  });

export const postsQuery = (call: ApiCall = browserCall) =>
  queryOptions({
    queryKey: ['blog', 'posts', 1],
    queryFn: ({ signal }) => call.get('/api/posts', { query: { limit: POSTS_PAGE, offset: 1 }, signal }),
  });

export type BlogEntry =
  { kind: 'post'; post: PostDto } | { kind: 'category'; answer: CategoryPostsAnswer } | { kind: 'missing' };

/**
 * One address, a post or a category: the backend keeps one slug namespace for both
 * (docs/decisions.md), so the likelier one is asked first and the other on a 404: a category first
 * under /blog/{parent}, a post first under /blog/{parent}/{child}.
 */
export const blogEntryQuery = (slug: string, postFirst: boolean, call: ApiCall = browserCall) =>
  queryOptions({
    queryKey: ['blog', 'entry', slug, postFirst],
    queryFn: async ({ signal }): Promise<BlogEntry> => {
      const post = async (): Promise<BlogEntry> => ({
        kind: 'post',
        post: (await call.get('/api/posts/{slug}', { path: { slug }, signal })).data,
      });
      const category = async (): Promise<BlogEntry> => ({
        kind: 'category',
        answer: await call.get('/api/post-categories/{id}/posts', {
          path: { id: slug },
          query: { limit: POSTS_PAGE, offset: 1 },
          signal,
        }),
      });
      const [first, second] = postFirst ? [post, category] : [category, post];
      try {
        return await first();
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      try {
        return await second();
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { kind: 'missing' };
        throw error;
      }
    },
  });

export const investmentsQuery = (call: ApiCall = browserCall) =>
  queryOptions({
    queryKey: ['investments', 'list'],
    queryFn: ({ signal }) => call.get('/api/investments', { query: { limit: 100, offset: 1 }, signal }),
  });

export const investmentStatisticsQuery = (call: ApiCall = browserCall) =>
  queryOptions({
    queryKey: ['investments', 'statistics'],
    queryFn: ({ signal }) => call.get('/api/investments/statistics', { signal }).then((r) => r.data),
  });

export const investmentQuery = (id: string, call: ApiCall = browserCall) =>
  queryOptions({
    queryKey: ['investments', 'one', id],
    /** null: there is no such object (the page is the 404) */
    queryFn: ({ signal }): Promise<InvestmentDto | null> =>
      call.get('/api/investments/{id}', { path: { id }, signal }).then(
        (r) => r.data,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        },
      ),
  });
