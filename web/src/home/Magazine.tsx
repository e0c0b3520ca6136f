import { Box, Card, CardActionArea, Link, Skeleton, Stack, Typography } from '@mui/material';
import { HydrateLater } from '../app/hydrateLater';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { PostListItemDto } from '@estate/client';
import { Img } from './Img';
import { HOME_POSTS, magazineQuery } from './queries';
import { SectionTitle } from './SectionTitle';
import { formatDate } from '../app/dates';

/** the blog's pictures are drawn 1200x675 (16:9) */
const IMAGE = { width: 1200, height: 675 };
const clamp = (lines: number) =>
  ({
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  }) as const;

function Picture({ post, eager }: { post: PostListItemDto; eager?: boolean }) {
  return (
    <Box
      sx={{ aspectRatio: '16 / 9', bgcolor: 'grey.200', borderRadius: 2, overflow: 'hidden', flexShrink: 0 }}
    >
      {post.imagePath && (
        <Img
          src={post.imagePath}
          alt=""
          width={IMAGE.width}
          height={IMAGE.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
    </Box>
  );
}

/** The first post: its picture, its category, its title and summary. */
function LeadPost({ post }: { post: PostListItemDto }) {
  return (
    <Card variant="outlined" sx={{ borderRadius: 3, height: '100%' }} data-testid="magazine-post">
      <CardActionArea
        component={RouterLink}
        to={post.path}
        sx={{ p: 1.5, height: '100%', alignItems: 'stretch' }}
      >
        <Picture post={post} />
        <Stack spacing={0.5} pt={1.5}>
          <Typography variant="caption" color="primary" sx={{ minHeight: 20 }}>
            {post.category?.name ?? ''}
          </Typography>
          <Typography variant="h6" component="h3" fontWeight={700} sx={clamp(2)}>
            {post.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={clamp(3)}>
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

/** The others: a small picture beside the title and the date. */
function PostRow({ post }: { post: PostListItemDto }) {
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }} data-testid="magazine-post">
      <CardActionArea
        component={RouterLink}
        to={post.path}
        sx={{
          p: 1.5,
          display: 'flex',
          gap: 1.5,
          alignItems: 'center',
          justifyContent: 'flex-start',
          height: ROW_HEIGHT,
        }}
      >
        <Box sx={{ width: { xs: 112, md: 144 }, flexShrink: 0 }}>
          <Picture post={post} />
        </Box>
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" component="h3" fontWeight={700} sx={clamp(2)}>
            {post.title}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDate(post.publishedAt)}
          </Typography>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
const ROW_HEIGHT = { xs: 96, md: 110 };

/** «Журнал» on the home page: the 5 newest posts of the blog (/api/posts, limit 5), each to its /blog page. */
export function Magazine() {
  const posts = useQuery(magazineQuery());
  if (posts.isError || (posts.data && posts.data.length === 0)) return null;
  const [lead, ...rest] = posts.data ?? [];
  return (
    <HydrateLater>
      <Box component="section" aria-labelledby="magazine-title">
        <Stack direction="row" alignItems="baseline" justifyContent="space-between" mb={2}>
          <SectionTitle id="magazine-title">Журнал</SectionTitle>
          <Link component={RouterLink} to="/blog" underline="hover" fontWeight={600} color="primary.dark">
            Все статьи
          </Link>
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
            alignItems: 'stretch',
          }}
        >
          {posts.isPending ? (
            <>
              <Skeleton
                variant="rounded"
                sx={{ height: { xs: 360, md: 'auto' }, minHeight: 360, borderRadius: 3 }}
                aria-hidden
              />
              <Stack spacing={2}>
                {Array.from({ length: HOME_POSTS - 1 }, (_, i) => (
                  <Skeleton
                    key={i}
                    variant="rounded"
                    sx={{ height: ROW_HEIGHT, borderRadius: 3 }}
                    aria-hidden
                  />
                ))}
              </Stack>
            </>
          ) : (
            <>
              {lead && <LeadPost post={lead} />}
              <Stack spacing={2}>
                {rest.map((post) => (
                  <PostRow key={post.id} post={post} />
                ))}
              </Stack>
            </>
          )}
        </Box>
      </Box>
    </HydrateLater>
  );
}
