import { loadConfig, productionWarnings } from '../core/config';
import { PRODUCTION_ENV } from '../../test/production';

import { chooseAddressSuggestions } from './provider';

/** what the address calls answer when the provider fails (core/errors.ts, errorCode 114) */
const ADDRESSES_UNAVAILABLE_MESSAGE = 'Сервис подсказок адресов недоступен. Попробуйте позже.';

const KEY = 'secret-dadata-key-42';

describe('the address provider the configuration selects', () => {
  it('is DaData with a key, the gazetteer without one, and off in production without one', async () => {
    expect(chooseAddressSuggestions(loadConfig({ DADATA_API_KEY: KEY })).name).toBe('dadata');
    expect(chooseAddressSuggestions(loadConfig({})).name).toBe('gazetteer');
    expect(chooseAddressSuggestions(loadConfig({ ...PRODUCTION_ENV, DADATA_API_KEY: KEY })).name).toBe(
      'dadata',
    );
    const off = chooseAddressSuggestions(loadConfig(PRODUCTION_ENV));
    expect(off.name).toBe('none');
    await expect(off.suggest('Покровка', { count: 3 })).rejects.toMatchObject({
      status: 503,
      message: ADDRESSES_UNAVAILABLE_MESSAGE,
    });
    await expect(off.geocode('Москва, Покровка 10')).rejects.toMatchObject({ status: 503 });
  });

  it('warns of a production start without a key, and never of one with it', () => {
    expect(productionWarnings(loadConfig(PRODUCTION_ENV)).join('\n')).toMatch(/DADATA_API_KEY is not set/);
    expect(productionWarnings(loadConfig({ ...PRODUCTION_ENV, DADATA_API_KEY: KEY })).join('\n')).not.toMatch(
      /DADATA/,
    );
  });

  it('reads DADATA_URL as an http(s) address, https://suggestions.dadata.ru unless told', () => {
    expect(loadConfig({}).DADATA_URL).toBe('https://suggestions.dadata.ru');
    expect(loadConfig({ DADATA_URL: 'http://127.0.0.1:8080' }).DADATA_URL).toBe('http://127.0.0.1:8080');
    expect(() => loadConfig({ DADATA_URL: 'ftp://dadata' })).toThrow(/DADATA_URL/);
  });

  it('tells the logs why DaData failed, never with the key', async () => {
    const warnings: unknown[][] = [];
    const addresses = chooseAddressSuggestions(
      loadConfig({ DADATA_API_KEY: KEY, DADATA_URL: 'http://127.0.0.1:9' }),
      { warn: (...args: unknown[]) => void warnings.push(args) },
    );
    await expect(addresses.suggest('Покровка', { count: 3 })).rejects.toMatchObject({ status: 503 });
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).toMatch(/DaData is unreachable/);
    expect(JSON.stringify(warnings)).not.toContain(KEY);
  });
});
