import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { ListingSlider } from './ListingSlider';
import { publicationsByIdsQuery } from './queries';
import { useRecentlyViewed } from './recentlyViewed';

/**
 * «Вы смотрели»: the listings this browser opened last (16 at most), the one shown now left out
 * (a listing's page; the account's summary shows them all). Nothing while there are none.
 */
export function RecentlyViewed({ currentId }: { currentId?: string }) {
  const ids = useRecentlyViewed().filter((id) => id !== currentId);
  const viewed = useQuery({ ...publicationsByIdsQuery(ids), enabled: ids.length > 0 });
  const listings = useDeferredValue(viewed.data);
  if (ids.length === 0 || viewed.data?.length === 0 || viewed.isError) return null;
  return (
    <ListingSlider
      title="Вы смотрели"
      listings={listings}
      testId="recently-viewed"
      skeletons={Math.min(ids.length, 4)}
    />
  );
}
