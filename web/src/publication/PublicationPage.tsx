import IosShareIcon from '@mui/icons-material/IosShare';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Box, Button, Chip, GlobalStyles, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { ApiError, DEAL_ROUTES, formatCharacteristic, formatPrice, updatedAgo } from '@estate/client';
import { getPublication } from '../api/client';
import type { Publication as PublicationDto } from '../api/types';
import { breadcrumbs, SITE_NAME, useHead, useOrigin } from '../app/head';
import { publicationQuery, similarQuery } from './queries';
import { depositLabel, MetroStations, PriceBlock } from '../catalogue/cardParts';
import { PhoneButton, usePhoneReveal, type PhoneReveal } from '../catalogue/PhoneButton';
import { ChatButton } from '../chat/ChatButton';
import { FavouriteButton } from '../catalogue/FavouriteButton';
import { ErrorPage } from '../errors/ErrorPage';
import { POINT_MAP_HEIGHT } from '../map/settings';
import { WhenNear } from '../map/WhenNear';
import { PhotoGallery } from '../photos/PhotoGallery';
import { LazyComplaintDialog, LazyRequestDialog, useLazyModal } from '../leads/openers';
import { CALLBACK_FORM } from '../leads/forms';
import { isBest, pricePerMetre } from './facts';
import { rememberViewed } from './recentlyViewed';
import { ClippedText } from './ClippedText';
import { HydrateLater } from '../app/hydrateLater';
import { preloadable } from '../app/lazyPart';
import { BOTTOM_MENU_HEIGHT, useHiddenOnScrollDown } from '../home/BottomMenu';
import { firstScreen } from '../app/firstScreen';

const styles = firstScreen.listing;

/**
 * The main photo's width in the layout: the screen less the container's padding below md, then the
 * 8-of-12 column (less the grid's 32 px gap) of the lg container, 1251 px at most (app/theme.ts). A one-density
 * phone's 343 px then takes the card size.
 */
const MAIN_PHOTO_SLOT = [
  '(min-width: 1251px) 791px',
  '(min-width: 768px) calc(66.7vw - 43px)',
  '(min-width: 500px) calc(100vw - 48px)',
  'calc(100vw - 32px)',
].join(', ');

/** the listing's point: the map library loads only with it */
const PointMap = lazy(() => import('../map/PointMap'));
/** the share menu and the views' chart: each its own chunk, loaded on its first click */
const ShareMenu = lazy(() => import('./ShareMenu'));
/**
 * Below the first screen, in chunks of their own: the similar listings' slider (its part keeps the
 * server's markup until the code has come) and «Вы смотрели» (this browser's, never on the server's page).
 */
const ListingSlider = lazy(() => import('./ListingSlider').then((m) => ({ default: m.ListingSlider })));
/** the price's history (a link and its popover's chart of changes), hydrated once its code has come */
const PriceHistory = lazy(() => import('./PriceHistory').then((m) => ({ default: m.PriceHistory })));
const RecentlyViewed = lazy(() => import('./RecentlyViewed').then((m) => ({ default: m.RecentlyViewed })));
const ViewsDialog = lazy(() => import('./ViewsDialog'));
/**
 * The booking form, daily rent's only: its date pickers (the site's largest library) load with it,
 * not with a sale's or a rent's page. A daily-rent listing's route loads it before the server
 * renders and before the browser hydrates (`preloadReserveCard`), so both render it at once: a
 * boundary still waiting for its code when the page re-renders after hydrating would be thrown
 * away and drawn again from its fallback. A listing reached by a link shows the skeleton a moment.
 */
const ReserveCardChunk = preloadable(() => import('../booking/ReserveCard').then((m) => m.ReserveCard));
export const preloadReserveCard = ReserveCardChunk.preload;
function ReserveCard({ publication }: { publication: PublicationDto }) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={960} aria-label="Загрузка формы" />}>
      <ReserveCardChunk publication={publication} />
    </Suspense>
  );
}

/** product.md: the similar listings' slider shows 6 cards */
const SIMILAR_COUNT = 6;
/** the phone's sticky bar: its height, kept free under the page (the body's padding) so it covers nothing */
const STICKY_BAR_HEIGHT = 72;

/** phones: the site's bottom menu is there (home/BottomMenu) */
const UNDER_TABLET = '@media (max-width: 767.95px)';

export function PublicationPage() {
  const { id = '' } = useParams();
  // a new listing is a new page: its state (the photo shown) starts afresh
  return <Publication key={id} id={id} />;
}

function PublicationSkeleton() {
  return (
    <Grid container spacing={4} aria-busy aria-label="Загрузка">
      <Grid size={{ xs: 12, md: 8 }}>
        <Stack spacing={2}>
          <Skeleton variant="text" height={48} />
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Skeleton variant="rounded" height={320} />
      </Grid>
    </Grid>
  );
}

const DEAL_NAMES = { sale: 'Продажа', rent: 'Аренда', dailyRent: 'Посуточно' } as const;

/** schema.org: a listing is an Offer of a residence (Apartment or House) with its price, and its crumbs. */
function listingJsonLd(p: PublicationDto, origin: string, path: string) {
  const image = p.images[0]?.path;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Offer',
      name: p.title,
      description: p.description.slice(0, 500),
      url: `${origin}${path}`,
      price: p.price,
      priceCurrency: 'RUB',
      availability: 'https://schema.org/InStock',
      businessFunction:
        p.dealCategory === 'sale'
          ? 'http://purl.org/goodrelations/v1#Sell'
          : 'http://purl.org/goodrelations/v1#LeaseOut',
      ...(image ? { image: image.startsWith('http') ? image : `${origin}${image}` } : {}),
      itemOffered: {
        '@type': 'Accommodation',
        name: p.title,
        address: { '@type': 'PostalAddress', streetAddress: p.address.fullAddress, addressCountry: 'RU' },
        ...(p.address.geo
          ? { geo: { '@type': 'GeoCoordinates', latitude: p.address.geo.lat, longitude: p.address.geo.lon } }
          : {}),
      },
      seller: { '@type': p.agency ? 'RealEstateAgent' : 'Person', name: p.agency?.name ?? p.author.name },
    },
    breadcrumbs(origin, [
      ['Главная', '/'],
      [DEAL_NAMES[p.dealCategory], DEAL_ROUTES[p.dealCategory]],
      [p.title, path],
    ]),
  ];
}

const MapPlaceholder = () => <Box sx={{ height: POINT_MAP_HEIGHT, borderRadius: 2, bgcolor: 'grey.200' }} />;

function Publication({ id }: { id: string }) {
  const phone = usePhoneReveal(id);
  const answer = useQuery(publicationQuery(id));
  const origin = useOrigin();
  const { pathname } = useLocation();
  const p = answer.data?.publication;
  useHead(
    p
      ? {
          title: `${p.title} — ${p.address.fullAddress} — ${SITE_NAME}`,
          description: `${formatPrice(p.price)}. ${p.description}`.replace(/\s+/g, ' ').slice(0, 160),
          canonical: pathname,
          ogType: 'product',
          image: p.images[0]?.path ?? null,
          jsonLd: listingJsonLd(p, origin, pathname),
        }
      : null,
  );
  // a page the server rendered (or one cached from a visit a moment ago) asked nothing of the API
  // in the browser: the opening is counted by the visitor's id once (the server counts it a day)
  const fetchedHere = answer.isFetchedAfterMount;
  useEffect(() => {
    if (!fetchedHere && p) void getPublication(id).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per listing shown
  }, [id, Boolean(p)]);
  // «Вы смотрели» on the next listing: this one goes first in the browser's list
  const shown = Boolean(p);
  // when the browser is idle: a first write opens its storage (~15 ms), which the page's start can do without
  useEffect(() => {
    if (!shown) return;
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(() => rememberViewed(id), 500);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => rememberViewed(id), { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, [id, shown]);

  if (answer.isPending) return <PublicationSkeleton />;
  if (answer.isError)
    return <ErrorPage code={answer.error instanceof ApiError ? answer.error.status || 500 : 500} />;
  if (!p) return <ErrorPage code={answer.data.missing ?? 404} />;
  // the page hydrates after the layout, in a task of its own, and its parts each in theirs
  return (
    <HydrateLater>
      <div className={styles.page}>
        <div className={styles.columns}>
          <div className={styles.main}>
            <ListingTags publication={p} />
            <h1 className={styles.title}>{p.title}</h1>
            <p className={styles.secondary}>{p.address.fullAddress}</p>
            <MetroStations publication={p} />
            <HydrateLater on="interaction">
              <ListingActions publication={p} />
            </HydrateLater>
            {/* the gallery's controls hydrate when a visitor reaches into them */}
            <HydrateLater on="interaction">
              <PhotoGallery
                photos={p.images}
                title={p.title}
                label="Фотографии объявления"
                sizes={MAIN_PHOTO_SLOT}
              />
            </HydrateLater>
            {p.address.geo && (
              <>
                <h2 className={styles.heading}>На карте</h2>
                {/* the map's library and tiles load once a visitor scrolls near it (never on the server) */}
                <WhenNear placeholder={<MapPlaceholder />}>
                  <Suspense fallback={<MapPlaceholder />}>
                    <PointMap lat={p.address.geo.lat} lon={p.address.geo.lon} label={p.title} />
                  </Suspense>
                </WhenNear>
              </>
            )}
            <h2 className={styles.heading}>Характеристики</h2>
            <dl className={styles.facts}>
              {p.characteristics.map((c) => {
                const { label, value } = formatCharacteristic(c);
                return (
                  <div key={c.characteristicField} data-testid={`characteristic-${c.characteristicField}`}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                );
              })}
            </dl>
            <h2 className={styles.heading}>Описание</h2>
            <HydrateLater>
              <ClippedText text={p.description} lines={5} />
            </HydrateLater>
          </div>
          <div>
            {/* a daily stay's form with its calendar is taller than a screen: it scrolls with the page */}
            <HydrateLater>
              <div
                className={p.dealCategory === 'dailyRent' ? styles.card : `${styles.card} ${styles.sticky}`}
              >
                {/* its controls hydrate each in a task of their own (at once when touched) */}
                <div className={styles.cardStack}>
                  <HydrateLater>
                    <div className={styles.priceRow}>
                      <PriceBlock publication={p} size="large" />
                      <FavouriteButton publicationId={p.id} />
                    </div>
                  </HydrateLater>
                  {pricePerMetre(p) && (
                    <p className={styles.secondary} data-testid="price-per-metre">
                      {pricePerMetre(p)}
                    </p>
                  )}
                  <Suspense fallback={null}>
                    <PriceHistory publicationId={p.id} />
                  </Suspense>
                  {depositLabel(p) && (
                    <p className={styles.secondary} data-testid="deposit">
                      {depositLabel(p)}
                    </p>
                  )}
                  <hr className={styles.divider} />
                  <div>
                    <p className={styles.author}>{p.author.name}</p>
                    {p.agency && <p className={styles.agency}>{p.agency.name}</p>}
                  </div>
                  <HydrateLater>
                    <PhoneButton publicationId={p.id} fullWidth shared={phone} />
                  </HydrateLater>
                  <HydrateLater>
                    <ChatButton publicationId={p.id} authorId={p.author.id} fullWidth />
                  </HydrateLater>
                  {p.dealCategory === 'dailyRent' && (
                    <>
                      <hr className={styles.divider} />
                      <HydrateLater>
                        <div id="booking" className={styles.booking}>
                          <ReserveCard publication={p} />
                        </div>
                      </HydrateLater>
                    </>
                  )}
                  <ListingRequests publication={p} />
                  <span className={styles.updated}>{updatedAgo(p.updatedAt)}</span>
                </div>
              </div>
            </HydrateLater>
          </div>
        </div>
        <SimilarListings publication={p} />
        <Suspense fallback={null}>
          <RecentlyViewed currentId={p.id} />
        </Suspense>
        <StickyBar publication={p} phone={phone} />
      </div>
    </HydrateLater>
  );
}

/** popup-phone, popup-credit (a sale) and the complaint of a listing: each modal loaded on its first click. */
function ListingRequests({ publication: p }: { publication: PublicationDto }) {
  const titlePage = p.title;
  const callback = useLazyModal(LazyRequestDialog, { ...CALLBACK_FORM, titlePage });
  const credit = useLazyModal(LazyRequestDialog, {
    kind: 'credit',
    title: 'Заявка на ипотеку',
    subtitle: 'Поможем подобрать ипотечную программу для этой квартиры',
    submitLabel: 'Отправить заявку',
    textLabel: 'Комментарий',
    fixedText: '',
    titlePage,
  });
  const complaint = useLazyModal(LazyComplaintDialog, { publicationId: p.id });
  return (
    <>
      <Stack direction="row" flexWrap="wrap" columnGap={1}>
        <Button size="small" onClick={callback.open}>
          {CALLBACK_FORM.title}
        </Button>
        {p.dealCategory === 'sale' && (
          <Button size="small" onClick={credit.open}>
            Заявка на ипотеку
          </Button>
        )}
        <Button size="small" color="inherit" onClick={complaint.open}>
          Пожаловаться
        </Button>
      </Stack>
      {callback.element}
      {credit.element}
      {complaint.element}
    </>
  );
}

/** The listing's tags: 'Лучшие' in a top place, the deal and the property type. */
function ListingTags({ publication: p }: { publication: PublicationDto }) {
  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap data-testid="listing-tags">
      {isBest(p) && <Chip label="Лучшие" color="secondary" size="small" />}
      <Chip label={DEAL_NAMES[p.dealCategory]} size="small" variant="outlined" />
      <Chip label={p.propertyTypeName} size="small" variant="outlined" />
    </Stack>
  );
}

/** «Поделиться» (a menu) and «Просмотры» (the 10 days' chart): both load their code on the first click. */
function ListingActions({ publication: p }: { publication: PublicationDto }) {
  const [shareAnchor, setShareAnchor] = useState<HTMLElement | null>(null);
  const [shareUsed, setShareUsed] = useState(false);
  const [viewsOpen, setViewsOpen] = useState<boolean | null>(null);
  const { pathname } = useLocation();
  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        startIcon={<IosShareIcon />}
        aria-haspopup="menu"
        aria-expanded={shareAnchor !== null}
        onClick={(e) => {
          setShareAnchor(e.currentTarget);
          setShareUsed(true);
        }}
      >
        Поделиться
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        startIcon={<VisibilityOutlinedIcon />}
        aria-haspopup="dialog"
        onClick={() => setViewsOpen(true)}
      >
        Просмотры
      </Button>
      {shareUsed && (
        <Suspense fallback={null}>
          <ShareMenu
            open={shareAnchor !== null}
            anchorEl={shareAnchor}
            onClose={() => setShareAnchor(null)}
            url={`${window.location.origin}${pathname}`}
            title={p.title}
          />
        </Suspense>
      )}
      {viewsOpen !== null && (
        <Suspense fallback={null}>
          <ViewsDialog open={viewsOpen} onClose={() => setViewsOpen(false)} publicationId={p.id} />
        </Suspense>
      )}
    </Stack>
  );
}

/** «Похожие объявления»: 6 in a slider; its skeletons hold the place until they come, none — no section. */
function SimilarListings({ publication: p }: { publication: PublicationDto }) {
  const similar = useQuery(similarQuery(p.id, p.dealCategory));
  // the cards in a transition once the answer comes (a query's answer re-renders at once, in one task)
  const listings = useDeferredValue(similar.data);
  const shown = useMemo(() => listings?.slice(0, SIMILAR_COUNT), [listings]);
  if (similar.data?.length === 0 || similar.isError) return null;
  return (
    <HydrateLater>
      <ListingSlider title="Похожие объявления" listings={shown} testId="similar-listings" />
    </HydrateLater>
  );
}

/**
 * A phone's bar at the bottom of the screen (below md): the price and «Показать телефон» — the
 * same reveal as the card's, so after it the button is «Позвонить» and dials — or «Забронировать»
 * (to the booking form) for daily rent. The page keeps its height free at the bottom.
 */
function StickyBar({ publication: p, phone }: { publication: PublicationDto; phone: PhoneReveal }) {
  // the site's bottom menu (below 768 px) stands under the bar while it is shown, and slides away with it
  const [menuHidden] = useHiddenOnScrollDown();
  const suffix = p.dealCategory === 'dailyRent' ? '/день' : p.dealCategory === 'rent' ? '/мес.' : '';
  return (
    <>
      {/* the page's end (the footer too) scrolls out from under the bar; a toast stands above it */}
      <GlobalStyles
        styles={(t) => ({
          [t.breakpoints.down('md')]: {
            body: { paddingBottom: STICKY_BAR_HEIGHT },
            ':root': { '--sticky-bar-height': `${STICKY_BAR_HEIGHT}px` },
          },
        })}
      />
      <Box
        role="region"
        aria-label="Цена и связь"
        data-testid="sticky-bar"
        sx={{
          display: { xs: 'flex', md: 'none' },
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: (t) => t.zIndex.appBar,
          height: STICKY_BAR_HEIGHT,
          px: 2,
          gap: 1.5,
          alignItems: 'center',
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          boxShadow: '0 -4px 12px rgba(0,0,0,0.06)',
          pb: 'env(safe-area-inset-bottom)',
          transition: 'transform 200ms ease',
          [UNDER_TABLET]: {
            transform: menuHidden
              ? 'none'
              : `translateY(calc(-${BOTTOM_MENU_HEIGHT}px - env(safe-area-inset-bottom)))`,
          },
        }}
      >
        <Typography
          fontWeight={700}
          sx={{ flex: 1, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {formatPrice(p.price)}
          {suffix}
        </Typography>
        <Box sx={{ flex: '0 0 auto' }}>
          {p.dealCategory === 'dailyRent' ? (
            <Button
              variant="contained"
              onClick={() => document.getElementById('booking')?.scrollIntoView({ behavior: 'smooth' })}
            >
              Забронировать
            </Button>
          ) : (
            <PhoneButton publicationId={p.id} shared={phone} shownLabel="Позвонить" />
          )}
        </Box>
      </Box>
    </>
  );
}
