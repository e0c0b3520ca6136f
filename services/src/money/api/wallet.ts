import { randomUUID } from 'node:crypto';
import { ROLES } from '@estate/events';
import {
  INVOICES,
  walletBalance,
  WALLET_OPERATIONS,
  type InvoiceDocument,
  type WalletOperationDocument,
} from '@estate/projections';
import type { Request } from 'express';
import { ownAgencyOf, requireAgencyStaff, STAFF } from '../../core/access';
import { simpleRestPage } from '../../core/http';
import { DomainError } from '../../core/errors';
import { defineRoute } from '../../core/route';
import { balanceAnswer, invoiceAnswer, invoiceList, topUpStartedAnswer, walletOperationList } from '../dto';
import { agencyParams, invoiceBody, invoicesQuery, topUpBody, walletOperationsQuery } from '../inputs';
import { startPayment } from '../payments';
import { WALLET_ATTEMPTS } from '../promotion';
import { handleWallet } from '../wallet';

/** The agency's wallet (product.md: balance top-up): its balance and operations, a top-up online, an invoice. */
const tags = ['Кошелёк'];

/**
 * The site's own address for payment return links: the configured PUBLIC_URL (createApp keeps it on
 * the app), never the request's Host header, which any client can forge. Without one (development,
 * where production refuses to start), the address the payer opened the site on, so the sandbox's
 * page sends them back there rather than to localhost.
 */
export const siteOf = (req: Request): string =>
  req.app.get('publicUrlFromRequest') && req.get('host')
    ? `${req.protocol}://${req.get('host')}`
    : (req.app.get('publicUrl') as string);

/** Only the owner handles the agency's money (a moderator may look); staff of another agency are refused. */
function walletManager(req: Request, agencyId: string) {
  const actor = requireAgencyStaff(req, agencyId, 'Это другое агентство');
  if (actor.role === ROLES.AGENT)
    throw new DomainError('FORBIDDEN', 'Кошельком управляет владелец агентства');
  return actor;
}

export const getBalance = defineRoute({
  method: 'get',
  path: '/api/agency/{id}/balance',
  tags,
  summary: 'Баланс кошелька и операции',
  auth: STAFF,
  params: agencyParams,
  response: balanceAnswer,
  async handle({ ctx, params: { id }, req }) {
    walletManager(req, id);
    const operations = await ctx.readStore
      .collection<WalletOperationDocument>(WALLET_OPERATIONS)
      .find({ agencyId: id }, { sort: { at: -1 }, limit: 100 });
    return {
      data: {
        walletBalance: await walletBalance(ctx.readStore, id),
        operations: operations.map(({ _id, ...o }) => ({ id: _id, ...o })),
      },
    };
  },
});

/** The wallet's operations as the cabinet's react-admin list reads them: sorted, paged, by kind and by day. */
export const listWalletOperations = defineRoute({
  method: 'get',
  path: '/api/cabinet/wallet-operations',
  tags,
  summary: 'Операции кошелька агентства (react-admin simple-rest): массив, заголовок Content-Range',
  auth: STAFF,
  query: walletOperationsQuery,
  response: walletOperationList,
  async handle({ ctx, query, req, res }) {
    const { agencyId } = ownAgencyOf(req);
    walletManager(req, agencyId);
    const { kind, from, to } = query.filter;
    // days are Moscow's (as the cabinet shows times): the last one whole, up to the next day's start
    const at = {
      ...(from ? { $gte: moscowDayStart(from, 0) } : {}),
      ...(to ? { $lt: moscowDayStart(to, 1) } : {}),
    };
    const page = await simpleRestPage(
      ctx.readStore.collection<WalletOperationDocument>(WALLET_OPERATIONS),
      { agencyId, ...(kind ? { kind } : {}), ...(from || to ? { at } : {}) },
      query,
      'wallet-operations',
      res,
    );
    return page.map(({ _id, ...o }) => ({ id: _id, ...o }));
  },
});

/** the instant a Moscow day (plus some days) starts, as the operations' ISO times are written */
const moscowDayStart = (day: string, plusDays: number) =>
  new Date(Date.parse(`${day}T00:00:00+03:00`) + plusDays * 86_400_000).toISOString();

export const topUp = defineRoute({
  method: 'post',
  path: '/api/agency/{id}/balance/top-up',
  tags,
  summary: 'Пополнение онлайн: data.confirmationUrl — страница оплаты',
  auth: STAFF,
  params: agencyParams,
  body: topUpBody,
  status: 201,
  errors: [503],
  response: topUpStartedAnswer,
  async handle({ ctx, params: { id }, body, req }) {
    const actor = walletManager(req, id);
    const payment = await startPayment(ctx, {
      purpose: 'wallet-top-up',
      sum: body.sum,
      agencyId: id,
      userId: actor.userId,
      tariffId: null,
      siteUrl: siteOf(req),
    });
    return { data: payment };
  },
});

export const requestInvoice = defineRoute({
  method: 'post',
  path: '/api/agency/{id}/balance/invoice',
  tags,
  summary: 'Счёт на оплату по безналичному расчёту: записывается, письмо в бухгалтерию следует за записью',
  auth: STAFF,
  params: agencyParams,
  body: invoiceBody,
  status: 201,
  response: invoiceAnswer,
  async handle({ ctx, params: { id }, body, req }) {
    const actor = walletManager(req, id);
    const invoiceId = randomUUID();
    // only the fact is recorded here: the accounting letter follows it (reactors.ts)
    await handleWallet(
      ctx.eventStore,
      id,
      { type: 'RequestInvoice', data: { agencyId: id, invoiceId, by: actor.userId, ...body } },
      { actor: actor.userId },
      WALLET_ATTEMPTS,
    );
    return { data: { invoiceId } };
  },
});

/** The invoices the agency asked for, as the cabinet's react-admin list reads them: sorted and paged. */
export const listInvoices = defineRoute({
  method: 'get',
  path: '/api/cabinet/invoices',
  tags,
  summary: 'Счета, запрошенные агентством (react-admin simple-rest): массив, заголовок Content-Range',
  auth: STAFF,
  query: invoicesQuery,
  response: invoiceList,
  async handle({ ctx, query, req, res }) {
    const { agencyId } = ownAgencyOf(req);
    walletManager(req, agencyId);
    const page = await simpleRestPage(
      ctx.readStore.collection<InvoiceDocument>(INVOICES),
      { agencyId },
      query,
      'invoices',
      res,
    );
    return page.map(({ _id, agencyId: _agency, ...invoice }) => ({ id: _id, ...invoice }));
  },
});

export const walletRoutes = [getBalance, listWalletOperations, listInvoices, topUp, requestInvoice];
