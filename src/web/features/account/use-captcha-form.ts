import type * as z from 'zod/mini';
import type { CaptchaAction } from '../../../shared/captcha.ts';
import { useFormCaptcha } from '../../lib/captcha/use-captcha.ts';
import type { FormReply } from '../../lib/forms/form-reply.ts';
import { useShopForm, type ShopFormOptions } from '../../lib/forms/use-shop-form.ts';

export interface CaptchaFormOptions<S extends z.ZodMiniType<Record<string, unknown>>, R extends FormReply> extends Omit<
  ShopFormOptions<S, R>,
  'prepareSubmit'
> {
  captchaAction: CaptchaAction;
  /** reCAPTCHA's site key when the server scores with it; null under the built-in verifier. */
  recaptchaSiteKey: string | null;
}

/**
 * A sign-in, creation or forgot form: the shop's form with the captcha's token added to what it sends (the
 * script warmed up as the shopper starts on it), and its form-level error once it has settled.
 */
export function useCaptchaForm<S extends z.ZodMiniType<Record<string, unknown>>, R extends FormReply = FormReply>({
  captchaAction,
  recaptchaSiteKey,
  ...options
}: CaptchaFormOptions<S, R>) {
  const captcha = useFormCaptcha(recaptchaSiteKey, captchaAction);
  const shopForm = useShopForm({ ...options, prepareSubmit: captcha.prepareSubmit });
  return {
    ...shopForm,
    formError: shopForm.pending ? null : (shopForm.form.errors?.[0] ?? null),
    formProps: { ...shopForm.formProps, onFocus: captcha.warmUp },
  };
}
