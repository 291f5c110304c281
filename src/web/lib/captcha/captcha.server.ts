/**
 * The captcha of the sign-in, account creation and forgot actions, on the server's side of the web app. The
 * built-in verifier's token comes from the API in process, when the action runs; with reCAPTCHA, the browser's
 * script made the token and the form posted it.
 */
import {
  CAPTCHA_TOKEN_FIELD,
  captchaBrowserSettingsSchema,
  captchaSettingsPath,
  type CaptchaAction,
} from '../../../shared/captcha.ts';
import type { ServerApi } from '../../../shared/load-context.ts';
import { postToApi, type ApiAnswerWithCookies } from '../forms/form-action.ts';
import { loadOptional } from '../load-api.server.ts';

/** The token to send with the action's call: the built-in verifier's, or the one the browser posted. */
export async function captchaToken(
  api: ServerApi,
  action: CaptchaAction,
  formData: FormData,
): Promise<string | undefined> {
  const settings = await loadOptional({ api }, captchaSettingsPath(action), captchaBrowserSettingsSchema);
  if (settings?.provider === 'built-in') return settings.token;
  const posted = formData.get(CAPTCHA_TOKEN_FIELD);
  return typeof posted === 'string' && posted !== '' ? posted : undefined;
}

/** The site key the page's reCAPTCHA script asks with, or null when the built-in verifier needs nothing of the browser. */
export async function recaptchaSiteKey(context: { api: ServerApi }, action: CaptchaAction): Promise<string | null> {
  const settings = await loadOptional(context, captchaSettingsPath(action), captchaBrowserSettingsSchema);
  return settings?.provider === 'recaptcha' ? settings.siteKey : null;
}

/** Posts a form's call that the captcha scores (sign-in, creation, forgot) with its token and action. */
export async function postWithCaptcha(
  api: ServerApi,
  action: CaptchaAction,
  path: string,
  body: Record<string, unknown>,
  formData: FormData,
): Promise<ApiAnswerWithCookies> {
  const token = await captchaToken(api, action, formData).catch(() => undefined);
  return postToApi(api, path, { ...body, token, action });
}
