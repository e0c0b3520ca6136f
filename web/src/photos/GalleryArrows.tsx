import { firstScreen } from '../app/firstScreen';

const styles = firstScreen.gallery;
/** MUI's ChevronLeft and ChevronRight paths: the arrows draw no MUI component (static CSS) */
const CHEVRONS = {
  previous: 'M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z',
  next: 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z',
};

/**
 * The previous and next arrows over a photo, the same in a catalogue card, the listing's gallery and
 * the full screen; their parent is positioned. `onStep` gets −1 or 1 (the caller goes round the ends).
 * Plain buttons with static styles (Gallery.module.css): a card's or a gallery's arrows cost no
 * style work when they hydrate.
 */
export function GalleryArrows({
  onStep,
  look = 'light',
  size = 'medium',
}: {
  onStep: (by: -1 | 1) => void;
  /** light: a white disc on a photo in the page; dark: a faint one on the full screen's black */
  look?: 'light' | 'dark';
  /** small: a catalogue card's; medium: the listing's gallery; large: the full screen's */
  size?: 'small' | 'medium' | 'large';
}) {
  const arrow = (which: 'previous' | 'next', by: -1 | 1, label: string) => (
    <button
      type="button"
      aria-label={label}
      className={[styles.button, styles.arrow, styles[which], styles[look], size !== 'medium' && styles[size]]
        .filter(Boolean)
        .join(' ')}
      onClick={() => onStep(by)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={CHEVRONS[which]} />
      </svg>
    </button>
  );
  return (
    <>
      {arrow('previous', -1, 'Предыдущее фото')}
      {arrow('next', 1, 'Следующее фото')}
    </>
  );
}
