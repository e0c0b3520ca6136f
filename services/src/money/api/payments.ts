import { z } from 'zod';
import { DomainError } from '../../core/errors';
import { defineRoute } from '../../core/route';
import { sandboxSettledAnswer, webhookAnswer } from '../dto';
import { sandboxActionParams, sandboxParams, webhookBody } from '../inputs';
import { handleNotification } from '../payments';
import type { SandboxPayments } from '../provider/sandbox';

/** The payment provider's side: its notifications, and the development sandbox's payment page. */
const tags = ['Кошелёк'];

export const paymentWebhook = defineRoute({
  method: 'post',
  path: '/api/payments/webhook',
  tags,
  summary: 'Уведомление платёжного сервиса: статус проверяется запросом к сервису',
  auth: 'public',
  body: webhookBody,
  errors: [404, 422],
  response: webhookAnswer,
  async handle({ ctx, body }) {
    return { data: { status: await handleNotification(ctx, body.object.id) } };
  },
});

/** The sandbox's payment page and buttons (development and demos): served only where the sandbox is the provider. */
export const sandboxRoutes = (sandbox: SandboxPayments) => [
  defineRoute({
    method: 'get',
    path: '/api/payments/sandbox/{id}',
    tags,
    summary: 'Песочница платежей (разработка и демо): страница оплаты',
    auth: 'public',
    params: sandboxParams,
    produces: 'text/html',
    errors: [404],
    response: z.string(),
    async handle({ params: { id }, res }) {
      const payment = await sandbox.getPayment(id);
      if (!payment) throw new DomainError('NOT_FOUND', 'Платёж не найден');
      res.type('html').send(sandboxPage(id, payment.amount, payment.status));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/payments/sandbox/{id}/{action}',
    tags,
    summary:
      'Песочница платежей: pay — оплатить, cancel — отменить; затем вызывает webhook, как настоящий сервис',
    auth: 'public',
    params: sandboxActionParams,
    errors: [404],
    response: sandboxSettledAnswer,
    async handle({ params: { id, action } }) {
      const doc = await sandbox.settle(id, action === 'pay' ? 'succeeded' : 'canceled');
      if (!doc) throw new DomainError('NOT_FOUND', 'Платёж не найден');
      return { data: { status: doc.status, returnUrl: doc.returnUrl } };
    },
  }),
];

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
