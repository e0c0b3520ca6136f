import pino from 'pino';

/** Tokens and SMS codes never reach the logs: these paths are censored wherever they appear. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.token',
  '*.smsCode',
  '*.password',
];

export const createLogger = (level: string, destination?: pino.DestinationStream) =>
  pino({ level, redact: { paths: REDACTED_PATHS, censor: '[скрыто]' }, base: undefined }, destination);

export type Logger = pino.Logger;
