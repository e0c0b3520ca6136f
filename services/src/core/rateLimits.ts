import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { DomainError } from './errors';

/**
 * Abuse limits (SMS pumping, code guessing), counted in fixed windows by rate-limiter-flexible: in
 * memory embedded, in Redis when several API processes share the count. Should Redis fail, an
 * in-memory limiter of the same rule takes over rather than letting everything through.
 */
export type LimitRule =
  | 'smsPerPhone'
  | 'smsPerIp'
  | 'codeChecksPerIp'
  | 'emailsPerUser'
  /** daily-rent booking requests (each texts and e-mails the host): per IP, per guest phone, per listing */
  | 'bookingsPerIp'
  | 'bookingsPerPhone'
  | 'bookingsPerListing'
  /** chat messages a user sends: a person types a few a minute, a spammer hundreds */
  | 'chatMessagesPerUser'
  /** photos a user uploads (each is decoded and re-encoded): an agent with a few listings uploads dozens an hour */
  | 'photosPerUser'
  /** address suggestions and coordinates: each one spends the paid address provider's quota */
  | 'addressSuggestionsPerIp'
  /** request forms (`/api/send-request`): each one e-mails the leads' inbox and waits for a call back */
  | 'leadsPerIp'
  | 'leadsPerPhone'
  /** complaints about listings: each one lands in the moderators' queue */
  | 'complaintsPerIp'
  | 'complaintsPerPhone'
  | 'complaintsPerListing';
export type LimitSetting = { points: number; durationSeconds: number };
export type LimitSettings = Record<LimitRule, LimitSetting>;

export interface RateLimits {
  readonly name: string;
  /** counts one request (or `points`: the photos of an upload); a request over the limit is a 429 in the spec's envelope */
  consume(rule: LimitRule, key: string, points?: number): Promise<void>;
  /** gives back counted requests that turned out to cost nothing (e.g. a code refused before it was sent) */
  refund(rule: LimitRule, key: string, points?: number): Promise<void>;
}

export class FlexibleRateLimits implements RateLimits {
  readonly name: string;
  private readonly limiters: Record<LimitRule, RateLimiterAbstract>;

  constructor(settings: LimitSettings, redis?: Redis, prefix = 'estate') {
    this.name = redis ? 'redis' : 'memory';
    const make = (rule: LimitRule): RateLimiterAbstract => {
      const { points, durationSeconds: duration } = settings[rule];
      const keyPrefix = `${prefix}:limit:${rule}`;
      if (!redis) return new RateLimiterMemory({ points, duration, keyPrefix });
      return new RateLimiterRedis({
        storeClient: redis,
        points,
        duration,
        keyPrefix,
        insuranceLimiter: new RateLimiterMemory({ points, duration, keyPrefix }),
      });
    };
    this.limiters = {
      smsPerPhone: make('smsPerPhone'),
      smsPerIp: make('smsPerIp'),
      codeChecksPerIp: make('codeChecksPerIp'),
      emailsPerUser: make('emailsPerUser'),
      bookingsPerIp: make('bookingsPerIp'),
      bookingsPerPhone: make('bookingsPerPhone'),
      bookingsPerListing: make('bookingsPerListing'),
      chatMessagesPerUser: make('chatMessagesPerUser'),
      photosPerUser: make('photosPerUser'),
      addressSuggestionsPerIp: make('addressSuggestionsPerIp'),
      leadsPerIp: make('leadsPerIp'),
      leadsPerPhone: make('leadsPerPhone'),
      complaintsPerIp: make('complaintsPerIp'),
      complaintsPerPhone: make('complaintsPerPhone'),
      complaintsPerListing: make('complaintsPerListing'),
    };
  }

  async consume(rule: LimitRule, key: string, points = 1): Promise<void> {
    try {
      await this.limiters[rule].consume(key, points);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throw new DomainError('TOO_MANY_REQUESTS', undefined, {
          retryAfter: [String(Math.ceil(error.msBeforeNext / 1000))],
        });
      }
      throw error;
    }
  }

  async refund(rule: LimitRule, key: string, points = 1): Promise<void> {
    await this.limiters[rule].reward(key, points);
  }
}
