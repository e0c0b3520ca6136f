import { randomUUID } from 'node:crypto';
import { MODERATOR_ROLE, ROLES } from '@estate/events';
import { walletBalance, WALLET_OPERATIONS, type WalletOperationDocument } from '@estate/projections';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { handleCommand } from '../core/decider';
import { DomainError } from '../core/errors';
import { parse } from '../core/http';
import { handleNotification, startPayment } from './payments';
import { SandboxPayments } from './provider/sandbox';
import { walletDecider, walletStream } from './wallet';
import { currentUser, requireRole, requireSameAgency } from '../core/access';

const sum = z.coerce
  .number({ error: 'Введите сумму' })
  .int('Введите сумму в рублях')
  .min(1, 'Введите сумму')
  .max(10_000_000, 'Не больше 10 000 000 ₽');
const topUpBody = z.object({ sourceType: z.literal(1, 'Онлайн-оплата: sourceType 1').default(1), sum });
const invoiceBody = z
  .object({
    sum,
    organizationName: z.string().trim().min(1, 'Обязательное поле').max(300),
    inn: z
      .string()
      .trim()
      .regex(/^\d{10}(\d{2})?$/, 'ИНН — 10 или 12 цифр'),
    kpp: z
      .string()
      .trim()
      .regex(/^\d{9}$/, 'КПП — 9 цифр')
      .or(z.literal(''))
      .nullish()
      .transform((v) => v || null),
    account: z
      .string()
      .trim()
      .regex(/^\d{20}$/, 'Расчётный счёт — 20 цифр'),
  })
  .refine((v) => v.inn.length === 12 || v.kpp !== null, {
    message: 'Для юридического лица укажите КПП',
    path: ['kpp'],
  });

/**
 * The site's own address for payment return links: the configured PUBLIC_URL (createApp keeps it
 * on the app), never the request's Host header, which any client can forge.
 */
export const siteOf = (req: Request): string => req.app.get('publicUrl') as string;

/** Only the owner handles the agency's money (a moderator may look). */
function ownerOnly(req: Request, _res: Response, next: NextFunction) {
  if (currentUser(req).role === ROLES.AGENT)
    throw new DomainError('FORBIDDEN', 'Кошельком управляет владелец агентства');
  next();
}

export function walletRoutes(ctx: AppContext): Router {
  const router = Router();
  const staff = [
    requireRole(ROLES.AGENT, ROLES.AGENCY_OWNER, MODERATOR_ROLE),
    requireSameAgency('id', 'Это другое агентство'),
    ownerOnly,
  ];
  const route = (method: 'get' | 'post', path: string, summary: string) =>
    ctx.openApi.route({
      method,
      path,
      tags: ['Кошелёк'],
      summary,
      responses: { 200: { description: 'data' } },
    });
  /** a call that needs a session: 401 without one */
  const signedIn = (method: 'get' | 'post', path: string, summary: string) =>
    ctx.openApi.route({
      method,
      path,
      tags: ['Кошелёк'],
      summary,
      security: [{ bearer: [] }],
      responses: { 200: { description: 'data' }, 401: { description: 'errorCode 101' } },
    });

  signedIn('get', '/api/agency/{id}/balance', 'Баланс кошелька и операции');
  router.get('/api/agency/:id/balance', ...staff, async (req, res) => {
    const agencyId = String(req.params.id);
    const operations = await ctx.readStore
      .collection<WalletOperationDocument>(WALLET_OPERATIONS)
      .find({ agencyId }, { sort: { at: -1 }, limit: 100 });
    res.json({
      data: {
        walletBalance: await walletBalance(ctx.readStore, agencyId),
        operations: operations.map(({ _id, ...o }) => ({ id: _id, ...o })),
      },
    });
  });

  signedIn(
    'post',
    '/api/agency/{id}/balance/top-up',
    'Пополнение онлайн: data.confirmationUrl — страница оплаты',
  );
  router.post('/api/agency/:id/balance/top-up', ...staff, async (req, res) => {
    const { sum: amount } = parse(topUpBody, req.body);
    const payment = await startPayment(ctx, {
      purpose: 'wallet-top-up',
      sum: amount,
      agencyId: String(req.params.id),
      userId: currentUser(req).userId,
      tariffId: null,
      siteUrl: siteOf(req),
    });
    res.status(201).json({ data: payment });
  });

  signedIn(
    'post',
    '/api/agency/{id}/balance/invoice',
    'Счёт на оплату по безналичному расчёту: записывается и уходит письмом',
  );
  router.post('/api/agency/:id/balance/invoice', ...staff, async (req, res) => {
    const invoice = parse(invoiceBody, req.body);
    const agencyId = String(req.params.id);
    const invoiceId = randomUUID();
    const by = currentUser(req).userId;
    await handleCommand(
      ctx.eventStore,
      walletStream(agencyId),
      walletDecider,
      { type: 'RequestInvoice', data: { agencyId, invoiceId, by, ...invoice } },
      { actor: by },
      100,
    );
    res.status(201).json({ data: { invoiceId } });
  });

  route(
    'post',
    '/api/payments/webhook',
    'Уведомление платёжного сервиса: статус проверяется запросом к сервису',
  );
  router.post('/api/payments/webhook', async (req, res) => {
    const { object } = parse(
      z.object({
        event: z.string().max(100).optional(),
        object: z.object({ id: z.string().min(1).max(100) }),
      }),
      req.body,
    );
    res.json({ data: { status: await handleNotification(ctx, object.id) } });
  });

  if (ctx.payments instanceof SandboxPayments) {
    const sandbox = ctx.payments;
    route('get', '/api/payments/sandbox/{id}', 'Песочница платежей (разработка и демо): страница оплаты');
    router.get('/api/payments/sandbox/:id', async (req, res) => {
      const payment = await sandbox.getPayment(req.params.id);
      if (!payment) throw new DomainError('NOT_FOUND', 'Платёж не найден');
      res.type('html').send(sandboxPage(req.params.id, payment.amount, payment.status));
    });
    route(
      'post',
      '/api/payments/sandbox/{id}/{action}',
      'Песочница платежей: pay — оплатить, cancel — отменить; затем вызывает webhook, как настоящий сервис',
    );
    router.post('/api/payments/sandbox/:id/:action', async (req, res) => {
      const action = parse(z.enum(['pay', 'cancel']), req.params.action);
      const doc = await sandbox.settle(req.params.id, action === 'pay' ? 'succeeded' : 'canceled');
      if (!doc) throw new DomainError('NOT_FOUND', 'Платёж не найден');
      res.json({ data: { status: doc.status, returnUrl: doc.returnUrl } });
    });
  }
  return router;
}

/** The sandbox's payment page: its buttons settle the payment, then call the webhook as the real provider would. */
function sandboxPage(id: string, amount: number, status: string) {
  const safeId = id.replace(/[^\w-]/g, '');
  return `<!doctype html><html lang="ru"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Тестовая оплата</title>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:64px auto;padding:0 16px">
<h1>Тестовая оплата</h1><p>Сумма: <b>${amount.toLocaleString('ru-RU')} ₽</b></p><p id="status">Статус: ${status === 'pending' ? 'ожидает оплаты' : status === 'succeeded' ? 'оплачен' : 'отменён'}</p>
<button id="pay" style="padding:12px 24px;font-size:16px">Оплатить</button> <button id="cancel" style="padding:12px 24px;font-size:16px">Отменить</button>
<script>
async function settle(action){const r=await fetch('/api/payments/sandbox/${safeId}/'+action,{method:'POST'});const {data}=await r.json();
await fetch('/api/payments/webhook',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({event:action==='pay'?'payment.succeeded':'payment.canceled',object:{id:'${safeId}'}})});
document.getElementById('status').textContent=action==='pay'?'Статус: оплачен':'Статус: отменён';if(data.returnUrl)setTimeout(()=>location.assign(data.returnUrl),800);}
document.getElementById('pay').onclick=()=>settle('pay');document.getElementById('cancel').onclick=()=>settle('cancel');
</script></body></html>`;
}
