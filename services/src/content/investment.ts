import { commandHandler } from '../core/decider';
import type { EventOf, InvestmentDetails } from '@estate/events';
import { DomainError } from '../core/errors';
import { publishableDecider, type ItemCommand, type ItemState } from './publishable';

/** An object of the investments page (bought, renovated and sold, with its yield): `investment-<id>`. */
export type InvestmentEvent =
  | EventOf<'InvestmentCreated'>
  | EventOf<'InvestmentEdited'>
  | EventOf<'InvestmentPublished'>
  | EventOf<'InvestmentHidden'>
  | EventOf<'InvestmentDeleted'>;
export type Investment = ItemState<InvestmentDetails>;
export type InvestmentCommand = ItemCommand<InvestmentDetails>;

export const investmentStream = (id: string) => `investment-${id}`;

export const investmentDecider = publishableDecider<InvestmentDetails, InvestmentEvent>({
  names: {
    created: 'InvestmentCreated',
    edited: 'InvestmentEdited',
    published: 'InvestmentPublished',
    hidden: 'InvestmentHidden',
    deleted: 'InvestmentDeleted',
  },
  idKey: 'investmentId',
  notFound: 'Объект не найден',
  check(details) {
    // the arrow tells the sale against the purchase: it may not contradict the prices
    if (details.realizedPrice !== null) {
      const direction = details.realizedPrice >= details.purchasePrice ? 'up' : 'down';
      if (direction !== details.arrowDirection)
        throw new DomainError('INVALID_DATA', undefined, {
          arrowDirection: [
            direction === 'up'
              ? 'Объект продан дороже покупки: стрелка вверх'
              : 'Объект продан дешевле покупки: стрелка вниз',
          ],
        });
    }
  },
});

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handleInvestment = commandHandler(investmentDecider, investmentStream);
