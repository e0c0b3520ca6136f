import type { Config } from '../core/config';
import type { Logger } from '../core/logger';
import { NoAddressSuggestions, type AddressSuggestions } from './addresses';
import { DadataAddressSuggestions } from './dadata';
import { GazetteerAddressSuggestions } from './gazetteer';

/**
 * The address provider the configuration selects: DaData when DADATA_API_KEY is set; otherwise the
 * shipped gazetteer, except in production, where its approximate points must not become listings'
 * coordinates: there the address calls answer 503 (config.ts warns of it at start). The key is
 * handed to the adapter only, never logged.
 */
export function chooseAddressSuggestions(
  config: Pick<Config, 'NODE_ENV' | 'DADATA_API_KEY' | 'DADATA_URL'>,
  logger?: Pick<Logger, 'warn'>,
): AddressSuggestions {
  if (config.DADATA_API_KEY)
    return new DadataAddressSuggestions(config.DADATA_API_KEY, {
      url: config.DADATA_URL,
      onFailure: (reason) => logger?.warn({ provider: 'dadata' }, `address suggestions failed: ${reason}`),
    });
  return config.NODE_ENV === 'production' ? new NoAddressSuggestions() : new GazetteerAddressSuggestions();
}
