import { createHash } from 'node:crypto';
import { expect, type Locator } from '@playwright/test';

/**
 * Checks that the answer's Content-Security-Policy allows each of these inline scripts: by the nonce it carries
 * (a page rendered for this answer), or by the hash of its text (a kept page: page-cache.ts).
 */
export async function expectAllowedByPolicy(scripts: Locator, policy: string): Promise<void> {
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  // Browsers hide a nonce from getAttribute once the policy has used it; the property keeps it.
  const found = await scripts.evaluateAll((elements) =>
    elements.map((script) => ({ nonce: (script as HTMLScriptElement).nonce, text: script.textContent ?? '' })),
  );
  expect(found.length).toBeGreaterThan(0);
  for (const script of found) {
    if (nonce !== undefined) expect(script.nonce).toBe(nonce);
    else expect(policy).toContain(`'sha256-${createHash('sha256').update(script.text).digest('base64')}'`);
  }
}
