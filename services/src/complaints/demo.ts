import { CATALOGUE, type CatalogueDocument } from '@estate/projections';
import type { AppContext } from '../core/context';
import { DEMO_CORRELATION } from '../core/demo';
import { derivedId } from '../core/ids';
import { fileComplaintAbout } from './complaint';

const COMPLAINTS = [
  {
    phone: '79161110011',
    email: 'pokupatel@demo.estate',
    comment: 'Фотографии не этой квартиры, на просмотре всё иначе',
  },
  {
    phone: '79161110012',
    email: 'visitor@demo.estate',
    comment: 'Цена в объявлении ниже, чем называют по телефону',
  },
  {
    phone: '79161110013',
    email: 'sosed@demo.estate',
    comment: 'Квартира уже продана, а объявление всё ещё висит',
  },
];

/**
 * Three open complaints of visitors about two published listings of the second demo agency, filed
 * through the complaint's commands with the seed's correlation: the moderators' queue has something to show.
 */
export async function seedDemoComplaints(ctx: AppContext) {
  const listings = await ctx.readStore
    .collection<CatalogueDocument>(CATALOGUE)
    .find({ agencyId: 'demo-agency-2', status: 1 }, { sort: { _id: 1 }, limit: 2 });
  if (listings.length === 0) return;
  for (const [i, complaint] of COMPLAINTS.entries()) {
    // two about the first listing, one about the second
    const listing = listings[i < 2 ? 0 : listings.length - 1];
    const complaintId = derivedId('demo-complaint', String(i));
    await fileComplaintAbout(
      ctx.eventStore,
      complaintId,
      listing,
      { ...complaint, userId: null },
      { actor: 'seed', correlationId: DEMO_CORRELATION },
    );
  }
}
