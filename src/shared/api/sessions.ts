/**
 * Signing in and out, and the signed-in user, under /session-api (spec section 7): the sign-in with its
 * captcha token, the sign-out, the user refresh. Sign-in and sign-out respond with the spec's success bodies
 * (`{success: true, ...}`), whole.
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

/** Ends the session and clears its cookie; the message is the browser's success notice. */
export const logoutEndpoint = endpoint({
  method: 'GET',
  path: '/session-api/logout',
  data: z.object({ success: z.literal(true), message: z.string() }),
  envelope: false,
});

/** The signed-in user; asking counts as activity, so the session's idle expiry moves forward. */
export const refreshUserEndpoint = endpoint({
  method: 'GET',
  path: '/session-api/refresh-user',
  data: userSchema,
});
