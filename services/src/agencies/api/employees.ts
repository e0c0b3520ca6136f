import { ROLES } from '@estate/events';
import { requireAgencyStaff, STAFF } from '../../core/access';
import { DomainError } from '../../core/errors';
import { defineRoute } from '../../core/route';
import { changeUser } from '../../identity';
import { runAgencyCommand } from '../commands';
import {
  employeeActiveAnswer,
  employeeAddedAnswer,
  employeeLimitAnswer,
  employeesAnswer,
  successAnswer,
} from '../dto';
import {
  agencyParams,
  employeeActiveBody,
  employeeLimitBody,
  employeeParams,
  employeePhoneBody,
} from '../inputs';
import { employeesOf, userByPhone, userOf } from '../views';
import { OTHER_AGENCY } from './profile';

/** The agency's employees: taken on by a registered user's phone, switched off, limited, let go. */
const tags = ['Агентство'];
export const NOT_REGISTERED =
  'Данного номера телефона нет в базе пользователей. Владельцу номера необходимо зарегистрировать аккаунт.';

export const listEmployees = defineRoute({
  method: 'get',
  path: '/api/agency/{id}/employee',
  tags,
  summary: 'Сотрудники',
  auth: STAFF,
  params: agencyParams,
  response: employeesAnswer,
  async handle({ ctx, params: { id }, req }) {
    requireAgencyStaff(req, id, OTHER_AGENCY);
    return { data: await employeesOf(ctx, id) };
  },
});

export const addEmployee = defineRoute({
  method: 'post',
  path: '/api/agency/{id}/employee',
  tags,
  summary: 'Добавить сотрудника по телефону зарегистрированного пользователя (clientPhone)',
  auth: STAFF,
  params: agencyParams,
  body: employeePhoneBody,
  status: 201,
  errors: [404, 422],
  response: employeeAddedAnswer,
  async handle({ ctx, params: { id: agencyId }, body: { clientPhone }, req }) {
    const actor = requireAgencyStaff(req, agencyId, OTHER_AGENCY);
    const user = await userByPhone(ctx, clientPhone);
    if (!user) throw new DomainError('USER_NOT_FOUND', NOT_REGISTERED, { clientPhone: [NOT_REGISTERED] });
    if (user.agencyId && user.agencyId !== agencyId)
      throw new DomainError('ACTION_NOT_ALLOWED', 'Пользователь уже работает в другом агентстве');
    if (user.role !== ROLES.USER && user.agencyId !== agencyId)
      throw new DomainError('ACTION_NOT_ALLOWED', 'Этого пользователя нельзя добавить сотрудником');
    await runAgencyCommand(ctx, agencyId, { type: 'AddEmployee', actor, userId: user._id }, actor.userId);
    await changeUser(ctx, user._id, { type: 'ChangeRole', role: ROLES.AGENT, agencyId });
    return {
      data: {
        id: user._id,
        name: user.name,
        phone: user.phone,
        email: user.email,
        limit: null,
        isActive: true,
      },
    };
  },
});

export const removeEmployee = defineRoute({
  method: 'delete',
  path: '/api/agency/{id}/employee/{employeeId}',
  tags,
  summary: 'Удалить сотрудника: он снова обычный пользователь',
  auth: STAFF,
  params: employeeParams,
  errors: [404],
  response: successAnswer,
  async handle({ ctx, params: { id, employeeId: userId }, req }) {
    const actor = requireAgencyStaff(req, id, OTHER_AGENCY);
    await runAgencyCommand(ctx, id, { type: 'RemoveEmployee', actor, userId }, actor.userId);
    const user = await userOf(ctx, userId);
    if (user?.agencyId === id && user.role === ROLES.AGENT)
      await changeUser(ctx, userId, { type: 'ChangeRole', role: ROLES.USER, agencyId: null });
    return { data: { success: true } };
  },
});

export const switchEmployee = defineRoute({
  method: 'patch',
  path: '/api/agency/{id}/employee/{employeeId}/change-active',
  tags,
  summary: 'Включить или отключить сотрудника (isActive, без тела — переключить)',
  auth: STAFF,
  params: employeeParams,
  body: employeeActiveBody,
  errors: [404],
  response: employeeActiveAnswer,
  async handle({ ctx, params: { id, employeeId: userId }, body: { isActive }, req }) {
    const actor = requireAgencyStaff(req, id, OTHER_AGENCY);
    const user = await userOf(ctx, userId);
    if (!user || user.agencyId !== id || user.role !== ROLES.AGENT)
      throw new DomainError('NOT_FOUND', 'Сотрудник не найден');
    const next = isActive ?? !(user.employee?.isActive ?? true);
    await runAgencyCommand(
      ctx,
      id,
      { type: 'SetEmployeeActive', actor, userId, isActive: next },
      actor.userId,
    );
    return { data: { id: userId, isActive: next } };
  },
});

export const limitEmployee = defineRoute({
  method: 'patch',
  path: '/api/agency/{id}/employee/{employeeId}/limit',
  tags,
  summary: 'Лимит трат сотрудника на продвижение, ₽ (null — без лимита)',
  auth: STAFF,
  params: employeeParams,
  body: employeeLimitBody,
  errors: [404],
  response: employeeLimitAnswer,
  async handle({ ctx, params: { id, employeeId: userId }, body: { limit }, req }) {
    const actor = requireAgencyStaff(req, id, OTHER_AGENCY);
    await runAgencyCommand(ctx, id, { type: 'SetEmployeeLimit', actor, userId, limit }, actor.userId);
    return { data: { id: userId, limit } };
  },
});

export const employeeRoutes = [listEmployees, addEmployee, removeEmployee, switchEmployee, limitEmployee];
