import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRecaptcha, recaptchaScriptUrl, recaptchaToken } from './recaptcha.ts';

/** A page whose scripts load (or fail) when the test says, and whose reCAPTCHA hands out tokens. */
function fakePage() {
  const scripts: Array<{ src: string; async: boolean; fire: (event: 'load' | 'error') => void }> = [];
  const executed: Array<{ siteKey: string; action: string }> = [];
  const grecaptcha = {
    ready: (callback: () => void) => callback(),
    execute: async (siteKey: string, { action }: { action: string }) => {
      executed.push({ siteKey, action });
      return `token-${executed.length}`;
    },
  };
  const page: { grecaptcha?: typeof grecaptcha } = {};
  vi.stubGlobal('window', page);
  vi.stubGlobal('document', {
    createElement: () => {
      const listeners = new Map<string, () => void>();
      const script = {
        src: '',
        async: false,
        addEventListener: (event: string, listener: () => void) => listeners.set(event, listener),
        fire: (event: 'load' | 'error') => {
          if (event === 'load') page.grecaptcha = grecaptcha;
          listeners.get(event)?.();
        },
      };
      scripts.push(script);
      return script;
    },
    head: { append: () => undefined },
  });
  return { scripts, executed };
}

afterEach(() => vi.unstubAllGlobals());

describe('reCAPTCHA in the browser', () => {
  it('loads Google’s script once for a site key and asks it for a token per post, for the action', async () => {
    const { scripts, executed } = fakePage();
    const first = recaptchaToken('site-a', 'login');
    const second = recaptchaToken('site-a', 'create');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatchObject({ src: 'https://www.google.com/recaptcha/api.js?render=site-a', async: true });
    scripts[0]?.fire('load');
    expect(await first).toBe('token-1');
    expect(await second).toBe('token-2');
    expect(executed).toEqual([
      { siteKey: 'site-a', action: 'login' },
      { siteKey: 'site-a', action: 'create' },
    ]);
  });

  it('tries again after a script that failed to load', async () => {
    const { scripts } = fakePage();
    const failed = loadRecaptcha('site-b');
    scripts[0]?.fire('error');
    await expect(failed).rejects.toThrow('reCAPTCHA did not load');
    const again = loadRecaptcha('site-b');
    expect(scripts).toHaveLength(2);
    scripts[1]?.fire('load');
    await expect(again).resolves.toBeDefined();
  });

  it('names the site key in the script’s address', () => {
    expect(recaptchaScriptUrl('key with&odd=chars')).toBe(
      'https://www.google.com/recaptcha/api.js?render=key+with%26odd%3Dchars',
    );
  });
});
