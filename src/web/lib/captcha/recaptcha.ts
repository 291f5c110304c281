/**
 * reCAPTCHA v3 in the browser, when the server scores with it: Google's script, loaded once per site key and
 * only when a form asks, gives a token for an action just before the form is sent.
 */
import type { CaptchaAction } from '../../../shared/captcha.ts';

interface Recaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Recaptcha;
  }
}

/** Where Google serves the v3 script; the Content-Security-Policy lists its origins when reCAPTCHA is on. */
export const recaptchaScriptUrl = (siteKey: string): string =>
  `https://www.google.com/recaptcha/api.js?${new URLSearchParams({ render: siteKey })}`;

const loading = new Map<string, Promise<Recaptcha>>();

/** The script for siteKey, loaded once for the page; a load that fails may be tried again. */
export function loadRecaptcha(siteKey: string): Promise<Recaptcha> {
  let script = loading.get(siteKey);
  if (!script) {
    script = new Promise<Recaptcha>((resolve, reject) => {
      const element = document.createElement('script');
      element.src = recaptchaScriptUrl(siteKey);
      element.async = true;
      element.addEventListener('load', () => {
        const recaptcha = window.grecaptcha;
        if (recaptcha) recaptcha.ready(() => resolve(recaptcha));
        else reject(new Error('reCAPTCHA did not start'));
      });
      element.addEventListener('error', () => reject(new Error('reCAPTCHA did not load')));
      document.head.append(element);
    });
    script.catch(() => loading.delete(siteKey));
    loading.set(siteKey, script);
  }
  return script;
}

/** A fresh token for one post of action (reCAPTCHA's tokens last two minutes, so one is made per submit). */
export async function recaptchaToken(siteKey: string, action: CaptchaAction): Promise<string> {
  const recaptcha = await loadRecaptcha(siteKey);
  return recaptcha.execute(siteKey, { action });
}
