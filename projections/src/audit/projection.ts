import { defineProjection, ignoreAlreadyApplied, type ProjectedEvent } from '../projection';
import type { ReadStore } from '../readStore/port';

/**
 * The agency's audit trail (issue 19, item 4): every action taken in an agency — its listings, their
 * promotion and tariffs, the wallet, the staff, the agency's profile, photos, bookings and their
 * calendars, the staff's chat messages — one entry per fact, with who (the metadata's actor), when,
 * from which session (`metadata.sessionId`, recorded since this issue; null before) and what it
 * changed. Built from events alone: it keeps its own copies of the listings, bookings and chats so
 * that a fact naming only a listing or a request finds its agency.
 */
export const AUDIT_TRAIL = 'audit_trail';
export const AUDIT_LISTINGS = 'audit_listings';
export const AUDIT_BOOKINGS = 'audit_bookings';
export const AUDIT_CHATS = 'audit_chats';

/** what an entry is about, for the filter by kind */
export const AUDIT_AREAS = {
  listings: 'Объявления',
  promotion: 'Продвижение и тарифы',
  wallet: 'Кошелёк',
  staff: 'Сотрудники',
  agency: 'Агентство',
  photos: 'Фото',
  bookings: 'Бронирования',
  calendar: 'Календарь',
  chats: 'Чаты',
} as const;
export type AuditArea = keyof typeof AUDIT_AREAS;

/** what an entry changed, so the cabinet can link to it */
export type AuditTarget = {
  type: 'publication' | 'booking' | 'employee' | 'agency' | 'wallet' | 'invoice' | 'photo' | 'chat';
  id: string;
  label: string | null;
};

export type AuditEntryDocument = {
  /** `<stream>@<revision>`: each fact once */
  _id: string;
  agencyId: string;
  at: string;
  kind: string;
  area: AuditArea;
  /** the person (user id) or the system part that acted; null when the log does not say */
  actorId: string | null;
  sessionId: string | null;
  summary: string;
  target: AuditTarget;
  position: number;
};

type ListingCopy = { _id: string; revision: number; agencyId: string; title: string; price: number };
type BookingCopy = {
  _id: string;
  agencyId: string;
  publicationId: string;
  title: string;
  startDate: string;
  endDate: string;
};
type ChatCopy = { _id: string; agencyId: string; visitorId: string | null; title: string };

const NBSP = '\u00a0';
const roubles = (n: number) => `${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f')}${NBSP}₽`;
const POSITION = { 1: 'Размещение', 2: 'Выделение', 3: 'Топ' } as const;
/** A tariff as a person reads it: its position's name (an id like '2-1-rent' names position, city and deal). */
const tariffName = (tariffId: string | null | undefined) => {
  const position = /^([123])-/.exec(tariffId ?? '')?.[1] as '1' | '2' | '3' | undefined;
  return position ? ` «${POSITION[position]}»` : '';
};
const dayText = (d: string) => d.split('-').reverse().join('.');
/** a moment in Moscow's time (UTC+3 all year since 2014), as «27.11.2026 10:00 (МСК)» */
const moscow = (iso: string) => {
  const [day, time] = new Date(Date.parse(iso) + 3 * 3_600_000).toISOString().split('T');
  return `${dayText(day)} ${time.slice(0, 5)} (МСК)`;
};
const quoted = (title: string) => `«${title}»`;

/** the event types it records or reads, in the catalogue's names */
const HANDLES = [
  'PublicationCreated',
  'PublicationEdited',
  'PublicationPublished',
  'PublicationArchived',
  'PublicationMovedToDraft',
  'PublicationDeleted',
  'PublicationDeclined',
  'PublicationChecked',
  'PublicationRestored',
  'PublicationDeactivated',
  'PublicationPromoted',
  'PublicationPromotionEnded',
  'TopUpStarted',
  'WalletCredited',
  'TopUpCancelled',
  'WalletCharged',
  'PromotionTariffChosen',
  'WalletRefunded',
  'InvoiceRequested',
  'AgencyRegistered',
  'AgencyProfileChanged',
  'AgencyAvatarChanged',
  'EmployeeAdded',
  'EmployeeRemoved',
  'EmployeeActivityChanged',
  'EmployeeLimitChanged',
  'PhotoUploaded',
  'BookingRequested',
  'BookingAccepted',
  'BookingRejected',
  'BookingCancelled',
  'GuestCheckedOut',
  'DatesBlocked',
  'CalendarEntryReleased',
  'CalendarFeedImported',
  'ChatStarted',
  'ChatMessagePosted',
] as const;
type Handled = (typeof HANDLES)[number];

/**
 * The facts the trail lists, each as what an agency's person did (the rest it reads only for its
 * copies: a new chat, the reservation an acceptance makes). A test runs one of each.
 */
export const AUDITED_KINDS: readonly Handled[] = HANDLES.filter((type) => type !== 'ChatStarted');

type Entry = Omit<AuditEntryDocument, '_id' | 'at' | 'kind' | 'actorId' | 'sessionId' | 'position'>;

async function copyOf<T extends { _id: string }>(store: ReadStore, collection: string, id: string) {
  return store.collection<T>(collection).findOne({ _id: id });
}

/** What a fact means to the agency's trail; null: not an agency's action (or not one it can place). */
async function entryOf(event: ProjectedEvent<Handled>, store: ReadStore): Promise<Entry | null> {
  const listings = store.collection<ListingCopy>(AUDIT_LISTINGS);
  const listing = async (publicationId: string) => copyOf<ListingCopy>(store, AUDIT_LISTINGS, publicationId);
  const onListing = async (
    publicationId: string,
    area: AuditArea,
    summary: (title: string) => string,
  ): Promise<Entry | null> => {
    const copy = await listing(publicationId);
    if (!copy) return null;
    return {
      agencyId: copy.agencyId,
      area,
      summary: summary(quoted(copy.title)),
      target: { type: 'publication', id: publicationId, label: copy.title },
    };
  };
  const onBooking = async (requestId: string, summary: (b: BookingCopy) => string): Promise<Entry | null> => {
    const copy = await copyOf<BookingCopy>(store, AUDIT_BOOKINGS, requestId);
    if (!copy) return null;
    return {
      agencyId: copy.agencyId,
      area: 'bookings',
      summary: summary(copy),
      target: {
        type: 'booking',
        id: requestId,
        label: `${copy.title}, ${dayText(copy.startDate)}–${dayText(copy.endDate)}`,
      },
    };
  };
  const stay = (b: BookingCopy) => `${quoted(b.title)}, ${dayText(b.startDate)}–${dayText(b.endDate)}`;
  const wallet = (agencyId: string, area: AuditArea, summary: string): Entry => ({
    agencyId,
    area,
    summary,
    target: { type: 'wallet', id: agencyId, label: null },
  });
  const employee = (agencyId: string, userId: string, summary: string): Entry => ({
    agencyId,
    area: 'staff',
    summary,
    target: { type: 'employee', id: userId, label: null },
  });
  const agency = (agencyId: string, summary: string): Entry => ({
    agencyId,
    area: 'agency',
    summary,
    target: { type: 'agency', id: agencyId, label: null },
  });

  switch (event.type) {
    case 'PublicationCreated': {
      const { publicationId, agencyId, details } = event.data;
      if (!agencyId) return null;
      await ignoreAlreadyApplied(() =>
        listings.insertOne({
          _id: publicationId,
          revision: event.revision,
          agencyId,
          title: details.title,
          price: details.price,
        }),
      );
      return onListing(
        publicationId,
        'listings',
        (t) => `Создано объявление ${t}, цена ${roubles(details.price)}`,
      );
    }
    case 'PublicationEdited': {
      const { publicationId, details } = event.data;
      const copy = await listing(publicationId);
      if (!copy) return null;
      const price =
        copy.price !== details.price ? `, цена ${roubles(copy.price)} → ${roubles(details.price)}` : '';
      const title = copy.title !== details.title ? ` (было ${quoted(copy.title)})` : '';
      await listings.updateOne(
        { _id: publicationId, revision: { $lt: event.revision } },
        { $set: { title: details.title, price: details.price, revision: event.revision } },
      );
      return onListing(publicationId, 'listings', (t) => `Изменено объявление ${t}${title}${price}`);
    }
    case 'PublicationPublished':
      return onListing(event.data.publicationId, 'listings', (t) => `Опубликовано объявление ${t}`);
    case 'PublicationArchived':
      return onListing(event.data.publicationId, 'listings', (t) => `Объявление ${t} снято с публикации`);
    case 'PublicationMovedToDraft':
      return onListing(event.data.publicationId, 'listings', (t) => `Объявление ${t} возвращено в черновики`);
    case 'PublicationDeleted':
      return onListing(event.data.publicationId, 'listings', (t) => `Удалено объявление ${t}`);
    case 'PublicationDeclined':
      return onListing(
        event.data.publicationId,
        'listings',
        (t) => `Модератор отклонил объявление ${t}: ${event.data.reason}`,
      );
    case 'PublicationChecked':
      return onListing(event.data.publicationId, 'listings', (t) => `Модератор проверил объявление ${t}`);
    case 'PublicationRestored':
      return onListing(event.data.publicationId, 'listings', (t) => `Модератор восстановил объявление ${t}`);
    case 'PublicationDeactivated':
      return onListing(
        event.data.publicationId,
        'listings',
        (t) =>
          `Публикация объявления ${t} приостановлена${event.data.reason ? `: ${event.data.reason}` : ''}`,
      );
    case 'PublicationPromoted': {
      const { publicationId, positionType, until } = event.data;
      return onListing(
        publicationId,
        'promotion',
        (t) => `Продвижение «${POSITION[positionType]}» объявления ${t} до ${moscow(until)}`,
      );
    }
    case 'PublicationPromotionEnded':
      return onListing(
        event.data.publicationId,
        'promotion',
        (t) => `Закончилось продвижение объявления ${t}`,
      );
    case 'TopUpStarted':
      return wallet(
        event.data.agencyId,
        'wallet',
        `Начато пополнение кошелька на ${roubles(event.data.sum)}`,
      );
    case 'WalletCredited':
      return wallet(event.data.agencyId, 'wallet', `Кошелёк пополнен на ${roubles(event.data.sum)}`);
    case 'TopUpCancelled':
      return wallet(event.data.agencyId, 'wallet', 'Пополнение кошелька отменено');
    case 'WalletCharged': {
      const { agencyId, publicationId, sum, purpose, tariffId } = event.data;
      const copy = publicationId ? await listing(publicationId) : null;
      const what = copy ? ` за объявление ${quoted(copy.title)}` : '';
      const summary =
        purpose === 'tariff'
          ? `Оплачен тариф${tariffName(tariffId)}${what}: ${roubles(sum)}`
          : `Списано за день продвижения${what}: ${roubles(sum)}`;
      return {
        agencyId,
        area: 'promotion',
        summary,
        target: publicationId
          ? { type: 'publication', id: publicationId, label: copy?.title ?? null }
          : { type: 'wallet', id: agencyId, label: null },
      };
    }
    case 'PromotionTariffChosen': {
      const { agencyId, publicationId, positionType } = event.data;
      const copy = await listing(publicationId);
      return {
        agencyId,
        area: 'promotion',
        summary: `Выбран тариф «${POSITION[positionType]}» для объявления ${quoted(copy?.title ?? publicationId)} со следующего дня`,
        target: { type: 'publication', id: publicationId, label: copy?.title ?? null },
      };
    }
    case 'WalletRefunded':
      return wallet(event.data.agencyId, 'wallet', `Возврат в кошелёк: ${roubles(event.data.sum)}`);
    case 'InvoiceRequested':
      return {
        agencyId: event.data.agencyId,
        area: 'wallet',
        summary: `Запрошен счёт на ${roubles(event.data.sum)} для «${event.data.organizationName}»`,
        target: { type: 'invoice', id: event.data.invoiceId, label: null },
      };
    case 'AgencyRegistered':
      return agency(event.data.agencyId, `Агентство «${event.data.name}» зарегистрировано`);
    case 'AgencyProfileChanged':
      return agency(event.data.agencyId, `Изменён профиль агентства «${event.data.details.name}»`);
    case 'AgencyAvatarChanged':
      return agency(event.data.agencyId, 'Изменён логотип агентства');
    case 'EmployeeAdded':
      return employee(event.data.agencyId, event.data.userId, 'Добавлен сотрудник');
    case 'EmployeeRemoved':
      return employee(event.data.agencyId, event.data.userId, 'Сотрудник удалён из агентства');
    case 'EmployeeActivityChanged':
      return employee(
        event.data.agencyId,
        event.data.userId,
        event.data.isActive ? 'Доступ сотрудника включён' : 'Доступ сотрудника отключён',
      );
    case 'EmployeeLimitChanged':
      return employee(
        event.data.agencyId,
        event.data.userId,
        event.data.limit === null
          ? 'Снят лимит расходов сотрудника'
          : `Лимит расходов сотрудника: ${roubles(event.data.limit)} в месяц`,
      );
    case 'PhotoUploaded':
      return {
        agencyId: event.data.agencyId,
        area: 'photos',
        summary: `Загружено фото ${event.data.width}×${event.data.height}`,
        target: { type: 'photo', id: event.data.photoId, label: event.data.path },
      };
    case 'BookingRequested': {
      const { requestId, agencyId, publicationId, startDate, endDate, guest } = event.data;
      if (!agencyId) return null;
      const copy = await listing(publicationId);
      const title = event.data.listing?.title ?? copy?.title ?? publicationId;
      await ignoreAlreadyApplied(() =>
        store
          .collection<BookingCopy>(AUDIT_BOOKINGS)
          .insertOne({ _id: requestId, agencyId, publicationId, title, startDate, endDate }),
      );
      return onBooking(requestId, (b) => `Заявка на бронирование ${stay(b)} от гостя ${guest.name}`);
    }
    case 'BookingAccepted':
      return onBooking(event.data.requestId, (b) => `Бронирование ${stay(b)} подтверждено`);
    case 'BookingRejected':
      return onBooking(
        event.data.requestId,
        (b) => `Бронирование ${stay(b)} отклонено: ${event.data.reason}`,
      );
    case 'BookingCancelled':
      return onBooking(
        event.data.requestId,
        (b) =>
          `Бронирование ${stay(b)} отменено ${event.data.byGuest ? 'гостем' : 'агентством'}: ${event.data.reason}`,
      );
    case 'GuestCheckedOut':
      return onBooking(event.data.requestId, (b) => `Гость выехал: ${stay(b)}`);
    case 'DatesBlocked': {
      const { publicationId, startDate, endDate, source } = event.data;
      if (source !== 'manual') return null; // an import's blocks come with CalendarFeedImported
      return onListing(
        publicationId,
        'calendar',
        (t) => `Закрыты даты ${dayText(startDate)}–${dayText(endDate)} объявления ${t}`,
      );
    }
    case 'CalendarEntryReleased':
      return onListing(event.data.publicationId, 'calendar', (t) => `Открыты даты объявления ${t}`);
    case 'CalendarFeedImported': {
      const { publicationId, blocked, released } = event.data;
      return onListing(
        publicationId,
        'calendar',
        (t) => `Импорт календаря iCal объявления ${t}: закрыто ${blocked.length}, открыто ${released.length}`,
      );
    }
    case 'ChatStarted': {
      const { chatId, agencyId, visitorId, listing: shown } = event.data;
      if (agencyId)
        await ignoreAlreadyApplied(() =>
          store
            .collection<ChatCopy>(AUDIT_CHATS)
            .insertOne({ _id: chatId, agencyId, visitorId, title: shown.title }),
        );
      return null;
    }
    case 'ChatMessagePosted': {
      const { chatId, authorId, kind } = event.data;
      // the agency's people writing (a booking's steps are posted by the booking's own facts)
      const chat = await copyOf<ChatCopy>(store, AUDIT_CHATS, chatId);
      if (!chat || kind !== 'text' || !authorId || authorId === chat.visitorId) return null;
      return {
        agencyId: chat.agencyId,
        area: 'chats',
        summary: `Сообщение в чате по объявлению ${quoted(chat.title)}`,
        target: { type: 'chat', id: chatId, label: chat.title },
      };
    }
  }
}

/** a text field a fact may carry (`by`, `moderatorId`, `uploadedBy`) */
const named = (data: object, key: string) => {
  const value: unknown = Object.hasOwn(data, key) ? (data as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : null;
};
/** the fact's doer: the metadata's actor, else the person the fact names */
const actorOf = (event: ProjectedEvent<Handled>) =>
  event.metadata.actor ??
  named(event.data, 'by') ??
  named(event.data, 'moderatorId') ??
  named(event.data, 'uploadedBy') ??
  null;

export const auditProjection = defineProjection({
  name: 'audit',
  version: 1,
  collections: {
    [AUDIT_TRAIL]: [
      { key: { agencyId: 1, at: -1 } },
      { key: { agencyId: 1, actorId: 1, at: -1 } },
      { key: { agencyId: 1, area: 1, at: -1 } },
    ],
    [AUDIT_LISTINGS]: [],
    [AUDIT_BOOKINGS]: [],
    [AUDIT_CHATS]: [],
  },
  handles: HANDLES,
  async apply(event, store) {
    const _id = `${event.streamId}@${event.revision}`;
    const trail = store.collection<AuditEntryDocument>(AUDIT_TRAIL);
    if (await trail.findOne({ _id }, { projection: { _id: 1 } })) return; // applied already
    const entry = await entryOf(event, store);
    if (!entry) return;
    await ignoreAlreadyApplied(() =>
      trail.insertOne({
        _id,
        ...entry,
        at: event.occurredAt,
        kind: event.type,
        actorId: actorOf(event),
        sessionId: event.metadata.sessionId ?? null,
        position: event.position,
      }),
    );
  },
});
