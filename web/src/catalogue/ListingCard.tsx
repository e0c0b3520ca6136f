import { Skeleton } from '@mui/material';
import { memo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { areaLabel, DEAL_ROUTES, floorLabel, roomsLabel, updatedAgo } from '@estate/client';
import type { Publication } from '../api/types';
import { HydrateLater } from '../app/hydrateLater';
import { withStay } from '../booking/stay';
import { ChatButton } from '../chat/ChatButton';
import { ListingPhoto } from '../photos/ListingPhoto';
import { CardPhotos } from './CardPhotos';
import { depositLabel, MetroStations, PriceBlock, useCardView } from './cardParts';
import { FavouriteButton } from './FavouriteButton';
import { PhoneButton } from './PhoneButton';
import { firstScreen } from '../app/firstScreen';

const styles = firstScreen.card;

/** the cards on a catalogue's first screen: their photos load at once and first (the page's largest paint) */
export const EAGER_CARDS = 2;

/**
 * product.md's listing cards, one component:
 * - `row`, the catalogue's: the photos' strip, the title, the facts, the price, the deposit, the
 *   address, the metro, the description, the author, «Показать телефон» and the chat;
 * - `grid`, the home page's best deals: the photo, the price on one line, the title, the facts, the
 *   address, the nearest metro and «Показать телефон», in a box of fixed height;
 * - `slide`, a slider's (similar listings, the viewed ones): the photo, the price, the facts, two
 *   lines of title and the address.
 */
export type CardVariant = 'row' | 'grid' | 'slide';

/** what the tests and the page's scripts find each variant's parts by */
const TEST_IDS: Record<CardVariant, { card: string; title: string; price: string }> = {
  row: { card: 'publication-card', title: 'card-title', price: 'price' },
  grid: { card: 'best-deal', title: 'best-deal-title', price: 'price' },
  slide: { card: 'slide-card', title: 'slide-title', price: 'slide-price' },
};

/** the slot a grid card's photo fills: one column on phones, two from 500 px (sm), three from 768 (md; app/theme.ts) */
const GRID_PHOTO_SIZES = '(max-width: 499px) 100vw, (max-width: 767px) 50vw, 400px';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * A listing's card. Memoised: a page's re-render (its search refetching) leaves unchanged cards
 * alone. Its frame and text have static styles; its photo and its text hydrate when a visitor
 * reaches into them, the heart as it nears the screen (it shows this browser's favourites).
 */
export const ListingCard = memo(function ListingCard({
  publication,
  variant,
  priority,
  to,
}: {
  publication: Publication;
  variant: CardVariant;
  priority?: boolean;
  /** where the card leads instead of the deal's listing page (a flat inside its complex) */
  to?: string;
}) {
  const [search] = useSearchParams();
  // a daily-rent card carries the search's dates and guests into the listing's booking form
  const href =
    to ??
    withStay(`${DEAL_ROUTES[publication.dealCategory]}/${publication.id}`, publication.dealCategory, search);
  const card = useCardView(publication.id);
  const ids = TEST_IDS[variant];
  const facts = [
    roomsLabel(publication.roomCount),
    areaLabel(publication.totalArea),
    floorLabel(publication.floor, publication.floorsCount),
  ]
    .filter(Boolean)
    .join(' · ');
  const photo = publication.images[0];
  return (
    <article ref={card} className={classes(styles.card, styles[variant])} data-testid={ids.card}>
      <div className={styles.photo}>
        <HydrateLater on="interaction">
          {variant === 'row' ? (
            <CardPhotos publication={publication} href={href} priority={priority} />
          ) : photo ? (
            <RouterLink to={href} tabIndex={-1} aria-hidden className={styles.photoLink}>
              <ListingPhoto
                photo={photo}
                size="card"
                alt=""
                sizes={variant === 'grid' ? GRID_PHOTO_SIZES : undefined}
                priority={priority}
                className={styles.image}
              />
            </RouterLink>
          ) : (
            <RouterLink to={href} tabIndex={-1} aria-hidden className={styles.noPhoto}>
              Нет фото
            </RouterLink>
          )}
        </HydrateLater>
        {publication.isTop && <span className={styles.best}>Лучшие</span>}
        <HydrateLater>
          <div className={styles.heart}>
            <FavouriteButton publicationId={publication.id} />
          </div>
        </HydrateLater>
      </div>
      <HydrateLater on="interaction">
        <div className={styles.body}>
          {variant === 'row' ? (
            <>
              <Title href={href} testId={ids.title} title={publication.title} />
              <p className={styles.secondary}>{facts}</p>
              <PriceBlock publication={publication} testId={ids.price} />
              {depositLabel(publication) && <p className={styles.secondary}>{depositLabel(publication)}</p>}
              <p>{publication.address.fullAddress}</p>
              <MetroStations publication={publication} />
              <p className={styles.description}>{publication.description}</p>
              <div className={styles.grow} />
              <HydrateLater>
                <div className={styles.author}>
                  <div>
                    <p className={styles.authorName}>{publication.agency?.name ?? publication.author.name}</p>
                    <p className={styles.caption}>
                      {publication.agency ? `${publication.author.name} · ` : ''}
                      {updatedAgo(publication.updatedAt)}
                    </p>
                  </div>
                  <div className={styles.actions}>
                    <PhoneButton publicationId={publication.id} />
                    <ChatButton
                      publicationId={publication.id}
                      authorId={publication.author.id}
                      variant="outlined"
                    />
                  </div>
                </div>
              </HydrateLater>
            </>
          ) : variant === 'grid' ? (
            <>
              <PriceBlock publication={publication} size="small" testId={ids.price} />
              <Title href={href} testId={ids.title} title={publication.title} oneLine />
              <p className={classes(styles.secondary, styles.oneLine)}>
                {facts || publication.propertyTypeName}
              </p>
              <p className={styles.oneLine}>{publication.address.fullAddress}</p>
              <p className={classes(styles.secondary, styles.oneLine, styles.station)}>
                {nearestStation(publication)}
              </p>
              <div className={styles.grow} />
              <PhoneButton publicationId={publication.id} fullWidth />
            </>
          ) : (
            <>
              <PriceBlock publication={publication} testId={ids.price} />
              <p className={classes(styles.secondary, styles.oneLine)}>{facts}</p>
              <Title href={href} testId={ids.title} title={publication.title} />
              <p className={classes(styles.secondary, styles.oneLine)}>{publication.address.fullAddress}</p>
            </>
          )}
        </div>
      </HydrateLater>
    </article>
  );
});

function Title({
  href,
  testId,
  title,
  oneLine,
}: {
  href: string;
  testId: string;
  title: string;
  oneLine?: boolean;
}) {
  return (
    <RouterLink to={href} className={classes(styles.title, oneLine && styles.oneLine)} data-testid={testId}>
      {title}
    </RouterLink>
  );
}

function nearestStation(p: Publication) {
  const station = p.address.metro.stations[0];
  return station ? `м. ${station.name}, ${station.time}\u00a0мин.` : '';
}

/** A grid card's place while the deals load: the same boxes, so nothing moves when they arrive. */
export function ListingCardSkeleton() {
  return (
    <div className={classes(styles.card, styles.grid)} aria-hidden data-testid="best-deal-skeleton">
      <div className={styles.photo}>
        <Skeleton
          variant="rectangular"
          animation="wave"
          sx={{ position: 'absolute', inset: 0, height: 'auto' }}
        />
      </div>
      <div className={styles.body}>
        <Skeleton width="55%" height={30} />
        <Skeleton width="85%" height={24} />
        <Skeleton width="60%" height={20} />
        <Skeleton width="75%" height={20} />
        <div className={styles.grow} />
        <Skeleton variant="rounded" height={36} />
      </div>
    </div>
  );
}
