import type { CodePurpose, EventOf } from '@estate/events';
import type { Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { poll } from '../core/poll';
import { DomainError } from '../core/errors';
import { queueSms, type CodeDelivery } from '../notifications';
import { newCode, newSalt, phoneStream, type PhoneCommand, handlePhone } from './phone';

/** The spec's 4-digit code; clients send it as a string or as a number (leading zeros kept as they can). */
export const smsCodeInput = z
  .union([z.string(), z.number().int().nonnegative()], { error: 'Обязательное поле' })
  .transform((v) => (typeof v === 'number' ? String(v).padStart(4, '0') : v.trim()))
  .pipe(z.string().regex(/^\d{4}$/, 'Код состоит из 4 цифр'));

export const BOT_TOKEN_FIELD = 'g-recaptcha-response';

const SMS_TEXT: Record<CodePurpose, (code: string) => string> = {
  login: (code) => `Код для входа: ${code}. Никому его не сообщайте.`,
  registration: (code) => `Код подтверждения регистрации: ${code}. Никому его не сообщайте.`,
  'change-phone': (code) => `Код для смены номера: ${code}. Никому его не сообщайте.`,
  form: (code) => `Код подтверждения номера: ${code}. Никому его не сообщайте.`,
  'erase-account': (code) =>
    `Код для удаления аккаунта и всех ваших данных: ${code}. Никому его не сообщайте.`,
};

export const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** reCAPTCHA v3: a missing token is errorCode 1 with a field error, a failed check the same with its own text. */
export async function checkBot(ctx: AppContext, req: Request) {
  const token = (req.body as Record<string, unknown> | undefined)?.[BOT_TOKEN_FIELD];
  if (typeof token !== 'string' || token.trim() === '')
    throw new DomainError('INVALID_DATA', undefined, { [BOT_TOKEN_FIELD]: ['Обязательное поле'] });
  const passed = await ctx.botCheck.verify(token, clientIp(req)).catch((error) => {
    req.log?.warn({ err: error }, 'bot check unavailable');
    return false;
  });
  if (!passed) {
    throw new DomainError('INVALID_DATA', undefined, {
      [BOT_TOKEN_FIELD]: ['Проверка на робота не пройдена. Обновите страницу и попробуйте ещё раз.'],
    });
  }
}

type SendCodeOptions = {
  phone: string;
  purpose: CodePurpose;
  userId?: string;
  registration?: NonNullable<PhoneCommand & { type: 'SendCode' }>['registration'];
};

/**
 * Sends a new code: limits first (per IP, then per phone), then the phone's decider (resend not
 * before `endTime`, a taken phone refused), then the `sms` job; the call waits for the provider's
 * answer so a failed delivery is the spec's errorCode 3 and not a code that never comes. The phone's
 * hourly quota pays only for a code that goes out: a request refused by the decider (too early, a
 * taken phone, the daily cap) or one the provider failed to deliver is given back, so a burst of
 * early resends cannot lock a phone out for an hour.
 */
export async function sendCode(
  ctx: AppContext,
  req: Request,
  options: SendCodeOptions,
  counted: { ipCounted?: boolean } = {},
): Promise<{ endTime: string; serverTime: string }> {
  const { phone, purpose } = options;
  if (!counted.ipCounted) await ctx.limits.consume('smsPerIp', clientIp(req));
  await ctx.limits.consume('smsPerPhone', phone);
  const notSent = async (error: unknown) => {
    await ctx.limits
      .refund('smsPerPhone', phone)
      .catch((refundError) => req.log?.warn({ err: refundError }, 'phone quota not refunded'));
    return error;
  };
  const code = newCode();
  const now = ctx.clock();
  const command: PhoneCommand = {
    type: 'SendCode',
    phone,
    purpose,
    code,
    salt: newSalt(),
    now,
    userId: options.userId,
    registration: options.registration,
  };
  const result = await handlePhone(ctx.eventStore, phone, command, {
    actor: options.userId ?? 'anonymous',
    correlationId: req.id as string,
  }).catch(async (error: unknown) => {
    throw await notSent(error);
  });
  const sent = result.events[0] as EventOf<'PhoneCodeSent'>;
  const { codeHash, resendAt } = sent.data;
  try {
    await queueSms(
      ctx,
      { to: phone, text: SMS_TEXT[purpose](code), code: { phone, codeHash } },
      `code-${codeHash}`,
    );
  } catch (error) {
    req.log?.error({ err: error }, 'SMS could not be queued');
    await recordFailure(ctx, phone, codeHash, 'not queued');
    throw await notSent(new DomainError('SMS_NOT_SENT'));
  }
  if ((await waitForDelivery(ctx, phone, codeHash, result.nextExpectedRevision + 1)) === 'failed')
    throw await notSent(new DomainError('SMS_NOT_SENT'));
  // the server's time beside endTime lets a client with a wrong clock count down correctly
  return { endTime: resendAt, serverTime: now.toISOString() };
}

/** The SMS worker's report on the phone stream that the send call waits on: the code delivered, or its final failure. */
export const recordCodeDelivery = (ctx: AppContext, { phone, codeHash }: CodeDelivery, failure?: string) =>
  handlePhone(
    ctx.eventStore,
    phone,
    { type: 'RecordDelivery', phone, codeHash, failure },
    { actor: 'worker' },
  );

const recordFailure = (ctx: AppContext, phone: string, codeHash: string, failure: string) =>
  handlePhone(ctx.eventStore, phone, {
    type: 'RecordDelivery',
    phone,
    codeHash,
    failure,
  });

/** Follows the phone stream until the worker reports the code delivered or failed, or SMS_WAIT_MS passes (then it is still trying). */
async function waitForDelivery(
  ctx: AppContext,
  phone: string,
  codeHash: string,
  fromRevision: number,
): Promise<'delivered' | 'failed' | 'pending'> {
  const outcome = await poll(async () => {
    for (const event of await ctx.eventStore.readStream(phoneStream(phone), fromRevision)) {
      if ((event.data as { codeHash?: string }).codeHash !== codeHash) continue;
      if (event.type === 'PhoneCodeDelivered') return 'delivered' as const;
      if (event.type === 'PhoneCodeDeliveryFailed') return 'failed' as const;
    }
    return undefined;
  }, ctx.config.SMS_WAIT_MS);
  return outcome ?? 'pending';
}

/**
 * Checks a code against its phone's decider. A wrong code is recorded (it counts towards the five
 * tries per code and the phone's 20 a day, see phone.ts) and then answered as errorCode 5; checks
 * are also limited per IP against guessing across phones.
 */
export async function verifyCode(
  ctx: AppContext,
  req: Request,
  command: Omit<PhoneCommand & { type: 'VerifyCode' }, 'type' | 'now'>,
) {
  await ctx.limits.consume('codeChecksPerIp', clientIp(req));
  const result = await handlePhone(
    ctx.eventStore,
    command.phone,
    { type: 'VerifyCode', ...command, now: ctx.clock() },
    {
      actor: command.userId ?? 'anonymous',
      correlationId: req.id as string,
    },
  );
  const rejected = result.events.find((e) => e.type === 'PhoneCodeRejected');
  if (rejected) throw new DomainError('WRONG_CODE');
  return result;
}
