/**
 * The bot-check port: an invisible reCAPTCHA v3 token (`g-recaptcha-response`) is required by the
 * calls that send SMS or requests. Development accepts any non-empty token; production asks Google
 * and requires a score at or above the threshold.
 */
export interface BotCheck {
  readonly name: string;
  verify(token: string, remoteIp?: string): Promise<boolean>;
}

export class AcceptAnyToken implements BotCheck {
  readonly name = 'accept-any';
  verify(token: string): Promise<boolean> {
    return Promise.resolve(token.length > 0);
  }
}

type SiteVerifyAnswer = { success?: boolean; score?: number; 'error-codes'?: string[] };

export class RecaptchaV3 implements BotCheck {
  readonly name = 'recaptcha-v3';
  constructor(
    private readonly secret: string,
    private readonly minScore: number,
    private readonly verifyUrl = 'https://www.google.com/recaptcha/api/siteverify',
  ) {}

  async verify(token: string, remoteIp?: string): Promise<boolean> {
    const form = new URLSearchParams({
      secret: this.secret,
      response: token,
      ...(remoteIp ? { remoteip: remoteIp } : {}),
    });
    const response = await fetch(this.verifyUrl, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`reCAPTCHA answered HTTP ${response.status}`);
    const answer = (await response.json()) as SiteVerifyAnswer;
    return answer.success === true && typeof answer.score === 'number' && answer.score >= this.minScore;
  }
}
