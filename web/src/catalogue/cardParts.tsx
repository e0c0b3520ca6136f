import DirectionsWalkIcon from '@mui/icons-material/DirectionsWalk';
import DirectionsBusIcon from '@mui/icons-material/DirectionsBus';
import { useEffect, useRef } from 'react';
import { depositText, formatPrice, SCREEN_READER_ONLY } from '@estate/client';
import type { Publication } from '../api/types';
import { recordView } from '../api/visitor';
import { firstScreen } from '../app/firstScreen';

const styles = firstScreen.cardParts;

/**
 * What a listing's cards and its own page show alike: the price block, the deposit, the metro
 * stations, the view counted once a card was seen. Apart from the catalogue card, so the listing's
 * page does not load the card (its photos' slider).
 */

export function PriceBlock({
  publication,
  size = 'medium',
  testId = 'price',
}: {
  publication: Publication;
  /** large: the listing's own page; small: a grid card's one line */
  size?: 'large' | 'medium' | 'small';
  /** a card among others (a slider under the listing) names its price apart from the page's own */
  testId?: string;
}) {
  const perDay = publication.dealCategory === 'dailyRent';
  const perMonth = publication.dealCategory === 'rent';
  return (
    <div className={[styles.price, size !== 'medium' && styles[size]].filter(Boolean).join(' ')}>
      {/* the price itself holds only no-break spaces; nowrap also keeps '/день' on its line */}
      <p className={styles.amount} data-testid={testId}>
        {formatPrice(publication.price)}
        {perDay ? '/день' : perMonth ? '/мес.' : ''}
      </p>
      {/* the old price, struck through, once the price has dropped (a raised price shows none) */}
      {publication.actualPrice !== null && publication.actualPrice > publication.price && (
        <s className={styles.old} data-testid="old-price">
          <span style={SCREEN_READER_ONLY}>Старая цена: </span>
          {formatPrice(publication.actualPrice)}
        </s>
      )}
    </div>
  );
}

export function depositLabel(p: Publication) {
  if (p.dealCategory === 'sale') return null;
  return depositText(p.deposit);
}

export function MetroStations({ publication }: { publication: Publication }) {
  return (
    <>
      {publication.address.metro.stations.map((s) => (
        <div key={s.name} className={styles.station}>
          <span className={styles.line} />
          <span>{s.name}</span>
          {s.pedestrian_time ? (
            <DirectionsWalkIcon sx={{ fontSize: 16 }} />
          ) : (
            <DirectionsBusIcon sx={{ fontSize: 16 }} />
          )}
          <span>{`${s.time}\u00a0мин.`}</span>
        </div>
      ))}
    </>
  );
}

/** A card's view counts once the whole card has been on the screen: the ref goes on the card. */
export function useCardView(publicationId: string) {
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry.intersectionRatio >= 0.99) {
          recordView(publicationId);
          observer.disconnect();
        }
      },
      { threshold: 1 },
    );
    if (card.current) observer.observe(card.current);
    return () => observer.disconnect();
  }, [publicationId]);
  return card;
}
