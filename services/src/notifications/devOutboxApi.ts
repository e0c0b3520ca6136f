import { z } from 'zod';
import type { AppContext } from '../core/context';
import { DEV_EMAIL, DEV_SMS, readOutbox } from '../core/notify/outbox';
import { defineRoute, type RouteDeclaration } from '../core/route';
import { phoneInput } from '../core/phoneInput';
import { outboxAnswer } from './dto';

/** The outbox is listed outside production only (production refuses DEV_OUTBOX at start, see core/config.ts). */
export const devOutboxServed = (ctx: AppContext) => ctx.config.NODE_ENV !== 'production';

const tags = ['Разработка'];

const outboxRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/dev/sms',
    tags,
    summary: 'СМС, записанные вместо отправки',
    auth: 'public',
    query: z.object({ phone: phoneInput }),
    response: outboxAnswer,
    async handle({ ctx, query: { phone } }) {
      return { data: await readOutbox(ctx.readStore, DEV_SMS, phone) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/dev/email',
    tags,
    summary: 'Письма, записанные вместо отправки',
    auth: 'public',
    query: z.object({ to: z.string().trim().min(3).max(200) }),
    response: outboxAnswer,
    async handle({ ctx, query: { to } }) {
      return { data: await readOutbox(ctx.readStore, DEV_EMAIL, to) };
    },
  }),
];

/**
 * Development outbox: the SMS and e-mails the outbox providers recorded, newest first. It shows
 * every code, login codes included, so with NODE_ENV=production these routes do not exist at all
 * (neither served nor documented).
 */
export const devOutboxRoutes = (ctx: AppContext): RouteDeclaration[] =>
  devOutboxServed(ctx) ? outboxRoutes : [];
