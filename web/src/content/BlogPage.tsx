import { Alert, Box, Button, Card, CardActionArea, Chip, Grid, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  api,
  asApiError,
  type CategoryPostsAnswer,
  type PostCategoryDto,
  type PostDto,
  type PostListAnswer,
  type PostListItemDto,
} from '@estate/client';
import { ErrorPage } from '../errors/ErrorPage';
import { Cover } from './Cover';
import { CrumbLink, Crumbline } from './Crumbline';
import { formatDate } from '../app/dates';
import type { Loaded } from './useApi';
import { useQuery } from '@tanstack/react-query';
import { breadcrumbs, SITE_NAME, useHead, useOrigin } from '../app/head';
import { blogEntryQuery, postCategoriesQuery, postsQuery } from './queries';
import { PageSkeleton } from '../layout/PageSkeleton';

const PAGE = 20;
/** «Читайте по теме»: 4 at first, 3 more per click (api.md) */
const RELATED_FIRST = 4;
const RELATED_STEP = 3;

/** A blog page's head: its title, description, canonical address and crumbs in schema.org's words. */
function useBlogHead(title: string, description: string, path: string, trail: Crumb[], article?: PostDto) {
  const origin = useOrigin();
  useHead({
    title: `${title} — ${SITE_NAME}`,
    description: description || `${title}: статьи журнала о покупке, аренде и ремонте недвижимости`,
    canonical: path,
    ogType: article ? 'article' : 'website',
    image: article?.imagePath ?? null,
    jsonLd: [
      breadcrumbs(origin, [['Главная', '/'], ...trail.map((c): [string, string] => [c.label, c.to])]),
      ...(article
        ? [
            {
              '@context': 'https://schema.org',
              '@type': 'Article',
              headline: article.title,
              datePublished: article.publishedAt,
              url: `${origin}${path}`,
              ...(article.imagePath ? { image: `${origin}${article.imagePath}` } : {}),
              publisher: { '@type': 'Organization', name: SITE_NAME },
            },
          ]
        : []),
    ],
  });
}

const Spinner = () => <PageSkeleton />;

export function PostCard({ post }: { post: PostListItemDto }) {
  return (
    <Card variant="outlined" sx={{ height: '100%', borderRadius: 3 }}>
      <CardActionArea component={RouterLink} to={post.path} sx={{ height: '100%', p: 1.5 }}>
        <Cover src={post.imagePath} alt={`Иллюстрация к статье «${post.title}»`} />
        <Stack spacing={0.5} pt={1.5}>
          {post.category && (
            <Typography variant="caption" color="primary">
              {post.category.name}
            </Typography>
          )}
          <Typography variant="subtitle1" component="h3" fontWeight={700}>
            {post.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {post.descriptionMeta}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDate(post.publishedAt)}
          </Typography>
        </Stack>
      </CardActionArea>
    </Card>
  );
}

function PostGrid({ posts }: { posts: PostListItemDto[] }) {
  return (
    <Grid container spacing={2}>
      {posts.map((p) => (
        <Grid key={p.id} size={{ xs: 12, sm: 6, md: 4 }}>
          <PostCard post={p} />
        </Grid>
      ))}
    </Grid>
  );
}

/** A list with «Показать ещё»: pages 1…n of a list call, each page appended to the ones shown. */
function PagedPosts({
  page,
  first,
}: {
  /** one page of the list call (from 1) */
  page: (offset: number) => Promise<PostListAnswer>;
  first: PostListAnswer;
}) {
  const [pages, setPages] = useState<PostListAnswer[]>([first]);
  const [loading, setLoading] = useState(false);
  const last = pages[pages.length - 1];
  const more = async () => {
    setLoading(true);
    try {
      const next = await page(last.meta.current_page + 1);
      setPages((p) => [...p, next]);
    } finally {
      setLoading(false);
    }
  };
  const posts = pages.flatMap((p) => p.data);
  if (posts.length === 0) return <Typography color="text.secondary">Здесь пока нет статей</Typography>;
  return (
    <Stack spacing={3}>
      <PostGrid posts={posts} />
      {last.meta.current_page < last.meta.last_page && (
        <Box textAlign="center">
          <Button variant="outlined" onClick={() => void more()} disabled={loading}>
            {loading ? 'Загружаем…' : 'Показать ещё'}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

type Crumb = { label: string; to: string };

/** The blog's trail after 'Главная': 'Журнал', then the rubrics down to the page itself (null where there is none). */
function blogTrail(...pages: ({ name: string; path: string } | null)[]): Crumb[] {
  return [
    { label: 'Журнал', to: '/blog' },
    ...pages.flatMap((page) => (page ? [{ label: page.name, to: page.path }] : [])),
  ];
}

/** The visible trail: every step a link but the last, the page itself. */
function Crumbs({ trail }: { trail: Crumb[] }) {
  return (
    <Crumbline>
      {trail.map((item, i) =>
        i < trail.length - 1 ? (
          <CrumbLink key={item.label} to={item.to}>
            {item.label}
          </CrumbLink>
        ) : (
          <Typography key={item.label} variant="body2" color="text.primary">
            {item.label}
          </Typography>
        ),
      )}
    </Crumbline>
  );
}

/** The blog's navigation: its top-level categories as chips, the current one marked. */
function CategoryChips({ categories, current }: { categories: PostCategoryDto[]; current: string | null }) {
  return (
    <Stack direction="row" gap={1} flexWrap="wrap" component="nav" aria-label="Рубрики журнала">
      <Chip
        label="Все материалы"
        component={RouterLink}
        to="/blog"
        clickable
        color={current === null ? 'primary' : 'default'}
      />
      {categories.map((c) => (
        <Chip
          key={c.id}
          label={c.name}
          component={RouterLink}
          to={c.path}
          clickable
          color={current === c.id ? 'primary' : 'default'}
        />
      ))}
    </Stack>
  );
}

function useCategories() {
  return useQuery(postCategoriesQuery()).data ?? [];
}

function BlogIndex() {
  const trail = blogTrail();
  useBlogHead('Журнал', 'Журнал о недвижимости: покупка и продажа, аренда, ипотека, ремонт', '/blog', trail);
  const categories = useCategories();
  const posts = useQuery(postsQuery());
  const first: Loaded<PostListAnswer> = posts.data
    ? { status: 'ready', data: posts.data }
    : posts.isError
      ? { status: 'failed', error: asApiError(posts.error) }
      : { status: 'loading' };
  return (
    <Stack spacing={3}>
      <Crumbs trail={trail} />
      <Typography variant="h4" component="h1" fontWeight={800}>
        Журнал
      </Typography>
      <CategoryChips categories={categories.filter((c) => !c.parentId)} current={null} />
      {first.status === 'loading' && <Spinner />}
      {first.status === 'failed' && <Alert severity="error">Не удалось загрузить статьи</Alert>}
      {first.status === 'ready' && (
        <PagedPosts
          page={(offset) => api.get('/api/posts', { query: { limit: PAGE, offset } })}
          first={first.data}
        />
      )}
    </Stack>
  );
}

function CategoryView({
  answer,
  categories,
}: {
  answer: CategoryPostsAnswer;
  categories: PostCategoryDto[];
}) {
  const category = answer.category;
  const parent = categories.find((c) => c.id === category.parentId) ?? null;
  const trail = blogTrail(parent, category);
  useBlogHead(category.name, category.description ?? '', category.path, trail);
  const children = categories.filter((c) => c.parentId === category.id);
  return (
    <Stack spacing={3}>
      <Crumbs trail={trail} />
      <Typography variant="h4" component="h1" fontWeight={800}>
        {category.name}
      </Typography>
      {category.description && <Typography color="text.secondary">{category.description}</Typography>}
      <CategoryChips categories={categories.filter((c) => !c.parentId)} current={parent?.id ?? category.id} />
      {children.length > 0 && (
        <Stack direction="row" gap={1} flexWrap="wrap" aria-label="Подрубрики">
          {children.map((c) => (
            <Chip key={c.id} label={c.name} component={RouterLink} to={c.path} clickable variant="outlined" />
          ))}
        </Stack>
      )}
      <PagedPosts
        key={category.id}
        page={(offset) =>
          api.get('/api/post-categories/{id}/posts', {
            path: { id: category.id },
            query: { limit: PAGE, offset },
          })
        }
        first={answer}
      />
    </Stack>
  );
}

function Related({ post }: { post: PostDto }) {
  const [limit, setLimit] = useState(RELATED_FIRST);
  const [shown, setShown] = useState<PostListAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  const categoryId = post.categoryId;
  useEffect(() => {
    if (!categoryId) return;
    let alive = true;
    api
      .get('/api/post-categories/{id}/posts', {
        path: { id: categoryId },
        query: { exclude: post.id, limit, offset: 1 },
      })
      .then((r) => alive && setShown(r))
      .catch(() => undefined) // only logged by the spec's client: the section stays as it was
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [categoryId, post.id, limit]);
  if (!shown || shown.data.length === 0) return null;
  return (
    <Stack spacing={2} component="section" aria-labelledby="related-title">
      <Typography id="related-title" variant="h5" component="h2" fontWeight={700}>
        Читайте по теме
      </Typography>
      <PostGrid posts={shown.data} />
      {shown.meta.total > shown.data.length && (
        <Box textAlign="center">
          <Button
            variant="outlined"
            disabled={loading}
            onClick={() => {
              setLoading(true);
              setLimit((n) => n + RELATED_STEP);
            }}
          >
            Показать ещё
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function PostView({ post, categories }: { post: PostDto; categories: PostCategoryDto[] }) {
  const category = categories.find((c) => c.id === post.categoryId) ?? null;
  const parent = categories.find((c) => c.id === category?.parentId) ?? null;
  const trail = blogTrail(parent, category, { name: post.title, path: post.path });
  useBlogHead(post.title, post.descriptionMeta ?? '', post.path, trail, post);
  return (
    <Stack spacing={3}>
      <Crumbs trail={trail} />
      <Box component="article" sx={{ maxWidth: 820 }}>
        <Typography variant="h4" component="h1" fontWeight={800} gutterBottom>
          {post.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" mb={2}>
          {formatDate(post.publishedAt)}
        </Typography>
        {post.imagePath && <Cover src={post.imagePath} alt={`Иллюстрация к статье «${post.title}»`} />}
        <Box
          className="post-body"
          sx={{
            mt: 2,
            lineHeight: 1.7,
            '& img': { maxWidth: '100%', height: 'auto' },
            '& h2, & h3, & h4': { mt: 3, mb: 1 },
          }}
          // the server sanitises the body before recording it (docs/decisions.md: rich text)
          dangerouslySetInnerHTML={{ __html: post.description }}
        />
      </Box>
      <Related post={post} />
    </Stack>
  );
}

/** /blog/{parent} or /blog/{parent}/{child}: a post or a category (content/queries.ts). */
function BlogEntry({ slug, postFirst }: { slug: string; postFirst: boolean }) {
  const categories = useCategories();
  const answer = useQuery(blogEntryQuery(slug, postFirst));
  if (answer.isPending) return <Spinner />;
  if (answer.isError) return <Alert severity="error">Не удалось загрузить страницу журнала</Alert>;
  const entry = answer.data;
  if (entry.kind === 'missing') return <ErrorPage code={404} />;
  return entry.kind === 'category' ? (
    <CategoryView answer={entry.answer} categories={categories} />
  ) : (
    <PostView post={entry.post} categories={categories} />
  );
}

/** /blog, /blog/{parent} and /blog/{parent}/{child} (product.md). */
export function BlogPage() {
  const { parent, child } = useParams();
  if (!parent) return <BlogIndex />;
  if (child) return <BlogEntry key={`${parent}/${child}`} slug={child} postFirst />;
  return <BlogEntry key={parent} slug={parent} postFirst={false} />;
}
