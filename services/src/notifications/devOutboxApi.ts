import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { parse } from '../core/http';
import { phoneInput } from '../identity';
import { DEV_EMAIL, DEV_SMS, readOutbox } from '../core/notify/outbox';

/** The outbox is listed outside production only (production refuses DEV_OUTBOX at start, see core/config.ts). */
export const devOutboxServed = (ctx: AppContext) => ctx.config.NODE_ENV !== 'production';

/**
 * Development outbox: the SMS and e-mails the outbox providers recorded, newest first. It shows
 * every code, login codes included, so with NODE_ENV=production these routes do not exist at all.
 */
export function devOutboxRoutes(ctx: AppContext): Router {
  const router = Router();
  if (!devOutboxServed(ctx)) return router;

  const smsQuery = z.object({ phone: phoneInput });
  ctx.openApi.route({
    method: 'get',
    path: '/api/dev/sms',
    tags: ['Разработка'],
    summary: 'СМС, записанные вместо отправки',
    request: { query: smsQuery },
    responses: { 200: { description: 'data: сообщения, новые первыми' } },
  });
  router.get('/api/dev/sms', async (req, res) => {
    const { phone } = parse(smsQuery, req.query);
    res.json({ data: await readOutbox(ctx.readStore, DEV_SMS, phone) });
  });

  const emailQuery = z.object({ to: z.string().trim().min(3).max(200) });
  ctx.openApi.route({
    method: 'get',
    path: '/api/dev/email',
    tags: ['Разработка'],
    summary: 'Письма, записанные вместо отправки',
    request: { query: emailQuery },
    responses: { 200: { description: 'data: письма, новые первыми' } },
  });
  router.get('/api/dev/email', async (req, res) => {
    const { to } = parse(emailQuery, req.query);
    res.json({ data: await readOutbox(ctx.readStore, DEV_EMAIL, to) });
  });
  return router;
}
