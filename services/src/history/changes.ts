import {
  BATHROOM_TYPES,
  PUBLICATION_STATUS,
  REPAIR_TYPES,
  type PublicationDetails,
  type StoredEvent,
} from '@estate/events';
import {
  evolvePublication,
  initialPublication,
  type Publication,
  type PublicationEvent,
} from '../publications';
import { moscowDateTime } from '../core/moscowTime';

/**
 * A listing's history of changes (issue 19, item 2), read from its stream: one entry per command
 * (the events one command appended share their metadata and time), with who, when, and each changed
 * field's value before and after, in Russian.
 */
export type FieldChange = { field: string; label: string; before: string; after: string };
export type HistoryEntry = {
  /** the listing's revision after the command: its state as of `at` */
  revision: number;
  at: string;
  kind: string;
  title: string;
  actorId: string | null;
  sessionId: string | null;
  changes: FieldChange[];
};

export const STATUS_NAMES: Record<number, string> = {
  [PUBLICATION_STATUS.PUBLISHED]: 'Опубликовано',
  [PUBLICATION_STATUS.DRAFT]: 'Черновик',
  [PUBLICATION_STATUS.ARCHIVED]: 'В архиве',
  [PUBLICATION_STATUS.DECLINED]: 'Отклонено',
  [PUBLICATION_STATUS.PUBLISHED_NOT_ACTIVE]: 'Опубликовано, не активно',
};
export const POSITION_NAMES: Record<number, string> = { 1: 'Размещение', 2: 'Выделение', 3: 'Топ' };

/** What each kind of fact reads as in the list. */
const TITLES: Record<string, string> = {
  PublicationCreated: 'Объявление создано',
  PublicationEdited: 'Объявление изменено',
  PublicationPriceChanged: 'Цена изменена',
  PublicationPublished: 'Опубликовано',
  PublicationArchived: 'Снято с публикации (в архив)',
  PublicationMovedToDraft: 'Возвращено в черновики',
  PublicationDeleted: 'Удалено',
  PublicationDeclined: 'Отклонено модератором',
  PublicationChecked: 'Проверено модератором',
  PublicationRestored: 'Восстановлено модератором',
  PublicationDeactivated: 'Публикация приостановлена',
  PublicationPromoted: 'Подключено продвижение',
  PublicationPromotionEnded: 'Продвижение закончилось',
};

const NBSP = '\u00a0';
const group = (n: number) => {
  const [whole, fraction] = String(Math.abs(n)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return `${n < 0 ? '−' : ''}${grouped}${fraction ? `,${fraction}` : ''}`;
};
const roubles = (n: number) => `${group(n)}${NBSP}₽`;
export const moscowTime = (iso: string) => `${moscowDateTime(iso)} (МСК)`;
const yesNo = (v: boolean | null) => (v === null ? 'не указано' : v ? 'да' : 'нет');
const told = (v: unknown, show: (x: never) => string = String) =>
  v === null || v === undefined || v === '' ? '—' : show(v as never);
const cut = (text: string, limit = 160) => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text);

type DetailField = { label: string; read: (d: PublicationDetails) => string };
/** The details an edit may change, each as the cabinet's form names it. */
const DETAIL_FIELDS: [string, DetailField][] = [
  ['title', { label: 'Заголовок', read: (d) => d.title }],
  ['price', { label: 'Цена', read: (d) => roubles(d.price) }],
  ['description', { label: 'Описание', read: (d) => cut(d.description) || '—' }],
  ['address', { label: 'Адрес', read: (d) => `${d.address.locationName}, ${d.address.fullAddress}` }],
  ['propertyType', { label: 'Тип недвижимости', read: (d) => String(d.propertyType) }],
  ['residentialComplexId', { label: 'Жилой комплекс', read: (d) => told(d.residentialComplexId) }],
  [
    'roomCount',
    {
      label: 'Комнат',
      read: (d) => told(d.params.roomCount, (n: number) => (n === 0 ? 'студия' : String(n))),
    },
  ],
  [
    'totalArea',
    { label: 'Общая площадь', read: (d) => told(d.params.totalArea, (n: number) => `${group(n)}${NBSP}м²`) },
  ],
  [
    'livingArea',
    { label: 'Жилая площадь', read: (d) => told(d.params.livingArea, (n: number) => `${group(n)}${NBSP}м²`) },
  ],
  [
    'kitchenArea',
    {
      label: 'Площадь кухни',
      read: (d) => told(d.params.kitchenArea, (n: number) => `${group(n)}${NBSP}м²`),
    },
  ],
  ['floor', { label: 'Этаж', read: (d) => told(d.params.floor) }],
  ['floorsCount', { label: 'Этажей в доме', read: (d) => told(d.params.floorsCount) }],
  ['buildYear', { label: 'Год постройки', read: (d) => told(d.params.buildYear) }],
  ['deposit', { label: 'Залог', read: (d) => told(d.params.deposit, roubles) }],
  [
    'clientFee',
    { label: 'Комиссия', read: (d) => told(d.params.clientFee, (n: number) => `${group(n)}${NBSP}%`) },
  ],
  ['guestsCount', { label: 'Гостей', read: (d) => told(d.params.guestsCount) }],
  [
    'ceilingHeight',
    {
      label: 'Высота потолков',
      read: (d) => told(d.params.ceilingHeight, (n: number) => `${group(n)}${NBSP}м`),
    },
  ],
  [
    'bathroomType',
    {
      label: 'Санузел',
      read: (d) => told(d.params.bathroomType, (n: keyof typeof BATHROOM_TYPES) => BATHROOM_TYPES[n]),
    },
  ],
  [
    'repairType',
    {
      label: 'Ремонт',
      read: (d) => told(d.params.repairType, (n: keyof typeof REPAIR_TYPES) => REPAIR_TYPES[n]),
    },
  ],
  ['hasBalcony', { label: 'Балкон или лоджия', read: (d) => yesNo(d.params.hasBalcony) }],
  ['hasParking', { label: 'Парковка', read: (d) => yesNo(d.params.hasParking) }],
  ['hasLift', { label: 'Лифт', read: (d) => yesNo(d.params.hasLift) }],
  ['hasFurniture', { label: 'Мебель', read: (d) => yesNo(d.params.hasFurniture) }],
  ['petsAllowed', { label: 'Можно с животными', read: (d) => yesNo(d.params.petsAllowed) }],
];

const photosText = (d: PublicationDetails) => (d.images.length ? `${d.images.length} шт.` : 'нет');
const promotionText = (p: Extract<Publication, { exists: true }>['promotion']) =>
  p ? `«${POSITION_NAMES[p.positionType] ?? p.positionType}» до ${moscowTime(p.until)}` : 'нет';

/** Each field that differs between two states of the listing, before → after. */
export function diffStates(before: Publication, after: Publication): FieldChange[] {
  if (!after.exists) return [];
  const changes: FieldChange[] = [];
  const add = (field: string, label: string, was: string, now: string) => {
    if (was !== now) changes.push({ field, label, before: was, after: now });
  };
  const b = before.exists ? before : null;
  add(
    'status',
    'Статус',
    b ? STATUS_NAMES[b.status] : '—',
    after.deleted ? 'Удалено' : STATUS_NAMES[after.status],
  );
  if (b && b.deleted !== after.deleted) add('deleted', 'Удалено', yesNo(b.deleted), yesNo(after.deleted));
  for (const [field, { label, read }] of DETAIL_FIELDS)
    add(field, label, b ? read(b.details) : '—', read(after.details));
  const paths = (d: PublicationDetails) => d.images.map((i) => i.path).join('\n');
  if (!b || paths(b.details) !== paths(after.details)) {
    const was = new Set(b?.details.images.map((i) => i.path) ?? []);
    const now = new Set(after.details.images.map((i) => i.path));
    const added = [...now].filter((p) => !was.has(p)).length;
    const removed = [...was].filter((p) => !now.has(p)).length;
    const note = added || removed ? ` (добавлено ${added}, убрано ${removed})` : ' (другой порядок)';
    changes.push({
      field: 'images',
      label: 'Фото',
      before: b ? photosText(b.details) : '—',
      after: `${photosText(after.details)}${b ? note : ''}`,
    });
  }
  add('promotion', 'Продвижение', b ? promotionText(b.promotion) : 'нет', promotionText(after.promotion));
  return changes;
}

/**
 * Facts one command appended: they share their time and actor (a correlation alone is not enough: a
 * workflow's or the seed's commands share theirs). Before issue 19 a command's facts could differ by
 * a millisecond: a price change recorded apart from its edit is then an entry of its own.
 */
const sameCommand = (a: StoredEvent, b: StoredEvent) =>
  a.occurredAt === b.occurredAt && a.metadata.actor === b.metadata.actor;

/** The reason a moderator gave, as a change of its own. */
function reasonOf(event: StoredEvent): FieldChange[] {
  if (event.type === 'PublicationDeclined')
    return [
      {
        field: 'declineReason',
        label: 'Причина',
        before: '—',
        after: (event.data as { reason: string }).reason,
      },
    ];
  if (event.type === 'PublicationDeactivated') {
    const reason = (event.data as { reason: string }).reason;
    return reason ? [{ field: 'reason', label: 'Причина', before: '—', after: reason }] : [];
  }
  return [];
}

/** Who acted: the metadata's actor, or the moderator the fact names. */
const actorOfEvent = (event: StoredEvent) =>
  (event.data as { moderatorId?: string }).moderatorId ?? event.metadata.actor ?? null;

/** The listing's entries, oldest first (upcast events of its stream). */
export function historyOf(events: StoredEvent[]): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  let state = initialPublication();
  for (let i = 0; i < events.length;) {
    let end = i + 1;
    while (end < events.length && sameCommand(events[i], events[end])) end++;
    const batch = events.slice(i, end);
    const before = state;
    for (const e of batch)
      state = evolvePublication(state, { type: e.type, data: e.data } as PublicationEvent);
    const lead = batch.find((e) => e.type !== 'PublicationPriceChanged') ?? batch[0];
    const last = batch[batch.length - 1];
    const changes = [...diffStates(before, state), ...batch.flatMap(reasonOf)];
    // an older price change recorded apart from its edit: the edit's entry showed the price already
    if (changes.length === 0 && lead.type === 'PublicationPriceChanged') {
      const { oldPrice, newPrice } = lead.data as { oldPrice: number; newPrice: number };
      changes.push({ field: 'price', label: 'Цена', before: roubles(oldPrice), after: roubles(newPrice) });
    }
    entries.push({
      revision: last.revision,
      at: lead.occurredAt,
      kind: lead.type,
      title: TITLES[lead.type] ?? lead.type,
      actorId: actorOfEvent(lead),
      sessionId: lead.metadata.sessionId ?? null,
      changes,
    });
    i = end;
  }
  return entries;
}

/** An entry as one readable Russian line: «Цена: 5 000 000 ₽ → 4 800 000 ₽; Статус: …». */
export const entryLine = (entry: HistoryEntry) =>
  [entry.title, ...entry.changes.map((c) => `${c.label}: ${c.before} → ${c.after}`)].join('; ');
