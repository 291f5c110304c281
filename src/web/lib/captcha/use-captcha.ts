import { useCallback, useEffect } from 'react';
import { CAPTCHA_TOKEN_FIELD, type CaptchaAction } from '../../../shared/captcha.ts';
import { CAPTCHA_LOAD_DELAY_MS } from '../../../shared/constants.ts';
import { loadRecaptcha, recaptchaToken } from './recaptcha.ts';

export interface FormCaptcha {
  /** For useShopForm: adds reCAPTCHA's token to the values; undefined under the built-in verifier, whose token the action fetches. */
  prepareSubmit: ((formData: FormData) => Promise<void>) | undefined;
  /** Starts loading the script early, when the shopper starts on the form. */
  warmUp: () => void;
}

/**
 * The captcha of a sign-in, creation or forgot form. With a reCAPTCHA site key the script loads 10 s after the
 * page (spec 1), or as soon as the shopper starts on the form, and each submit asks it for a token.
 */
export function useFormCaptcha(siteKey: string | null, action: CaptchaAction): FormCaptcha {
  useEffect(() => {
    if (!siteKey) return;
    const timer = window.setTimeout(() => void loadRecaptcha(siteKey).catch(() => undefined), CAPTCHA_LOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [siteKey]);

  const warmUp = useCallback(() => {
    if (siteKey) void loadRecaptcha(siteKey).catch(() => undefined);
  }, [siteKey]);

  const prepareSubmit = useCallback(
    async (formData: FormData) => {
      if (siteKey) formData.set(CAPTCHA_TOKEN_FIELD, await recaptchaToken(siteKey, action));
    },
    [siteKey, action],
  );
  return { prepareSubmit: siteKey ? prepareSubmit : undefined, warmUp };
}
