/** What the browser and the server share of the captcha score (docs/decisions/014-accounts-and-sessions.md). */
import * as z from 'zod/mini';

/** The calls that carry a captcha token; the action names the call. */
export const CAPTCHA_ACTIONS = ['login', 'create', 'forgot'] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

/** What the browser needs: a built-in token, or the site key reCAPTCHA's script asks for one with. */
export const captchaBrowserSettingsSchema = z.lazy(() =>
  z.union([
    z.object({ provider: z.literal('built-in'), token: z.string() }),
    z.object({ provider: z.literal('recaptcha'), siteKey: z.string() }),
  ]),
);
export type CaptchaBrowserSettings = z.infer<typeof captchaBrowserSettingsSchema>;

/** The form field that carries the browser's token, as the API's body names it. */
export const CAPTCHA_TOKEN_FIELD = 'token';
