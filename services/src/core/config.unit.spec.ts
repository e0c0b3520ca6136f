import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('selects the embedded adapters when no engine is configured', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, SEED: true, EVENTSTORE_DURABILITY: 'NORMAL' });
    expect(
      config.EVENTSTORE_URL ?? config.MONGO_URL ?? config.KAFKA_BROKERS ?? config.REDIS_URL,
    ).toBeUndefined();
  });

  it('reads the engines and treats an empty variable as unset', () => {
    const config = loadConfig({
      MONGO_URL: 'mongodb://mongo:27017',
      KAFKA_BROKERS: 'kafka:9092,kafka2:9092',
      REDIS_URL: 'redis://redis:6379',
      EVENTSTORE_URL: '',
    });
    expect(config.KAFKA_BROKERS).toEqual(['kafka:9092', 'kafka2:9092']);
    expect(config.MONGO_URL).toBe('mongodb://mongo:27017');
    expect(config.EVENTSTORE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['MONGO_URL', 'http://mongo'],
    ['KAFKA_BROKERS', 'kafka'],
    ['REDIS_URL', 'localhost:6379'],
    ['EVENTSTORE_URL', 'mysql://x'],
    ['SEED', 'yes'],
  ])('stops on a malformed %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
