import { AGENCIES, type AgencyDocument } from '@estate/projections';
import type { AppContext } from '../core/context';
import { fold } from '../core/decider';
import { defineReactor, effectId } from '../core/reactors/reactor';
import { userDecider, userStream } from '../identity';
import { queueEmail, queueSms } from '../notifications';
import { publicationDecider, publicationStream } from '../publications';
import { isDemoFact } from '../core/demo';

export const INVOICE_REACTOR = 'money-invoices';
export const PROMOTION_ENDED_REACTOR = 'money-promotion-ended';

/** The accounting department's letter for a bank-transfer invoice the agency asked for. */
export function invoiceLetter(
  invoice: {
    invoiceId: string;
    sum: number;
    organizationName: string;
    inn: string;
    kpp: string | null;
    account: string;
  },
  agencyName: string,
) {
  return {
    subject: 'Запрос счёта на пополнение кошелька',
    text: `Запрос счёта №${invoice.invoiceId.slice(0, 8)} от агентства «${agencyName}»\nСумма: ${invoice.sum} ₽\nОрганизация: ${invoice.organizationName}\nИНН: ${invoice.inn}${invoice.kpp ? `\nКПП: ${invoice.kpp}` : ''}\nРасчётный счёт: ${invoice.account}`,
  };
}

/** What the listing's author is told when its promotion ends (the daily charge could not pay the next day). */
export const promotionEndedText = (title: string) =>
  `Продвижение объявления «${title}» закончилось. Чтобы снова поднять его в выдаче, пополните баланс агентства и выберите тариф в кабинете.`;

/**
 * What follows the money facts, each effect once per event (its job id is the event's):
 * - an invoice asked for (`InvoiceRequested`): the letter to the accounting department;
 * - a promotion ended (`PublicationPromotionEnded`, the daily charge found no money): the listing's
 *   author is told by SMS and e-mail, as far as their notification switches allow.
 * The request and the billing only decide and append; a crash after the append loses nothing, and
 * an event delivered again queues nothing twice.
 */
export const moneyReactors = (ctx: AppContext) => [
  defineReactor({
    name: INVOICE_REACTOR,
    handles: ['InvoiceRequested'],
    async react(event) {
      // the demo's invoice (the seed's correlation) goes to no accounting department
      if (isDemoFact(event)) return;
      const agency = await ctx.readStore
        .collection<AgencyDocument>(AGENCIES)
        .findOne({ _id: event.data.agencyId });
      await queueEmail(
        ctx,
        {
          to: ctx.config.ACCOUNTING_EMAIL,
          ...invoiceLetter(event.data, agency?.name ?? event.data.agencyId),
        },
        effectId(INVOICE_REACTOR, event, 'accounting-letter'),
      );
    },
  }),
  defineReactor({
    name: PROMOTION_ENDED_REACTOR,
    handles: ['PublicationPromotionEnded'],
    async react(event) {
      // a demo promotion the seed's billing ended tells nobody
      if (isDemoFact(event)) return;
      // the listing and its author as their own streams tell them: no read model to wait for
      const publication = fold(
        publicationDecider,
        await ctx.eventStore.readStream(publicationStream(event.data.publicationId)),
      );
      if (!publication.exists || publication.deleted) return;
      const author = fold(userDecider, await ctx.eventStore.readStream(userStream(publication.authorId)));
      // the tariff notice has a switch of its own besides the general one
      if (!author.registered || !author.settings.canReceiveNotifications || !author.tariffNotice) return;
      const text = promotionEndedText(publication.details.title);
      if (author.settings.canReceiveSmsNotifications)
        await queueSms(ctx, { to: author.phone, text }, effectId(PROMOTION_ENDED_REACTOR, event, 'sms'));
      if (author.email && author.settings.canReceiveEmailNotifications)
        await queueEmail(
          ctx,
          { to: author.email, subject: 'Продвижение объявления закончилось', text },
          effectId(PROMOTION_ENDED_REACTOR, event, 'email'),
        );
    },
  }),
];
