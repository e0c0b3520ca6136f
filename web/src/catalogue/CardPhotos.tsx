import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Publication } from '../api/types';
import { ListingPhoto } from '../photos/ListingPhoto';
import { GalleryArrows } from '../photos/GalleryArrows';
import { stepped } from '../photos/swipe';
import { firstScreen } from '../app/firstScreen';

const styles = firstScreen.cardPhotos;
/** the card's own: its photo and its «Нет фото» */
const card = firstScreen.card;

/** product.md, Listing cards: the standard card's slider shows the first 3 photos */
export const CARD_PHOTOS = 3;

/**
 * A catalogue card's photos: the listing's first 3 side by side in a strip that scrolls by whole
 * photos (scroll-snap: a finger swipes it as it is, before any script), arrows that step round the
 * ends, and a dot for each. Every photo leads to the listing; the photos after the first load as
 * they come into view.
 */
export function CardPhotos({
  publication,
  href,
  priority,
}: {
  publication: Publication;
  href: string;
  priority?: boolean;
}) {
  const photos = publication.images.slice(0, CARD_PHOTOS);
  const strip = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(0);
  // the strip's own position, not the state: it may have been scrolled before the card hydrated
  const current = () => {
    const box = strip.current;
    return box && box.clientWidth ? Math.round(box.scrollLeft / box.clientWidth) : 0;
  };
  const step = (by: 1 | -1) => {
    const box = strip.current;
    if (box)
      box.scrollTo({ left: stepped(current(), by, photos.length) * box.clientWidth, behavior: 'smooth' });
  };
  if (photos.length === 0)
    return (
      <RouterLink to={href} className={card.noPhoto}>
        Нет фото
      </RouterLink>
    );
  return (
    <div className={styles.frame}>
      <div
        ref={strip}
        onScroll={() => setShown(current())}
        data-testid="card-photos"
        className={styles.strip}
      >
        {photos.map((photo, i) => (
          <RouterLink
            key={i}
            to={href}
            // one stop for the keyboard and the screen reader: the photos after the first are the same link
            tabIndex={i === 0 ? undefined : -1}
            aria-hidden={i === 0 ? undefined : true}
            className={styles.photo}
          >
            <ListingPhoto
              photo={photo}
              size="card"
              alt={i === 0 ? publication.title : ''}
              priority={priority && i === 0}
              className={card.image}
            />
          </RouterLink>
        ))}
      </div>
      {photos.length > 1 && (
        <>
          <GalleryArrows onStep={step} size="small" />
          <div aria-hidden className={styles.dots}>
            {photos.map((_, i) => (
              <span key={i} className={i === shown ? `${styles.dot} ${styles.shown}` : styles.dot} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
