import { describe, expect, it } from 'vitest';
import { rememberMeFromQuery } from './account.ts';

describe('the reset link’s rememberMe', () => {
  it('is true for 1 and true, as the query carries them, and false otherwise', () => {
    expect(rememberMeFromQuery('1')).toBe(true);
    expect(rememberMeFromQuery('true')).toBe(true);
    for (const value of [null, '', '0', 'false', 'on', 'TRUE', 'yes'])
      expect(rememberMeFromQuery(value), String(value)).toBe(false);
  });
});
