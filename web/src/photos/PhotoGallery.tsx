import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { firstScreen } from '../app/firstScreen';
import { GalleryArrows } from './GalleryArrows';
import { ListingPhoto, type ListingPhotoData } from './ListingPhoto';
import { stepped, useSwipe } from './swipe';

const styles = firstScreen.gallery;

/** the full-screen view: its own chunk, loaded on the first opening (or on a pointer over the photo) */
const loadFullScreen = () => import('./FullScreenGallery');
const FullScreenGallery = lazy(loadFullScreen);

/**
 * The one photo gallery of the site (a listing, a residential complex): the main photo with arrows,
 * a counter «3 / 12» and a swipe; thumbnails choosing it; a click on the photo opens the full-screen
 * view (swipe, arrows, ←/→, Esc, the counter), which loads only then. Photos without sizes (a
 * complex's) are shown by their path. Plain elements with static styles (Gallery.module.css): a
 * listing's first screen.
 */
export function PhotoGallery({
  photos,
  title,
  label,
  sizes,
}: {
  photos: ListingPhotoData[];
  /** the photos' alt text begins with it */
  title: string;
  /** the thumbnails' group name: «Фотографии объявления» */
  label: string;
  /** the main photo's slot width (ListingPhoto's `sizes`) */
  sizes: string;
}) {
  const [index, setIndex] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  const count = photos.length;
  const step = (by: number) => setIndex((i) => stepped(i, by, count));
  const swipe = useSwipe(step);
  const strip = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    // the chosen thumbnail comes into the strip's view (never on the first render: the page stays put)
    if (!moved.current) {
      moved.current = true;
      return;
    }
    const thumb = strip.current?.children[index] as HTMLElement | undefined;
    const box = strip.current;
    if (thumb && box) box.scrollTo({ left: thumb.offsetLeft - (box.clientWidth - thumb.offsetWidth) / 2 });
  }, [index]);
  const photo = photos[index];
  return (
    <div className={styles.gallery}>
      <div className={styles.frame} data-testid="gallery">
        {photo ? (
          <button
            type="button"
            className={`${styles.button} ${styles.photoButton}`}
            onClick={() => setFullScreen(true)}
            onPointerEnter={() => void loadFullScreen()}
            aria-label={`Открыть фото ${index + 1} из ${count} на весь экран`}
            {...swipe}
          >
            <ListingPhoto
              photo={photo}
              size="full"
              sizes={sizes}
              alt={`${title}. Фото ${index + 1} из ${count}`}
              priority={index === 0}
              className={styles.photo}
            />
          </button>
        ) : (
          <div className={styles.noPhoto}>Нет фото</div>
        )}
        {count > 1 && (
          <>
            <GalleryArrows onStep={step} />
            <Counter index={index} count={count} />
          </>
        )}
      </div>
      {count > 1 && (
        <div ref={strip} className={styles.thumbs} role="group" aria-label={label}>
          {photos.map((image, i) => (
            <button
              type="button"
              key={image.path}
              className={`${styles.button} ${styles.thumb}`}
              onClick={() => setIndex(i)}
              aria-pressed={i === index}
              aria-label={`Фото ${i + 1} из ${count}`}
            >
              <ListingPhoto photo={image} size="thumb" alt="" className={styles.photo} />
            </button>
          ))}
        </div>
      )}
      {fullScreen && (
        <Suspense fallback={null}>
          <FullScreenGallery
            photos={photos}
            title={title}
            index={index}
            onIndex={setIndex}
            onClose={() => setFullScreen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** «3 / 12» over the photo's corner */
export function Counter({ index, count, dark }: { index: number; count: number; dark?: boolean }) {
  return (
    <span
      aria-live="polite"
      data-testid="gallery-counter"
      className={dark ? `${styles.counter} ${styles.counterDark}` : styles.counter}
    >
      {`${index + 1} / ${count}`}
    </span>
  );
}
