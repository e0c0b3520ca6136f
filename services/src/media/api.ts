import { MODERATOR_ROLE } from '@estate/events';
import { AGENCIES, PHOTOS, type AgencyDocument, type PhotoDocument } from '@estate/projections';
import type { Request } from 'express';
import { actorOf, ownAgencyOf, requireAgencyStaff, STAFF, type Actor } from '../core/access';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { parse } from '../core/http';
import { defineRoute } from '../core/route';
import { photoSizesAnswer, photoSizesQuery, uploadAnswer, uploadBody } from './dto';
import { PHOTO_MAX_MEGABYTES, PHOTOS_PER_REQUEST } from './images';
import { checkPhotos, readUpload, recordPhoto, uploadFields } from './upload';

const tags = ['Фото'];

/**
 * The agency the photos are stored for: the caller's own (staff), or the one a moderator names,
 * which must exist. Staff naming another agency are refused.
 */
async function uploadAgency(ctx: AppContext, req: Request, named: string | undefined): Promise<string> {
  const actor = actorOf(req);
  if (actor.role !== MODERATOR_ROLE) {
    const { agencyId } = ownAgencyOf(req);
    if (named !== undefined) requireAgencyStaff(req, named, 'Можно загружать фото только своего агентства');
    return agencyId;
  }
  if (named === undefined)
    throw new DomainError('INVALID_DATA', undefined, {
      agencyId: ['Укажите агентство, для которого загружаются фото'],
    });
  const agency = await ctx.readStore.collection<AgencyDocument>(AGENCIES).findOne({ _id: named });
  if (!agency) throw new DomainError('NOT_FOUND', 'Агентство не найдено');
  return agency._id;
}

/**
 * One point a photo. A request over the limit counts nothing: the limiter counts a refused
 * request's points too, so they are given back, and the photos that still fit can be sent.
 */
async function countPhotos(ctx: AppContext, actor: Actor, photos: number) {
  try {
    await ctx.limits.consume('photosPerUser', actor.userId, photos);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'TOO_MANY_REQUESTS')
      await ctx.limits.refund('photosPerUser', actor.userId, photos);
    throw error;
  }
}

export const uploadPhotos = defineRoute({
  method: 'post',
  path: '/api/system/upload',
  tags,
  summary: `Загрузить фото: от 1 до ${PHOTOS_PER_REQUEST} файлов JPEG, PNG или WebP до ${PHOTO_MAX_MEGABYTES} МБ в поле files`,
  description: [
    'Для агента, владельца агентства и модератора (модератор указывает agencyId). Тип файла определяется по содержимому, не по имени.',
    'Файл проверяется (повреждённый отклоняется) и хранится один раз под именем из хеша содержимого: повторная загрузка того же фото ничего не добавляет и отвечает так же.',
    'Фоновая задача поворачивает фото по EXIF, удаляет все метаданные (EXIF с координатами, XMP, IPTC), кладёт оригинал по адресу path и делает размеры',
    '(карточка 344x252, миниатюра 109x80, полный до 1600x1200, WebP и JPEG): пока их нет, ready — false. Число фото в час от одного пользователя ограничено (429).',
  ].join(' '),
  auth: STAFF,
  consumes: 'multipart/form-data',
  body: uploadBody,
  errors: [404, 429],
  response: uploadAnswer,
  async handle({ ctx, req, res }) {
    const actor = actorOf(req);
    const files = await readUpload(req, res);
    const { agencyId: named } = parse(uploadFields, { ...req.body });
    const agencyId = await uploadAgency(ctx, req, named);
    await countPhotos(ctx, actor, files.length);
    const photos = await checkPhotos(files);
    const recorded = [];
    for (const photo of photos)
      recorded.push(await recordPhoto(ctx, { agencyId, uploadedBy: actor.userId, photo }));
    // the caller may ask the read models about the photos right away (a listing form checks them)
    await ctx.projections.whenCaughtUp(Math.max(...recorded.map((r) => r.position)));
    return {
      data: recorded.map(({ id, path, width, height, ready }) => ({ id, path, width, height, ready })),
    };
  },
});

export const photoSizes = defineRoute({
  method: 'get',
  path: '/api/system/photos',
  tags,
  summary: 'Готовы ли размеры загруженных фото',
  description:
    'Для сотрудников агентства (фото своего агентства) и модератора (любые). paths — адреса оригиналов из ответа загрузки, до 30; фото, которых нет или которые не принадлежат агентству, в ответе отсутствуют.',
  auth: STAFF,
  query: photoSizesQuery,
  response: photoSizesAnswer,
  async handle({ ctx, query, req }) {
    const actor = actorOf(req);
    const agencyId = actor.role === MODERATOR_ROLE ? null : ownAgencyOf(req).agencyId;
    const found = await ctx.readStore
      .collection<PhotoDocument>(PHOTOS)
      .find({ _id: { $in: query.paths }, ...(agencyId ? { agencyId } : {}) });
    return {
      data: found.map((photo) => ({
        path: photo.path,
        ready: photo.status === 'ready',
        variants: photo.variants,
      })),
    };
  },
});

export const mediaRoutes = [uploadPhotos, photoSizes];
