/**
 * The captcha score of sign-in, account creation and forgot (docs/decisions/014-accounts-and-sessions.md): a
 * pluggable verifier scores the token the browser sent for an action from 0 (a robot) to 1 (a person), and a
 * score under CAPTCHA_MIN_SCORE is refused. reCAPTCHA v3 scores when its keys are set; otherwise the built-in
 * verifier does, from what the server knows: its own signed, single-use tokens and how often the account and
 * the client address have tried lately.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CaptchaAction, CaptchaBrowserSettings } from '../../shared/captcha.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { RecaptchaConfig, ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { refusal, type Refusal } from '../refusal.ts';
import { shareOfLimitsUsed, type AccountSubjects } from './account-limits.ts';

export const CAPTCHA_MIN_SCORE = 0.5;
/** How long a built-in token may wait between the page asking for it and the form using it. */
export const BUILT_IN_TOKEN_LIFETIME_MS = 30 * 60_000;

export interface CaptchaRequest extends AccountSubjects {
  action: CaptchaAction;
  token: string;
}

export interface CaptchaVerifier {
  browserSettings(action: CaptchaAction, now: Date): Promise<CaptchaBrowserSettings>;
  /** The score from 0 to 1, or null when the verifier cannot answer. */
  score(request: CaptchaRequest, now: Date): Promise<number | null>;
}

/** The refusal for a missing token, a score too low or a verifier that does not answer; null to go on. */
export async function captchaRefusal(
  verifier: CaptchaVerifier,
  request: Omit<CaptchaRequest, 'token'> & { token: string | undefined },
  now: Date,
): Promise<Refusal | null> {
  if (!request.token) return refusal(400, MESSAGES.captchaMissing);
  const score = await verifier.score({ ...request, token: request.token }, now);
  if (score === null) return refusal(503, MESSAGES.captchaUnavailable);
  return score < CAPTCHA_MIN_SCORE ? refusal(403, MESSAGES.captchaRefused) : null;
}

/**
 * The built-in verifier. Its token is `payload.signature`: the action, the time it was made and a nonce,
 * signed with HMAC-SHA256 under the shop's captcha secret. A forged, expired, misplaced (another action's) or
 * replayed token scores 0; a good one scores 1, less up to 0.3 each for how much of its limits the account and
 * the address have used this window, so a burst from one address at one account is refused before either limit.
 */
export class BuiltInCaptcha implements CaptchaVerifier {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  private sign(payload: string): Buffer {
    return createHmac('sha256', this.secret).update(payload).digest();
  }

  async browserSettings(action: CaptchaAction, now: Date): Promise<CaptchaBrowserSettings> {
    const payload = Buffer.from(
      JSON.stringify({ a: action, t: now.getTime(), n: randomBytes(16).toString('base64url') }),
    ).toString('base64url');
    return { provider: 'built-in', token: `${payload}.${this.sign(payload).toString('base64url')}` };
  }

  async score(request: CaptchaRequest, now: Date): Promise<number> {
    const claims = this.readToken(request.token);
    if (!claims || claims.action !== request.action) return 0;
    const expiresAt = claims.issuedAt + BUILT_IN_TOKEN_LIFETIME_MS;
    if (claims.issuedAt > now.getTime() + 60_000 || expiresAt <= now.getTime()) return 0;
    await this.db.deleteFrom('captcha_token_uses').where('expires_at', '<', now.toISOString()).execute();
    const first = await this.db
      .insertInto('captcha_token_uses')
      .values({ nonce: claims.nonce, expires_at: new Date(expiresAt).toISOString() })
      .onConflict((conflict) => conflict.column('nonce').doNothing())
      .returning('nonce')
      .executeTakeFirst();
    if (!first) return 0;
    const used = await shareOfLimitsUsed(this.db, request.action, request, now);
    return 1 - 0.3 * used.account - 0.3 * used.address;
  }

  private readToken(token: string): { action: string; issuedAt: number; nonce: string } | null {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined || token.length > 500) return null;
    const expected = this.sign(payload);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      if (!claims || typeof claims !== 'object') return null;
      const { a, t, n } = claims as Record<string, unknown>;
      return typeof a === 'string' && typeof t === 'number' && typeof n === 'string'
        ? { action: a, issuedAt: t, nonce: n }
        : null;
    } catch {
      return null;
    }
  }
}

/** reCAPTCHA v3: Google's siteverify call says whether the token is good, for which action, and its score. */
export class RecaptchaVerifier implements CaptchaVerifier {
  constructor(private readonly config: RecaptchaConfig) {}

  async browserSettings(): Promise<CaptchaBrowserSettings> {
    return { provider: 'recaptcha', siteKey: this.config.siteKey };
  }

  async score(request: CaptchaRequest): Promise<number | null> {
    let answer: unknown;
    try {
      const response = await fetch(this.config.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          secret: this.config.secretKey,
          response: request.token,
          remoteip: request.clientAddress,
        }).toString(),
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) return null;
      answer = await response.json();
    } catch {
      return null;
    }
    if (!answer || typeof answer !== 'object') return null;
    const { success, score, action } = answer as Record<string, unknown>;
    if (success !== true || action !== request.action || typeof score !== 'number') return 0;
    return score;
  }
}

export function createCaptchaVerifier(
  config: Pick<ServerConfig, 'recaptcha' | 'captchaSecret'>,
  db: Db,
): CaptchaVerifier {
  return config.recaptcha ? new RecaptchaVerifier(config.recaptcha) : new BuiltInCaptcha(db, config.captchaSecret);
}
