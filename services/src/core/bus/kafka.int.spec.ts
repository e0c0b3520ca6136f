import { describeWhenReachable } from '@estate/events/testing';
import { busContract } from './contract';
import { KafkaBus } from './kafka';

const brokers = process.env.TEST_KAFKA_BROKERS ?? '127.0.0.1:19092';

describeWhenReachable('bus contract: kafka', `tcp://${brokers.split(',')[0]}`, () => {
  busContract('kafka (kafkajs, real broker)', () => ({
    open: () => new KafkaBus(brokers.split(',')),
  }));
});
