import type { NotificationSettings } from '@estate/events';
import type { AuthenticatedUser } from '../../core/access';
import { currentUser } from '../../core/access';
import type { AppContext } from '../../core/context';
import { contentKey } from '../../core/files';
import { defineRoute } from '../../core/route';
import { refuseCrossSite } from '../../core/security';
import { changeUser } from '../account';
import { readAvatar } from '../avatar';
import { avatarAnswer, profileAnswer, settingsAnswer } from '../dto';
import {
  avatarBody,
  changeNameBody,
  notificationSettingBody,
  notificationSwitches,
  TARIFF_NOTICE_SETTING,
} from '../inputs';
import { profileOf } from '../profile';

/** The signed-in user's profile (product.md: Profile): name, avatar, notification settings. */
const tags = ['Профиль'];

export const getProfile = defineRoute({
  method: 'get',
  path: '/api/profile',
  tags,
  summary: 'Профиль текущего пользователя',
  auth: 'signed-in',
  response: profileAnswer,
  async handle({ ctx, req }) {
    return { data: await profileOf(ctx, currentUser(req)) };
  },
});

export const changeName = defineRoute({
  method: 'patch',
  path: '/api/profile/change-name',
  tags,
  summary: 'Смена имени',
  auth: 'signed-in',
  body: changeNameBody,
  response: profileAnswer,
  async handle({ ctx, body: { name }, req }) {
    const caller = currentUser(req);
    await changeUser(ctx, caller.userId, { type: 'ChangeName', name });
    return { data: await profileOf(ctx, caller) };
  },
});

export const uploadAvatar = defineRoute({
  method: 'post',
  path: '/api/profile/avatar',
  tags,
  summary: 'Загрузка аватара (jpg или png до 10 МБ)',
  auth: 'signed-in',
  consumes: 'multipart/form-data',
  body: avatarBody,
  response: avatarAnswer,
  async handle({ ctx, req, res }) {
    const caller = currentUser(req);
    // stored only once it is known to be a jpg or png of at most 10 MB
    const avatar = await readAvatar(req, res);
    const avatarPath = await ctx.files.put(
      contentKey(`avatars/${caller.userId}`, avatar.data, avatar.kind),
      avatar.data,
    );
    await changeUser(ctx, caller.userId, { type: 'ChangeAvatar', avatar: avatarPath });
    return { data: { avatarPath } };
  },
});

export const getAvatar = defineRoute({
  method: 'get',
  path: '/api/profile/avatar',
  tags,
  summary: 'Адрес аватара',
  auth: 'signed-in',
  response: avatarAnswer,
  async handle({ ctx, req }) {
    return { data: { avatarPath: (await profileOf(ctx, currentUser(req))).avatar } };
  },
});

async function switchNotifications(
  ctx: AppContext,
  caller: AuthenticatedUser,
  changes: Partial<Record<keyof NotificationSettings, boolean | undefined>>,
) {
  const settings = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<NotificationSettings>;
  await changeUser(ctx, caller.userId, { type: 'ChangeNotificationSettings', settings });
  return { data: { settings: (await profileOf(ctx, caller)).settings } };
}

/** The spec's client switches with a GET and query parameters: a write, so a foreign page may not send it. */
export const switchNotificationsByQuery = defineRoute({
  method: 'get',
  path: '/api/profile/switch-notifications',
  tags,
  summary: 'Переключатели уведомлений (параметры запроса, как их шлёт клиент спецификации)',
  auth: 'signed-in',
  query: notificationSwitches,
  response: settingsAnswer,
  async handle({ ctx, query, req, res }) {
    // a link or an image on a foreign page carries the Lax cookie with a GET: refused like a write
    refuseCrossSite(ctx.config)(req, res, () => undefined);
    return switchNotifications(ctx, currentUser(req), query);
  },
});

export const switchNotificationsByBody = defineRoute({
  method: 'patch',
  path: '/api/profile/switch-notifications',
  tags,
  summary: 'Переключатели уведомлений (те же поля в теле)',
  auth: 'signed-in',
  body: notificationSwitches,
  response: settingsAnswer,
  async handle({ ctx, body, req }) {
    return switchNotifications(ctx, currentUser(req), body);
  },
});

export const changeNotificationSetting = defineRoute({
  method: 'patch',
  path: '/api/profile/notification-setting',
  tags,
  summary: 'Одна настройка уведомлений по имени (и уведомление о тарифе: canReceiveTariffNotifications)',
  auth: 'signed-in',
  body: notificationSettingBody,
  response: settingsAnswer,
  async handle({ ctx, body: { name, value }, req }) {
    const caller = currentUser(req);
    if (name !== TARIFF_NOTICE_SETTING) return switchNotifications(ctx, caller, { [name]: value });
    await changeUser(ctx, caller.userId, { type: 'SwitchTariffNotice', enabled: value });
    return { data: { settings: (await profileOf(ctx, caller)).settings } };
  },
});

export const profileRoutes = [
  getProfile,
  changeName,
  uploadAvatar,
  getAvatar,
  switchNotificationsByQuery,
  switchNotificationsByBody,
  changeNotificationSetting,
];
