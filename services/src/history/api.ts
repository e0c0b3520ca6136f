import { ROLES, type StoredEvent } from '@estate/events';
import { findPublication, USERS, type UserDocument } from '@estate/projections';
import type { Request } from 'express';
import { z } from 'zod';
import { actorOf, mayManagePublication, STAFF } from '../core/access';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { defineRoute } from '../core/route';
import { toPublicationDto, type PublicationDto } from '../publications';
import { listingAsOf, readListing } from './asOf';
import { entryLine, historyOf, moscowTime, POSITION_NAMES, STATUS_NAMES } from './changes';
import { listingAsOfAnswer, listingHistoryAnswer } from './dto';

const tags = ['Кабинет'];
const byId = z.object({ id: z.string().min(1).max(64) });

/**
 * The listing's stream, for the caller who may manage it: the owner of its agency, its agent, a
 * moderator (an employee switched off gets the owner's 403 from `actorOf`). The stream, not the read
 * model, says whose it is, so a deleted listing's history stays readable.
 */
async function listingFor(ctx: AppContext, req: Request, id: string): Promise<StoredEvent[]> {
  const actor = actorOf(req);
  const events = await readListing(ctx.eventStore, id);
  const created = events.find((e) => e.type === 'PublicationCreated');
  if (!created) throw new DomainError('NOT_FOUND', 'Объявление не найдено');
  const { agencyId, authorId } = created.data as { agencyId: string | null; authorId: string };
  if (!mayManagePublication(actor, { agencyId, authorId })) throw new DomainError('FORBIDDEN');
  return events;
}

const SYSTEM = { name: 'Система', role: 'system' as const, roleName: 'система' };
const ROLE_NAMES = {
  owner: 'владелец агентства',
  agent: 'агент',
  moderator: 'модератор',
  user: 'пользователь',
};

/** Who each actor is, by the name they have now and what they are to the listing's agency. */
async function actorsOf(ctx: AppContext, ids: (string | null)[], agencyId: string | null) {
  const people = await ctx.readStore
    .collection<UserDocument>(USERS)
    .find({ _id: { $in: [...new Set(ids.filter((id): id is string => id !== null))] } });
  const byId = new Map(people.map((p) => [p._id, p]));
  return (id: string | null) => {
    const person = id === null ? undefined : byId.get(id);
    if (!person) return { id, ...SYSTEM };
    const role = ctx.config.MODERATOR_PHONES.includes(person.phone)
      ? 'moderator'
      : person.agencyId && person.agencyId === agencyId
        ? person.role === ROLES.AGENCY_OWNER
          ? 'owner'
          : 'agent'
        : 'user';
    return { id, name: person.name, role, roleName: ROLE_NAMES[role] } as const;
  };
}

export const listingHistory = defineRoute({
  method: 'get',
  path: '/api/cabinet/publications/{id}/history',
  tags,
  summary:
    'История изменений объявления из его потока: кто, когда, что (поля до → после); владельцу агентства, агенту объявления, модератору',
  auth: STAFF,
  params: byId,
  errors: [404],
  response: listingHistoryAnswer,
  async handle({ ctx, params, req }) {
    const events = await listingFor(ctx, req, params.id);
    const agencyId = (events[0].data as { agencyId: string | null }).agencyId;
    const entries = historyOf(events);
    const who = await actorsOf(
      ctx,
      entries.map((e) => e.actorId),
      agencyId,
    );
    return {
      data: {
        publicationId: params.id,
        entries: entries
          .map((entry) => ({
            revision: entry.revision,
            at: entry.at,
            kind: entry.kind,
            title: entry.title,
            actor: who(entry.actorId),
            sessionId: entry.sessionId,
            changes: entry.changes,
            line: entryLine(entry),
          }))
          .reverse(),
      },
    };
  },
});

const yesNo = (v: boolean | null) => (v === null ? '—' : v ? 'да' : 'нет');
const text = (v: unknown): string =>
  v === null || v === undefined
    ? '—'
    : typeof v === 'boolean'
      ? yesNo(v)
      : typeof v === 'string'
        ? v
        : typeof v === 'number'
          ? String(v)
          : JSON.stringify(v);

/** The DTO's fields a person compares, each with its label and how it reads. */
const COMPARED: [keyof PublicationDto, string, (d: PublicationDto) => string][] = [
  ['status', 'Статус', (d) => STATUS_NAMES[d.status] ?? String(d.status)],
  ['title', 'Заголовок', (d) => d.title],
  ['price', 'Цена', (d) => `${d.price.toLocaleString('ru-RU')} ₽`],
  [
    'actualPrice',
    'Прежняя цена',
    (d) => (d.actualPrice === null ? '—' : `${d.actualPrice.toLocaleString('ru-RU')} ₽`),
  ],
  ['description', 'Описание', (d) => d.description || '—'],
  ['address', 'Адрес', (d) => `${d.address.locationName}, ${d.address.fullAddress}`],
  [
    'images',
    'Фото',
    (d) =>
      d.images.length
        ? `${d.images.length} шт.: ${d.images.map((i) => i.path.split('/').pop()).join(', ')}`
        : 'нет',
  ],
  ['adsType', 'Продвижение', (d) => (d.adsType ? (POSITION_NAMES[d.adsType] ?? String(d.adsType)) : 'нет')],
  ['declineReason', 'Причина отклонения', (d) => d.declineReason ?? '—'],
  ['author', 'Автор', (d) => d.author.name],
  ['agency', 'Агентство', (d) => d.agency?.name ?? '—'],
  ['publishedAt', 'Опубликовано', (d) => (d.publishedAt ? moscowTime(d.publishedAt) : '—')],
  ['updatedAt', 'Изменено', (d) => moscowTime(d.updatedAt)],
];
const characteristicsOf = (d: PublicationDto) =>
  new Map(d.newCharacteristics.map((c) => [c.characteristicField, c] as const));

/** Field by field, what differs between the listing then and today (either may be missing). */
function differences(then: PublicationDto | null, now: PublicationDto | null) {
  const out: { field: string; label: string; then: string; now: string }[] = [];
  if (!then || !now) {
    if (then !== now)
      out.push({
        field: 'exists',
        label: 'Объявление',
        then: then ? 'было' : 'ещё не создано',
        now: now ? 'есть' : 'удалено',
      });
    return out;
  }
  for (const [field, label, read] of COMPARED) {
    if (JSON.stringify(then[field]) === JSON.stringify(now[field])) continue;
    out.push({ field, label, then: read(then), now: read(now) });
  }
  const a = characteristicsOf(then);
  const b = characteristicsOf(now);
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(key);
    const y = b.get(key);
    if (key === 'Price' || key === 'PricePerDay' || x?.characteristicValue === y?.characteristicValue)
      continue;
    out.push({
      field: `characteristics.${key}`,
      label: (x ?? y)!.characteristicFieldName,
      then: text(x?.characteristicValue),
      now: text(y?.characteristicValue),
    });
  }
  return out;
}

export const listingAsOfRoute = defineRoute({
  method: 'get',
  path: '/api/cabinet/publications/{id}/as-of',
  tags,
  summary:
    'Объявление, каким оно было в момент at (ISO 8601): свёртка его событий до этого времени, в виде ответа GET /api/publications/{id}, и отличия от сегодняшнего',
  auth: STAFF,
  params: byId,
  query: z.object({
    at: z.iso.datetime({
      offset: true,
      message: 'Дата и время в формате ISO 8601, например 2026-05-14T10:00:00Z',
    }),
  }),
  errors: [404],
  response: listingAsOfAnswer,
  async handle({ ctx, params, query, req }) {
    await listingFor(ctx, req, params.id);
    const at = Date.parse(query.at);
    const { document, revision } = await listingAsOf(ctx, params.id, at);
    const current = await findPublication(ctx.readStore, params.id);
    // as the API answered it: the listing's own call (its photos as the site showed them)
    const listing = document ? toPublicationDto(document) : null;
    const today = current ? toPublicationDto(current) : null;
    return {
      data: {
        at: new Date(at).toISOString(),
        revision,
        listing,
        today,
        differences: differences(listing, today),
      },
    };
  },
});

export const historyRoutes = [listingHistory, listingAsOfRoute];
