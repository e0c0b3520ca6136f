/**
 * The spec's error envelope `{ errorCode, message, errors? }`. Codes 1–5, 34 and 59 are the spec's;
 * codes from 100 up are this product's own (see docs/decisions.md).
 */
export type FieldErrors = Record<string, string[]>;

export const ERRORS = {
  INVALID_DATA: { errorCode: 1, status: 400, message: 'Некорректные данные' },
  USER_NOT_FOUND: { errorCode: 2, status: 404, message: 'Пользователь не найден' },
  SMS_NOT_SENT: { errorCode: 3, status: 503, message: 'Не удалось отправить СМС - код' },
  WRONG_NUMBER: { errorCode: 4, status: 400, message: 'Неверный номер' },
  /** 400 on purpose: the client shows a 400 under the code field and anything else in an error popup */
  WRONG_CODE: { errorCode: 5, status: 400, message: 'Введен неправильный код' },
  /** the spec's client asks for an SMS code when it sees errorCode 6 (a request from an unconfirmed phone) */
  PHONE_NOT_CONFIRMED: { errorCode: 6, status: 403, message: 'Подтвердите номер телефона кодом из СМС' },
  NO_PUBLICATIONS: { errorCode: 34, status: 404, message: 'Объявления не найдены' },
  INSUFFICIENT_BALANCE: { errorCode: 59, status: 422, message: 'Недостаточно средств на балансе' },
  NOT_FOUND: { errorCode: 100, status: 404, message: 'Запрашиваемые данные не найдены' },
  UNAUTHENTICATED: { errorCode: 101, status: 401, message: 'Требуется авторизация' },
  FORBIDDEN: { errorCode: 102, status: 403, message: 'Недостаточно прав для этого действия' },
  CONFLICT: {
    errorCode: 103,
    status: 409,
    message: 'Данные изменились, пока выполнялся запрос. Повторите попытку.',
  },
  ACTION_NOT_ALLOWED: { errorCode: 104, status: 422, message: 'Это действие недоступно в текущем статусе' },
  ROUTE_NOT_FOUND: { errorCode: 105, status: 404, message: 'Такого адреса API нет' },
  PAYLOAD_TOO_LARGE: { errorCode: 106, status: 413, message: 'Слишком большой запрос' },
  RESEND_TOO_EARLY: { errorCode: 107, status: 429, message: 'Новый код пока нельзя получить' },
  DATES_UNAVAILABLE: {
    errorCode: 109,
    status: 409,
    message: 'Данный диапазон дат недоступен для бронирования. Попробуйте выбрать другие.',
  },
  PAYMENT_UNAVAILABLE: {
    errorCode: 110,
    status: 503,
    message: 'Платёжный сервис сейчас недоступен. Попробуйте позже.',
  },
  TOO_MANY_REQUESTS: {
    errorCode: 108,
    status: 429,
    message: 'Превышен лимит запросов, пожалуйста попробуйте позже.',
  },
  /** the promotion asked for is already paid (running, or charged by a simultaneous request) */
  PROMOTION_ALREADY_PAID: {
    errorCode: 111,
    status: 409,
    message: 'Продвижение этого объявления уже оплачено',
  },
  /** an Idempotency-Key sent again with another listing or tariff */
  IDEMPOTENCY_KEY_REUSED: {
    errorCode: 112,
    status: 422,
    message: 'Этот ключ идемпотентности уже использован для другой оплаты',
  },
  /** a front end's built index.html is missing (not built, or being deployed) */
  SITE_UNAVAILABLE: {
    errorCode: 113,
    status: 503,
    message: 'Сайт временно недоступен. Попробуйте обновить страницу через минуту.',
  },
  /** the address provider (DaData) refused, failed or is not configured: suggestions and coordinates wait */
  ADDRESSES_UNAVAILABLE: {
    errorCode: 114,
    status: 503,
    message: 'Сервис подсказок адресов недоступен. Попробуйте позже.',
  },
  INTERNAL: { errorCode: 500, status: 500, message: 'Внутренняя ошибка сервера. Попробуйте позже.' },
} as const;

export type ErrorKind = keyof typeof ERRORS;

export class DomainError extends Error {
  readonly errorCode: number;
  readonly status: number;
  constructor(
    readonly kind: ErrorKind,
    message?: string,
    readonly errors?: FieldErrors,
  ) {
    super(message ?? ERRORS[kind].message);
    this.name = 'DomainError';
    this.errorCode = ERRORS[kind].errorCode;
    this.status = ERRORS[kind].status;
  }
  toBody() {
    return {
      errorCode: this.errorCode,
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}
