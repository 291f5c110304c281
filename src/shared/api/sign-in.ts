/**
 * Signing in under /session-api (spec section 7): the captcha token a guest's form asks for, and the sign-in,
 * which responds with the spec's success body whole. Beside them, the request pieces the account calls share
 * (src/shared/api/accounts.ts). Apart from sessions.ts, whose endpoints the browser calls, so that none of these
 * schemas is in the browser's script.
 */
import * as z from 'zod/mini';
import { captchaBrowserSettingsSchema, CAPTCHA_ACTIONS } from '../captcha.ts';
import { MESSAGES } from '../messages.ts';
import { userSchema } from '../user.ts';
import { endpoint } from './endpoint.ts';

/** A text field of a request body, at most max characters. */
export const textField = (name: string, max: number) =>
  z.string({ error: `${name} must be text` }).check(z.maxLength(max, `${name} is too long`));

/** The captcha's token and the action it was got for, which the calls it scores carry (sign-in, creation, forgot). */
export const captchaFields = {
  token: z.optional(textField('token', 4096)),
  action: z.optional(textField('action', 100)),
};

/** A ticked remember-me: true from a JSON body; 'on' (a checkbox), '1' or 'true' from a form or a query. */
export const rememberMeSchema = z.pipe(
  z.optional(
    z.union([z.boolean(), z.literal(1), z.literal(0), z.string().check(z.maxLength(10))], {
      error: '_remember_me must be true or false',
    }),
  ),
  z.transform((value) => value === true || value === 1 || value === 'on' || value === '1' || value === 'true'),
);

/** The success body of a call that signs the browser in: the user it signed in. */
export const signedInSchema = z.object({ success: z.literal(true), data: z.object({ user: userSchema }) });

/** What the sign-in, creation and forgot forms send as their token: a built-in token, or reCAPTCHA's site key. */
export const captchaTokenEndpoint = endpoint({
  method: 'GET',
  path: '/session-api/captcha-token',
  query: z.object({ action: z.enum(CAPTCHA_ACTIONS) }),
  data: captchaBrowserSettingsSchema,
});

/** Signs in with the account's e-mail and password, JSON or form-encoded; a new session cookie comes with it. */
export const loginEndpoint = endpoint({
  method: 'POST',
  path: '/session-api/login',
  body: z.object({
    _username: z.string({ error: '_username must be text' }).check(z.maxLength(254, MESSAGES.signInFailed)),
    _password: z.string({ error: '_password must be text' }).check(z.maxLength(1024, MESSAGES.signInFailed)),
    _remember_me: rememberMeSchema,
    ...captchaFields,
  }),
  data: signedInSchema,
  envelope: false,
});
