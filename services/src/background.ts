import type { AppContext } from './core/context';
import { startDomainEventForwarder } from './core/forwarder';
import { startStatisticsConsumer } from './statistics/consumer';
import { startNotificationWorkers } from './notifications/workers';
import { startPaymentWorker } from './money/payments';
import { startBillingWorker } from './money/promotion';

/**
 * What runs beside the HTTP API in one process (ROLE=all) or in the worker: the statistics consumer,
 * the SMS, e-mail, payment and promotion-billing processors and, when there is a Kafka for other processes to read, the domain-event forwarder.
 */
export async function startBackground(ctx: AppContext) {
  const stoppers = [
    await startStatisticsConsumer(ctx),
    await startNotificationWorkers(ctx),
    await startPaymentWorker(ctx),
    await startBillingWorker(ctx),
  ];
  if (ctx.config.KAFKA_BROKERS) stoppers.push(await startDomainEventForwarder(ctx));
  return {
    async stop() {
      await Promise.all(stoppers.map((s) => s.stop()));
    },
  };
}
