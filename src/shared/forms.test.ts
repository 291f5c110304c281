import { describe, expect, it } from 'vitest';
import { FOOTER_SIGNUP_FORM_ID, isFormId } from './forms.ts';

describe('isFormId', () => {
  it('takes the forms that exist and nothing else', () => {
    expect(isFormId(FOOTER_SIGNUP_FORM_ID)).toBe(true);
    for (const invented of ['invented', 'footer-signup-2', 'FOOTER-SIGNUP', ''])
      expect(isFormId(invented), invented).toBe(false);
  });
});
