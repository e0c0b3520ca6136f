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

  it('reads the metrics port and token, and refuses a short token or the app port without echoing the token', () => {
    const token = 'a-metrics-token-of-24-chars+';
    const config = loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: token });
    expect(config.METRICS_PORT).toBe(9464);
    expect(config.METRICS_HOST).toBe('0.0.0.0');
    expect(config.METRICS_TOKEN).toBe(token);
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short-secret' })).not.toThrow(/short-secret/);
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
  });
});
