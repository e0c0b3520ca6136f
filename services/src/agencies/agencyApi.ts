import { legalEntity, MODERATOR_ROLE, ROLES } from '@estate/events';
import { AGENCIES, USERS, walletBalance, type AgencyDocument, type UserDocument } from '@estate/projections';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { fold, handleCommand } from '../core/decider';
import { DomainError } from '../core/errors';
import { agencyFolder, contentKey } from '../core/files';
import { parse } from '../core/http';
import { avatarUpload, changeUser, imageKind, phoneInput } from '../identity';
import { agencyDecider, agencyStream, type AgencyCommand } from './agency';
import { assertAgencyKeysFree } from './realtorApi';
import { currentUser, requireRole, requireSameAgency, actorOf } from '../core/access';

export const NOT_REGISTERED =
  'Данного номера телефона нет в базе пользователей. Владельцу номера необходимо зарегистрировать аккаунт.';
const optionalDigits = (re: RegExp, message: string) =>
  z
    .string()
    .trim()
    .regex(re, message)
    .or(z.literal('').transform(() => null))
    .nullish();
const profileBody = z
  .object({
    name: z.string().trim().min(1, 'Обязательное поле').max(200).optional(),
    legalEntity: z.coerce.number().pipe(legalEntity).optional(),
    inn: optionalDigits(/^\d{10}(\d{2})?$/, 'ИНН — 10 или 12 цифр'),
    kpp: optionalDigits(/^\d{9}$/, 'КПП — 9 цифр'),
    accountNumber: optionalDigits(/^\d{20}$/, 'Расчётный счёт — 20 цифр'),
    siteLink: z.string().trim().max(300).nullish(),
    email: z
      .string()
      .trim()
      .pipe(z.email('Введите корректный адрес почты'))
      .or(z.literal('').transform(() => null))
      .nullish(),
    description: z.string().trim().max(240, 'Не более 240 символов').nullish(),
    canViewInCatalog: z
      .union([z.boolean(), z.literal(0), z.literal(1)])
      .transform(Boolean)
      .optional(),
    specializations: z.array(z.string().max(60)).max(30).optional(),
  })
  .strict();

export function agencyRoutes(ctx: AppContext): Router {
  const router = Router();
  const agencies = ctx.readStore.collection<AgencyDocument>(AGENCIES);
  const users = ctx.readStore.collection<UserDocument>(USERS);
  const staff = [
    requireRole(ROLES.AGENT, ROLES.AGENCY_OWNER, MODERATOR_ROLE),
    requireSameAgency('id', 'Это другое агентство'),
  ];
  const run = async (req: Request, command: AgencyCommand) => {
    const result = await handleCommand(
      ctx.eventStore,
      agencyStream(String(req.params.id)),
      agencyDecider,
      command,
      { actor: currentUser(req).userId },
    );
    await ctx.projections.whenCaughtUp(result.position);
    return result;
  };
  const agencyOf = async (id: string) => {
    const agency = await agencies.findOne({ _id: id });
    if (!agency) throw new DomainError('NOT_FOUND', 'Агентство не найдено');
    return agency;
  };
  const toDto = async (a: AgencyDocument) => ({
    id: a._id,
    name: a.name,
    ownerId: a.ownerId,
    avatar: a.avatar,
    legalEntity: a.legalEntity ?? 1,
    inn: a.inn ?? null,
    kpp: a.kpp ?? null,
    accountNumber: a.accountNumber ?? null,
    siteLink: a.siteLink ?? null,
    email: a.email ?? null,
    description: a.description ?? null,
    canViewInCatalog: a.canViewInCatalog === false ? 0 : 1,
    specializations: a.specializations ?? [],
    walletBalance: await walletBalance(ctx.readStore, a._id),
    employeesCount: await users.countDocuments({ agencyId: a._id, role: ROLES.AGENT }),
  });
  const route = (method: 'get' | 'post' | 'patch' | 'delete', path: string, summary: string) =>
    ctx.openApi.route({
      method,
      path,
      tags: ['Агентство'],
      summary,
      security: [{ bearer: [] }],
      responses: { 200: { description: 'data' } },
    });

  route('get', '/api/agency/{id}', 'Профиль агентства');
  router.get('/api/agency/:id', ...staff, async (req, res) => {
    res.json({ data: await toDto(await agencyOf(String(req.params.id))) });
  });

  route('patch', '/api/agency/{id}', 'Изменить профиль агентства (владелец)');
  router.patch('/api/agency/:id', ...staff, async (req, res) => {
    const changes = parse(profileBody, req.body);
    const current = await agencyOf(String(req.params.id));
    const details = {
      name: changes.name ?? current.name,
      legalEntity: (changes.legalEntity ?? current.legalEntity ?? 1) as 1 | 2 | 3,
      inn: changes.inn !== undefined ? changes.inn : (current.inn ?? null),
      kpp: changes.kpp !== undefined ? changes.kpp : (current.kpp ?? null),
      accountNumber:
        changes.accountNumber !== undefined ? changes.accountNumber : (current.accountNumber ?? null),
      siteLink: changes.siteLink !== undefined ? changes.siteLink || null : (current.siteLink ?? null),
      email: changes.email !== undefined ? changes.email : (current.email ?? null),
      description:
        changes.description !== undefined ? changes.description || null : (current.description ?? null),
    };
    if (details.legalEntity !== 1 && details.kpp)
      throw new DomainError('INVALID_DATA', undefined, {
        kpp: ['КПП указывается только для юридического лица'],
      });
    await assertAgencyKeysFree(ctx, details, undefined, current._id);
    await run(req, {
      type: 'ChangeProfile',
      actor: actorOf(req),
      details,
      canViewInCatalog: changes.canViewInCatalog ?? current.canViewInCatalog !== false,
      specializations: changes.specializations ?? current.specializations ?? [],
    });
    res.json({ data: await toDto(await agencyOf(current._id)) });
  });

  route('post', '/api/agency/{id}/avatar', 'Логотип агентства (jpg или png до 10 МБ, поле avatar)');
  router.post('/api/agency/:id/avatar', ...staff, avatarUpload, async (req, res) => {
    if (!req.file)
      throw new DomainError('INVALID_DATA', undefined, { avatar: ['Выберите файл изображения'] });
    const kind = imageKind(req.file.buffer);
    if (!kind)
      throw new DomainError('INVALID_DATA', undefined, { avatar: ['Допустимы изображения JPG и PNG'] });
    const agency = await agencyOf(String(req.params.id));
    // the name is known before the file is stored (it is the content's hash): the agency decides on it
    // first, and only an accepted logo is stored, so a refused upload leaves nothing to serve
    const key = contentKey(agencyFolder(agency._id), req.file.buffer, kind);
    const command: AgencyCommand = { type: 'ChangeAvatar', actor: actorOf(req), avatar: `/storage/${key}` };
    agencyDecider.decide(
      command,
      fold(agencyDecider, await ctx.eventStore.readStream(agencyStream(agency._id))),
    );
    const stored = await ctx.files.put(key, req.file.buffer);
    await run(req, { ...command, avatar: stored });
    res.json({ data: { avatarPath: stored } });
  });
  route('get', '/api/agency/{id}/avatar', 'Путь к логотипу агентства (avatarPath)');
  router.get('/api/agency/:id/avatar', ...staff, async (req, res) => {
    res.json({ data: { avatarPath: (await agencyOf(String(req.params.id))).avatar } });
  });

  route('get', '/api/agency/{id}/employee', 'Сотрудники');
  router.get('/api/agency/:id/employee', ...staff, async (req, res) => {
    const staffUsers = await users.find(
      { agencyId: String(req.params.id), role: ROLES.AGENT },
      { sort: { name: 1 } },
    );
    res.json({
      data: staffUsers.map((u) => ({
        id: u._id,
        name: u.name,
        email: u.email,
        phone: u.phone,
        limit: u.employee?.limit ?? null,
        isActive: u.employee?.isActive ?? true,
        avatarPath: u.avatar,
      })),
    });
  });

  route(
    'post',
    '/api/agency/{id}/employee',
    'Добавить сотрудника по телефону зарегистрированного пользователя (clientPhone)',
  );
  router.post('/api/agency/:id/employee', ...staff, async (req, res) => {
    const { clientPhone } = parse(z.object({ clientPhone: phoneInput }), req.body);
    const agencyId = String(req.params.id);
    const user = await users.findOne({ phone: clientPhone });
    if (!user) throw new DomainError('USER_NOT_FOUND', NOT_REGISTERED, { clientPhone: [NOT_REGISTERED] });
    if (user.agencyId && user.agencyId !== agencyId)
      throw new DomainError('ACTION_NOT_ALLOWED', 'Пользователь уже работает в другом агентстве');
    if (user.role !== ROLES.USER && user.agencyId !== agencyId)
      throw new DomainError('ACTION_NOT_ALLOWED', 'Этого пользователя нельзя добавить сотрудником');
    await run(req, { type: 'AddEmployee', actor: actorOf(req), userId: user._id });
    await changeUser(ctx, user._id, { type: 'ChangeRole', role: ROLES.AGENT, agencyId });
    res.status(201).json({
      data: {
        id: user._id,
        name: user.name,
        phone: user.phone,
        email: user.email,
        limit: null,
        isActive: true,
      },
    });
  });

  route(
    'delete',
    '/api/agency/{id}/employee/{employeeId}',
    'Удалить сотрудника: он снова обычный пользователь',
  );
  router.delete('/api/agency/:id/employee/:employeeId', ...staff, async (req, res) => {
    const userId = String(req.params.employeeId);
    await run(req, { type: 'RemoveEmployee', actor: actorOf(req), userId });
    const user = await users.findOne({ _id: userId });
    if (user?.agencyId === req.params.id && user.role === ROLES.AGENT)
      await changeUser(ctx, userId, { type: 'ChangeRole', role: ROLES.USER, agencyId: null });
    res.json({ data: { success: true } });
  });

  route(
    'patch',
    '/api/agency/{id}/employee/{employeeId}/change-active',
    'Включить или отключить сотрудника (isActive, без тела — переключить)',
  );
  router.patch('/api/agency/:id/employee/:employeeId/change-active', ...staff, async (req, res) => {
    const userId = String(req.params.employeeId);
    const user = await users.findOne({ _id: userId });
    if (!user || user.agencyId !== req.params.id || user.role !== ROLES.AGENT)
      throw new DomainError('NOT_FOUND', 'Сотрудник не найден');
    const { isActive } = parse(z.object({ isActive: z.boolean().optional() }), req.body ?? {});
    const next = isActive ?? !(user.employee?.isActive ?? true);
    await run(req, { type: 'SetEmployeeActive', actor: actorOf(req), userId, isActive: next });
    res.json({ data: { id: userId, isActive: next } });
  });

  route(
    'patch',
    '/api/agency/{id}/employee/{employeeId}/limit',
    'Лимит трат сотрудника на продвижение, ₽ (null — без лимита)',
  );
  router.patch('/api/agency/:id/employee/:employeeId/limit', ...staff, async (req, res) => {
    const { limit } = parse(z.object({ limit: z.number().int().nonnegative().nullable() }), req.body);
    await run(req, {
      type: 'SetEmployeeLimit',
      actor: actorOf(req),
      userId: String(req.params.employeeId),
      limit,
    });
    res.json({ data: { id: req.params.employeeId, limit } });
  });
  return router;
}
