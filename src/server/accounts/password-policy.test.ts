import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/accounts.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { passwordProblem } from './password-policy.ts';

describe('the new-password rules', () => {
  it('refuses common passwords, whatever their case', () => {
    for (const password of ['password', 'iloveyou', '12345678', 'PASSWORD', 'Iloveyou']) {
      expect(passwordProblem(password), password).toBe(MESSAGES.passwordTooCommon);
    }
  });

  it('checks the length first, and takes an uncommon password of 8 to 128 characters', () => {
    expect(passwordProblem('short')).toBe(MESSAGES.minLength(8));
    expect(passwordProblem('x'.repeat(129))).toBe(MESSAGES.maxLength(128));
    expect(passwordProblem('kestrel-orchard-91')).toBeNull();
  });

  it('takes the demo customer’s password', () => {
    expect(passwordProblem(DEMO_PASSWORD)).toBeNull();
  });
});
