import { notificationSettings, type NotificationSettings } from '@estate/events';
import { USERS, walletBalance, type UserDocument } from '@estate/projections';
import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { refuseCrossSite } from '../core/security';
import { contentKey } from '../core/files';
import { parse } from '../core/http';
import { changeUser } from './authApi';
import { changeNameBody, describeRoute } from './schemas';
import { currentUser, type AuthenticatedUser } from '../core/access';

const TAG = 'Профиль';
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

/** The fields of product.md's Profile. */
export function toProfile(user: UserDocument, caller: AuthenticatedUser, now: Date, agencyWalletBalance = 0) {
  const premium = user.premiumUntil !== null && new Date(user.premiumUntil) > now;
  return {
    id: user._id,
    agencyId: user.agencyId,
    role: caller.role,
    name: user.name,
    phone: user.phone,
    email: user.email,
    isVerifiedEmail: user.emailVerified,
    status: premium ? 'Премиум' : 'Обычный',
    premiumPeriod: premium ? user.premiumUntil : null,
    hasReceiveNotifications: user.settings.canReceiveNotifications,
    avatar: user.avatar,
    agencyWalletBalance,
    settings: user.settings,
  };
}

/** jpg or png, told by the first bytes of the file and not by its name or declared type. */
export function imageKind(data: Buffer): 'jpg' | 'png' | null {
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (
    data.length > 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  return null;
}

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 },
}).single('avatar');

/** multer's own failures (too large, wrong field) as the spec's errorCode 1 with a field error */
export function avatarUpload(req: Request, res: Response, next: NextFunction) {
  upload(req, res, (error: unknown) => {
    if (!error) return next();
    const code = (error as { code?: string }).code;
    const message =
      code === 'LIMIT_FILE_SIZE'
        ? 'Файл больше 10 МБ'
        : code === 'LIMIT_UNEXPECTED_FILE'
          ? 'Загрузите один файл в поле avatar'
          : 'Не удалось прочитать файл';
    next(new DomainError('INVALID_DATA', undefined, { avatar: [message] }));
  });
}

const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);
const switchQuery = z
  .object({
    canReceiveNotifications: flag.optional(),
    canReceiveSmsNotifications: flag.optional(),
    canReceiveEmailNotifications: flag.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Укажите хотя бы одну настройку',
  });
const settingBody = z.object({
  name: z.enum(Object.keys(notificationSettings.shape) as [keyof NotificationSettings]),
  value: flag,
});

export function profileRoutes(ctx: AppContext): Router {
  const router = Router();
  const users = ctx.readStore.collection<UserDocument>(USERS);
  const profileOf = async (caller: AuthenticatedUser) => {
    const user = await users.findOne({ _id: caller.userId });
    if (!user) throw new DomainError('USER_NOT_FOUND');
    return toProfile(user, caller, ctx.clock(), await walletBalance(ctx.readStore, user.agencyId));
  };

  describeRoute(ctx, {
    method: 'get',
    path: '/api/profile',
    tag: TAG,
    summary: 'Профиль текущего пользователя',
    auth: true,
    answer: 'профиль в data',
  });
  router.get('/api/profile', async (req, res) => {
    res.json({ data: await profileOf(currentUser(req)) });
  });

  describeRoute(ctx, {
    method: 'patch',
    path: '/api/profile/change-name',
    tag: TAG,
    summary: 'Смена имени',
    body: changeNameBody,
    auth: true,
    answer: 'профиль в data',
  });
  router.patch('/api/profile/change-name', async (req, res) => {
    const caller = currentUser(req);
    const { name } = parse(changeNameBody, req.body);
    await changeUser(ctx, caller.userId, { type: 'ChangeName', name });
    res.json({ data: await profileOf(caller) });
  });

  ctx.openApi.route({
    method: 'post',
    path: '/api/profile/avatar',
    tags: [TAG],
    summary: 'Загрузка аватара (jpg или png до 10 МБ)',
    security: [{ bearer: [] }],
    request: {
      body: {
        content: {
          'multipart/form-data': { schema: z.object({ avatar: z.string().meta({ format: 'binary' }) }) },
        },
      },
    },
    responses: {
      200: { description: 'data.avatarPath' },
      400: { description: 'ошибка в конверте спецификации' },
    },
  });
  router.post(
    '/api/profile/avatar',
    (req, _res, next) => (currentUser(req), next()),
    avatarUpload,
    async (req, res) => {
      const caller = currentUser(req);
      if (!req.file)
        throw new DomainError('INVALID_DATA', undefined, { avatar: ['Выберите файл изображения'] });
      const kind = imageKind(req.file.buffer);
      if (!kind)
        throw new DomainError('INVALID_DATA', undefined, { avatar: ['Допустимы изображения JPG и PNG'] });
      const avatarPath = await ctx.files.put(
        contentKey(`avatars/${caller.userId}`, req.file.buffer, kind),
        req.file.buffer,
      );
      await changeUser(ctx, caller.userId, { type: 'ChangeAvatar', avatar: avatarPath });
      res.json({ data: { avatarPath } });
    },
  );

  describeRoute(ctx, {
    method: 'get',
    path: '/api/profile/avatar',
    tag: TAG,
    summary: 'Адрес аватара',
    auth: true,
    answer: 'data.avatarPath',
  });
  router.get('/api/profile/avatar', async (req, res) => {
    res.json({ data: { avatarPath: (await profileOf(currentUser(req))).avatar } });
  });

  // The spec's client switches with a GET and query parameters; a PATCH with the same fields in the body does the same.
  describeRoute(ctx, {
    method: 'get',
    path: '/api/profile/switch-notifications',
    tag: TAG,
    summary: 'Переключатели уведомлений (параметры запроса)',
    auth: true,
    answer: 'data.settings',
  });
  const switchNotifications = (source: 'query' | 'body') => async (req: Request, res: Response) => {
    const caller = currentUser(req);
    const changes = parse(switchQuery, req[source]);
    const settings = Object.fromEntries(
      Object.entries(changes).filter(([, v]) => v !== undefined),
    ) as Partial<NotificationSettings>;
    await changeUser(ctx, caller.userId, { type: 'ChangeNotificationSettings', settings });
    res.json({ data: { settings: (await profileOf(caller)).settings } });
  };
  // a GET that writes: refused when a foreign page sends it (a link or an image carries the cookie)
  router.get('/api/profile/switch-notifications', refuseCrossSite(ctx.config), switchNotifications('query'));
  describeRoute(ctx, {
    method: 'patch',
    path: '/api/profile/switch-notifications',
    tag: TAG,
    summary: 'Переключатели уведомлений (те же поля в теле)',
    auth: true,
    answer: 'data.settings',
  });
  router.patch('/api/profile/switch-notifications', switchNotifications('body'));

  describeRoute(ctx, {
    method: 'patch',
    path: '/api/profile/notification-setting',
    tag: TAG,
    summary: 'Одна настройка уведомлений по имени',
    body: settingBody,
    auth: true,
    answer: 'data.settings',
  });
  router.patch('/api/profile/notification-setting', async (req, res) => {
    const caller = currentUser(req);
    const { name, value } = parse(settingBody, req.body);
    await changeUser(ctx, caller.userId, { type: 'ChangeNotificationSettings', settings: { [name]: value } });
    res.json({ data: { settings: (await profileOf(caller)).settings } });
  });

  return router;
}
