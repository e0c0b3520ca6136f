import pino from 'pino';
import { logIds } from './tracing';

/** Tokens and SMS codes never reach the logs: these paths are censored wherever they appear. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.token',
  '*.smsCode',
  '*.password',
];

/** Every line carries the ids of the request or event it was written for, and of the span (core/tracing.ts). */
export const createLogger = (level: string, destination?: pino.DestinationStream) =>
  pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[скрыто]' }, base: undefined, mixin: logIds },
    destination,
  );

export type Logger = pino.Logger;
