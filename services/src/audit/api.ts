import { ROLES } from '@estate/events';
import {
  AUDIT_AREAS,
  listAuditTrail,
  USERS,
  type AuditEntryDocument,
  type UserDocument,
} from '@estate/projections';
import type { Request } from 'express';
import { z } from 'zod';
import { ownAgencyOf, requireRoles } from '../core/access';
import type { AppContext } from '../core/context';
import { moscowDateTime } from '../core/moscowTime';
import { contentRange, jsonParam, simpleRestRange } from '../core/http';
import { defineRoute } from '../core/route';
import { toCsv } from './csv';
import { auditAreas, auditCsv, auditList, type AuditEntryDto } from './dto';

const tags = ['Кабинет'];

/** What each kind of fact is called in the filter and the export. */
export const KIND_NAMES: Record<string, string> = {
  PublicationCreated: 'Создание объявления',
  PublicationEdited: 'Изменение объявления',
  PublicationPublished: 'Публикация',
  PublicationArchived: 'Снятие с публикации',
  PublicationMovedToDraft: 'Возврат в черновики',
  PublicationDeleted: 'Удаление объявления',
  PublicationDeclined: 'Отклонение модератором',
  PublicationChecked: 'Проверка модератором',
  PublicationRestored: 'Восстановление модератором',
  PublicationDeactivated: 'Приостановка публикации',
  PublicationPromoted: 'Подключение продвижения',
  PublicationPromotionEnded: 'Окончание продвижения',
  TopUpStarted: 'Пополнение начато',
  WalletCredited: 'Кошелёк пополнен',
  TopUpCancelled: 'Пополнение отменено',
  WalletCharged: 'Списание',
  PromotionTariffChosen: 'Смена тарифа',
  WalletRefunded: 'Возврат',
  InvoiceRequested: 'Запрос счёта',
  AgencyRegistered: 'Регистрация агентства',
  AgencyProfileChanged: 'Изменение профиля',
  AgencyAvatarChanged: 'Смена логотипа',
  EmployeeAdded: 'Добавление сотрудника',
  EmployeeRemoved: 'Удаление сотрудника',
  EmployeeActivityChanged: 'Включение или отключение сотрудника',
  EmployeeLimitChanged: 'Лимит расходов',
  PhotoUploaded: 'Загрузка фото',
  BookingRequested: 'Заявка на бронирование',
  BookingAccepted: 'Подтверждение бронирования',
  BookingRejected: 'Отклонение бронирования',
  BookingCancelled: 'Отмена бронирования',
  GuestCheckedOut: 'Выезд гостя',
  DatesBlocked: 'Закрытие дат',
  CalendarEntryReleased: 'Открытие дат',
  CalendarFeedImported: 'Импорт календаря',
  ChatMessagePosted: 'Сообщение в чате',
};
const kind = z.string().refine((k) => Object.hasOwn(KIND_NAMES, k), 'Неизвестный вид действия');

const iso = z.iso.datetime({ offset: true, message: 'Дата и время в формате ISO 8601' });
const filter = jsonParam(
  z.object({
    actorId: z.string().min(1).max(64).optional(),
    area: auditAreas.optional(),
    kind: kind.optional(),
    at_gte: iso.optional(),
    at_lte: iso.optional(),
  }),
  {},
);
const sort = jsonParam(z.tuple([z.enum(['at', 'kind', 'area', 'actorId', 'id']), z.enum(['ASC', 'DESC'])]), [
  'at',
  'DESC',
]);

/** The owner's own agency: an active owner of an agency (a switched-off or an agent's call is refused). */
function ownersAgency(req: Request) {
  requireRoles(req, [ROLES.AGENCY_OWNER]);
  return ownAgencyOf(req).agencyId;
}

const ROLE_NAMES = {
  owner: 'владелец',
  agent: 'агент',
  moderator: 'модератор',
  user: 'пользователь',
} as const;
const SYSTEM_NAMES: Record<string, string> = { payments: 'Платёжная система', seed: 'Демо-данные' };

/** What a target without a name of its own is called. */
const TARGET_NAMES: Partial<Record<AuditEntryDocument['target']['type'], string>> = {
  photo: 'Фотография',
  wallet: 'Кошелёк агентства',
  invoice: 'Счёт на оплату',
  agency: 'Профиль агентства',
};

/** The link in the cabinet to what an entry changed. */
function linkOf(target: AuditEntryDocument['target']): string {
  switch (target.type) {
    case 'publication':
      return `#/publications/${encodeURIComponent(target.id)}`;
    case 'booking':
      return '#/bookings';
    case 'employee':
      return '#/employees';
    case 'agency':
      return '#/my-agency';
    case 'wallet':
      return '#/wallet';
    case 'invoice':
      return '#/invoices';
    case 'photo':
      return target.label ?? '#/publications';
    case 'chat':
      return `#/chats?chatId=${encodeURIComponent(target.id)}`;
  }
}

/** The entries as the cabinet shows them: people by the names they have now. */
async function present(
  ctx: AppContext,
  agencyId: string,
  items: AuditEntryDocument[],
): Promise<AuditEntryDto[]> {
  const ids = new Set<string>();
  for (const e of items) {
    if (e.actorId) ids.add(e.actorId);
    if (e.target.type === 'employee') ids.add(e.target.id);
  }
  const people = new Map(
    (await ctx.readStore.collection<UserDocument>(USERS).find({ _id: { $in: [...ids] } })).map((p) => [
      p._id,
      p,
    ]),
  );
  const actor = (id: string | null): AuditEntryDto['actor'] => {
    const person = id === null ? undefined : people.get(id);
    if (!person)
      return { id, name: (id && SYSTEM_NAMES[id]) ?? 'Система', role: 'system', roleName: 'система' };
    const role = ctx.config.MODERATOR_PHONES.includes(person.phone)
      ? 'moderator'
      : person.agencyId === agencyId
        ? person.role === ROLES.AGENCY_OWNER
          ? 'owner'
          : 'agent'
        : 'user';
    return { id, name: person.name, role, roleName: ROLE_NAMES[role] };
  };
  return items.map((e) => ({
    id: e._id,
    at: e.at,
    kind: e.kind,
    kindName: KIND_NAMES[e.kind] ?? e.kind,
    area: e.area,
    areaName: AUDIT_AREAS[e.area],
    actor: actor(e.actorId),
    sessionId: e.sessionId,
    summary: e.summary,
    target: {
      ...e.target,
      label:
        e.target.type === 'employee'
          ? (people.get(e.target.id)?.name ?? e.target.label)
          : e.target.type === 'photo' // its label is the file's storage path: the link opens it
            ? TARGET_NAMES.photo!
            : (e.target.label ?? TARGET_NAMES[e.target.type] ?? null),
      link: linkOf(e.target),
    },
  }));
}

const queryOf = (agencyId: string, f: z.output<typeof filter>, s: z.output<typeof sort>) => ({
  agencyId,
  actorId: f.actorId,
  area: f.area,
  kind: f.kind,
  from: f.at_gte === undefined ? undefined : new Date(f.at_gte).toISOString(),
  to: f.at_lte === undefined ? undefined : new Date(f.at_lte).toISOString(),
  sort: {
    field: s[0] === 'id' ? ('at' as const) : s[0],
    direction: s[1] === 'ASC' ? (1 as const) : (-1 as const),
  },
});

export const listAudit = defineRoute({
  method: 'get',
  path: '/api/cabinet/audit',
  tags,
  summary:
    'Журнал действий агентства (владельцу): кто, когда, из какого сеанса, что изменил; фильтр actorId, area, kind, at_gte, at_lte (react-admin simple-rest, Content-Range)',
  auth: [ROLES.AGENCY_OWNER],
  query: z.object({ sort, range: simpleRestRange, filter }),
  response: auditList,
  async handle({ ctx, query, req, res }) {
    const agencyId = ownersAgency(req);
    const [from, to] = query.range;
    const { items, total } = await listAuditTrail(ctx.readStore, {
      ...queryOf(agencyId, query.filter, query.sort),
      skip: from,
      limit: to - from + 1,
    });
    res.set('Content-Range', contentRange('audit', from, items.length, total));
    return present(ctx, agencyId, items);
  },
});

/** at most this many rows in one export (a year of a busy agency); the filter narrows it */
export const CSV_ROWS = 50_000;

export const exportAudit = defineRoute({
  method: 'get',
  path: '/api/cabinet/audit/export',
  tags,
  summary: 'Журнал действий агентства в CSV (те же фильтры и порядок; разделитель «;», UTF-8 с BOM)',
  auth: [ROLES.AGENCY_OWNER],
  query: z.object({ sort, filter }),
  produces: 'text/csv',
  response: auditCsv,
  async handle({ ctx, query, req, res }) {
    const agencyId = ownersAgency(req);
    const { items } = await listAuditTrail(ctx.readStore, {
      ...queryOf(agencyId, query.filter, query.sort),
      skip: 0,
      limit: CSV_ROWS,
    });
    const entries = await present(ctx, agencyId, items);
    const csv = toCsv(
      [
        'Дата и время (МСК)',
        'Сотрудник',
        'Роль',
        'Сеанс',
        'Раздел',
        'Действие',
        'Описание',
        'Объект',
        'Ссылка',
      ],
      entries.map((e) => [
        moscowDateTime(e.at, { seconds: true }),
        e.actor.name,
        e.actor.roleName,
        e.sessionId ?? '—',
        e.areaName,
        e.kindName,
        e.summary,
        e.target.label ?? e.target.id,
        e.target.link,
      ]),
    );
    res
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', 'attachment; filename="audit.csv"')
      .send(csv);
  },
});

export const auditRoutes = [listAudit, exportAudit];
