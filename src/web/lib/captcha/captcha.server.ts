/**
 * The captcha of the sign-in, account creation and forgot actions, on the server's side of the web app. The
 * built-in verifier's token comes from the API in process, when the action runs; with reCAPTCHA, the browser's
 * script made the token and the form posted it.
 */
import type { accountCreateEndpoint, accountForgotEndpoint } from '../../../shared/api/accounts.ts';
import type { BodyOf, CallInput } from '../../../shared/api/endpoint.ts';
import { captchaTokenEndpoint, type loginEndpoint } from '../../../shared/api/sign-in.ts';
import { CAPTCHA_TOKEN_FIELD, type CaptchaAction } from '../../../shared/captcha.ts';
import type { ServerApi } from '../../../shared/load-context.ts';
import { askEndpoint, type EndpointAnswer } from '../forms/form-action.ts';
import { loadOptionalEndpoint } from '../load-api.server.ts';

/** The token to send with the action's call: the built-in verifier's, or the one the browser posted. */
export async function captchaToken(
  api: ServerApi,
  action: CaptchaAction,
  formData: FormData,
): Promise<string | undefined> {
  const settings = await loadOptionalEndpoint({ api }, captchaTokenEndpoint, { query: { action } });
  if (settings?.provider === 'built-in') return settings.token;
  const posted = formData.get(CAPTCHA_TOKEN_FIELD);
  return typeof posted === 'string' && posted !== '' ? posted : undefined;
}

/** The site key the page's reCAPTCHA script asks with, or null when the built-in verifier needs nothing of the browser. */
export async function recaptchaSiteKey(context: { api: ServerApi }, action: CaptchaAction): Promise<string | null> {
  const settings = await loadOptionalEndpoint(context, captchaTokenEndpoint, { query: { action } });
  return settings?.provider === 'recaptcha' ? settings.siteKey : null;
}

/** The calls the captcha scores, each named by its action. */
interface CaptchaEndpoints {
  login: typeof loginEndpoint;
  create: typeof accountCreateEndpoint;
  forgot: typeof accountForgotEndpoint;
}

/** Posts a form's call that the captcha scores (sign-in, creation, forgot) with its token and action. */
export async function postWithCaptcha<A extends CaptchaAction>(
  api: ServerApi,
  action: A,
  endpoint: CaptchaEndpoints[A],
  body: Omit<BodyOf<CaptchaEndpoints[A]>, 'token' | 'action'>,
  formData: FormData,
): Promise<EndpointAnswer<CaptchaEndpoints[A]>> {
  const token = await captchaToken(api, action, formData).catch(() => undefined);
  // The body the endpoint takes is the form's fields with the token and action beside them.
  const input = { body: { ...body, token, action } } as CallInput<CaptchaEndpoints[A]>;
  return askEndpoint(api, endpoint, input);
}
