import { fold } from '../../core/decider';
import { requireAgencyStaff, STAFF } from '../../core/access';
import { DomainError } from '../../core/errors';
import { agencyFolder, contentKey } from '../../core/files';
import { defineRoute } from '../../core/route';
import { readAvatar } from '../../identity';
import { agencyDecider, agencyStream, type AgencyCommand } from '../agency';
import { assertAgencyKeysFree, runAgencyCommand } from '../commands';
import { agencyAnswer, agencyAvatarAnswer } from '../dto';
import { agencyParams, avatarBody, profileBody } from '../inputs';
import { agencyView, findAgency } from '../views';

/** «Моё агентство»: the profile its staff read and its owner changes, and the logo. */
const tags = ['Агентство'];
export const OTHER_AGENCY = 'Это другое агентство';

export const getAgency = defineRoute({
  method: 'get',
  path: '/api/agency/{id}',
  tags,
  summary: 'Профиль агентства',
  auth: STAFF,
  params: agencyParams,
  errors: [404],
  response: agencyAnswer,
  async handle({ ctx, params: { id }, req }) {
    requireAgencyStaff(req, id, OTHER_AGENCY);
    return { data: await agencyView(ctx, await findAgency(ctx, id)) };
  },
});

export const changeAgency = defineRoute({
  method: 'patch',
  path: '/api/agency/{id}',
  tags,
  summary: 'Изменить профиль агентства (владелец)',
  auth: STAFF,
  params: agencyParams,
  body: profileBody,
  errors: [404],
  response: agencyAnswer,
  async handle({ ctx, params: { id }, body: changes, req }) {
    const actor = requireAgencyStaff(req, id, OTHER_AGENCY);
    const current = await findAgency(ctx, id);
    // the fields not sent keep their values
    const kept = <T>(sent: T | undefined, was: T) => (sent !== undefined ? sent : was);
    const details = {
      name: changes.name ?? current.name,
      legalEntity: changes.legalEntity ?? current.legalEntity ?? 1,
      inn: kept(changes.inn, current.inn ?? null),
      kpp: kept(changes.kpp, current.kpp ?? null),
      accountNumber: kept(changes.accountNumber, current.accountNumber ?? null),
      siteLink: changes.siteLink !== undefined ? changes.siteLink || null : (current.siteLink ?? null),
      email: kept(changes.email, current.email ?? null),
      description:
        changes.description !== undefined ? changes.description || null : (current.description ?? null),
    };
    if (details.legalEntity !== 1 && details.kpp)
      throw new DomainError('INVALID_DATA', undefined, {
        kpp: ['КПП указывается только для юридического лица'],
      });
    await assertAgencyKeysFree(ctx, details, undefined, current._id);
    await runAgencyCommand(
      ctx,
      id,
      {
        type: 'ChangeProfile',
        actor,
        details,
        canViewInCatalog: changes.canViewInCatalog ?? current.canViewInCatalog !== false,
        specializations: changes.specializations ?? current.specializations ?? [],
      },
      actor.userId,
    );
    return { data: await agencyView(ctx, await findAgency(ctx, id)) };
  },
});

export const uploadAgencyAvatar = defineRoute({
  method: 'post',
  path: '/api/agency/{id}/avatar',
  tags,
  summary: 'Логотип агентства (jpg или png до 10 МБ, поле avatar)',
  auth: STAFF,
  params: agencyParams,
  consumes: 'multipart/form-data',
  body: avatarBody,
  errors: [404],
  response: agencyAvatarAnswer,
  async handle({ ctx, params: { id }, req, res }) {
    const actor = requireAgencyStaff(req, id, OTHER_AGENCY);
    const avatar = await readAvatar(req, res);
    const agency = await findAgency(ctx, id);
    // the name is known before the file is stored (it is the content's hash): the agency decides on it
    // first, and only an accepted logo is stored, so a refused upload leaves nothing to serve
    const key = contentKey(agencyFolder(agency._id), avatar.data, avatar.kind);
    const command: AgencyCommand = { type: 'ChangeAvatar', actor, avatar: `/storage/${key}` };
    agencyDecider.decide(
      command,
      fold(agencyDecider, await ctx.eventStore.readStream(agencyStream(agency._id))),
    );
    const stored = await ctx.files.put(key, avatar.data);
    await runAgencyCommand(ctx, id, { ...command, avatar: stored }, actor.userId);
    return { data: { avatarPath: stored } };
  },
});

export const getAgencyAvatar = defineRoute({
  method: 'get',
  path: '/api/agency/{id}/avatar',
  tags,
  summary: 'Путь к логотипу агентства (avatarPath)',
  auth: STAFF,
  params: agencyParams,
  errors: [404],
  response: agencyAvatarAnswer,
  async handle({ ctx, params: { id }, req }) {
    requireAgencyStaff(req, id, OTHER_AGENCY);
    return { data: { avatarPath: (await findAgency(ctx, id)).avatar } };
  },
});

export const profileRoutes = [getAgency, changeAgency, uploadAgencyAvatar, getAgencyAvatar];
