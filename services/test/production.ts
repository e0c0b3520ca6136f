/**
 * The least production refuses to start without, for the specs of what production chooses (a
 * provider left off without its keys): none of it is called, no SMS is sent, no bot check asked.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://estate.example',
  SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms',
  RECAPTCHA_SECRET: 'secret',
  RECAPTCHA_SITE_KEY: 'site-key',
  VISITOR_SECRET: 'a-test-secret-of-at-least-32-characters',
};
