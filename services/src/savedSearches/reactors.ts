import type { EventData, MatchedListing, StoredEvent } from '@estate/events';
import type { AppContext } from '../core/context';
import type { Config } from '../core/config';
import { fold } from '../core/decider';
import { isDemoFact } from '../core/demo';
import { defineReactor, effectId } from '../core/reactors/reactor';
import { userDecider, userStream } from '../identity';
import { queueEmail, queueSms } from '../notifications';
import { accountUrl, listingUrl, unsubscribeUrl } from './links';
import { SavedSearchMatcher } from './matcher';
import { savedSearchesDecider, savedSearchesStream } from './savedSearch';

export const SAVED_SEARCH_MATCHER = 'saved-searches-matcher';
export const SAVED_SEARCH_ALERTS = 'saved-searches-alerts';

const rub = (n: number) => `${n.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')} ₽`;

function listingLines(config: Config, publicationId: string, kind: 'new' | 'price-drop', l: MatchedListing) {
  const price =
    kind === 'price-drop' && l.oldPrice !== null
      ? `${rub(l.price)} (цена снижена, было ${rub(l.oldPrice)})`
      : rub(l.price);
  return [l.title, `Цена: ${price}`, l.address, listingUrl(config, l.dealCategory, publicationId)];
}

/** The letter and the SMS of an instant alert: one listing, the searches it matched. */
export function instantMessage(
  config: Config,
  userId: string,
  data: EventData<'SavedSearchMatched'>,
  names: Map<string, string>,
) {
  const searches = data.instant.searchIds.filter((id) => names.has(id));
  const kindOf = new Map(data.matches.map((m) => [m.searchId, m.kind]));
  const quote = (ids: string[]) => ids.map((id) => `«${names.get(id)}»`).join(', ');
  const fresh = searches.filter((id) => kindOf.get(id) === 'new');
  const cheaper = searches.filter((id) => kindOf.get(id) === 'price-drop');
  const drop = data.listing.oldPrice !== null;
  const subject =
    fresh.length > 0 ? `Новое объявление по поиску ${quote(fresh)}` : `Цена снижена: ${data.listing.title}`;
  const text = [
    'Здравствуйте!',
    '',
    ...(fresh.length ? [`По вашему сохранённому поиску ${quote(fresh)} появилось новое объявление:`] : []),
    ...(cheaper.length ? [`По вашему сохранённому поиску ${quote(cheaper)} снизилась цена объявления:`] : []),
    '',
    ...listingLines(config, data.publicationId, drop ? 'price-drop' : 'new', data.listing),
    '',
    `Все сохранённые поиски: ${accountUrl(config)}`,
    ...searches.map(
      (id) => `Отключить уведомления по поиску «${names.get(id)}»: ${unsubscribeUrl(config, userId, id)}`,
    ),
  ].join('\n');
  const link = listingUrl(config, data.listing.dealCategory, data.publicationId);
  const sms =
    fresh.length > 0
      ? `Новое объявление по поиску ${quote(fresh)}: ${rub(data.listing.price)} ${link}`
      : `Цена снижена до ${rub(data.listing.price)}: ${link}`;
  return { subject, text, sms };
}

/** The letter and the SMS of a daily or weekly digest, the listings grouped by search. */
export function digestMessage(
  config: Config,
  userId: string,
  data: EventData<'SavedSearchDigestSent'>,
  names: Map<string, string>,
) {
  const period = data.period === 'daily' ? 'за день' : 'за неделю';
  const lines = ['Здравствуйте!', '', `Новые объявления по вашим сохранённым поискам ${period}:`];
  for (const searchId of data.searchIds) {
    const items = data.items.filter((item) => item.searchId === searchId);
    if (items.length === 0) continue;
    lines.push('', `Поиск «${names.get(searchId) ?? 'без названия'}»:`);
    for (const item of items)
      lines.push('', ...listingLines(config, item.publicationId, item.kind, item.listing));
    lines.push('', `Отключить уведомления по этому поиску: ${unsubscribeUrl(config, userId, searchId)}`);
  }
  if (data.total > data.items.length)
    lines.push('', `И ещё ${data.total - data.items.length} — в личном кабинете.`);
  lines.push('', `Все сохранённые поиски: ${accountUrl(config)}`);
  return {
    subject: `Новые объявления по сохранённым поискам ${period}: ${data.total}`,
    text: lines.join('\n'),
    sms: `Новых объявлений по вашим поискам ${period}: ${data.total}. ${accountUrl(config)}`,
  };
}

/**
 * The alerts of saved searches:
 * - `saved-searches-matcher` follows the log: every listing published and every price drop of a
 *   published listing is matched against the active searches through the in-memory index; the
 *   searches' own events keep the index current. Matches are recorded on each user's stream.
 * - `saved-searches-alerts` sends what the matches and digests decided: an instant alert's letter
 *   and SMS, a digest's letter and SMS, as the user's notification switches allow (read as they
 *   were at the fact); job ids come from the event's id, so a redelivered fact sends nothing twice.
 * Demo facts tell nobody.
 */
export const savedSearchReactors = (ctx: AppContext) => {
  const matcher = new SavedSearchMatcher(ctx);
  return [
    defineReactor({
      name: SAVED_SEARCH_MATCHER,
      handles: [
        'SavedSearchCreated',
        'SavedSearchPaused',
        'SavedSearchResumed',
        'SavedSearchDeleted',
        'SavedSearchAlertsChanged',
        'PublicationPublished',
        'PublicationRestored',
        'PublicationPriceChanged',
      ],
      async react(event) {
        switch (event.type) {
          case 'SavedSearchCreated':
          case 'SavedSearchPaused':
          case 'SavedSearchResumed':
          case 'SavedSearchDeleted':
          case 'SavedSearchAlertsChanged':
            await matcher.refresh(event.data.searchId, event.position);
            return;
          case 'PublicationPublished':
            if (isDemoFact(event)) return;
            await matcher.matchListing(event.data.publicationId, 'published', event);
            return;
          case 'PublicationRestored':
            if (isDemoFact(event) || event.data.status !== 1) return;
            await matcher.matchListing(event.data.publicationId, 'published', event);
            return;
          case 'PublicationPriceChanged':
            if (isDemoFact(event) || event.data.newPrice >= event.data.oldPrice) return;
            await matcher.matchListing(event.data.publicationId, 'price-drop', event, event.data.oldPrice);
            return;
        }
      },
    }),
    defineReactor({
      name: SAVED_SEARCH_ALERTS,
      handles: ['SavedSearchMatched', 'SavedSearchDigestSent'],
      async react(event) {
        if (isDemoFact(event)) return;
        const { userId } = event.data;
        const until = (events: StoredEvent[]) => events.filter((e) => e.position <= event.position);
        const user = fold(userDecider, until(await ctx.eventStore.readStream(userStream(userId))));
        if (!user.registered || !user.settings.canReceiveNotifications) return;
        const searches = fold(
          savedSearchesDecider,
          until(await ctx.eventStore.readStream(savedSearchesStream(userId))),
        );
        const names = new Map([...searches.searches].map(([id, s]) => [id, s.name]));
        const wants =
          event.type === 'SavedSearchMatched'
            ? { email: event.data.instant.email, sms: event.data.instant.sms }
            : { email: event.data.email, sms: event.data.sms };
        if (event.type === 'SavedSearchMatched' && event.data.instant.searchIds.length === 0) return;
        const message =
          event.type === 'SavedSearchMatched'
            ? instantMessage(ctx.config, userId, event.data, names)
            : digestMessage(ctx.config, userId, event.data, names);
        if (wants.email && user.email && user.settings.canReceiveEmailNotifications)
          await queueEmail(
            ctx,
            { to: user.email, subject: message.subject, text: message.text },
            effectId(SAVED_SEARCH_ALERTS, event, 'email'),
          );
        if (wants.sms && user.settings.canReceiveSmsNotifications)
          await queueSms(
            ctx,
            { to: user.phone, text: message.sms },
            effectId(SAVED_SEARCH_ALERTS, event, 'sms'),
          );
      },
    }),
  ];
};
