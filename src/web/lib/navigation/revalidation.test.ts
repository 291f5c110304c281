import { describe, expect, it } from 'vitest';
import { revalidateAfterForms } from './revalidation.ts';

const args = (current: string, next: string, formMethod?: 'POST') => ({
  currentUrl: new URL(current, 'https://shop.example'),
  nextUrl: new URL(next, 'https://shop.example'),
  currentParams: {},
  nextParams: {},
  defaultShouldRevalidate: true,
  ...(formMethod ? { formMethod } : {}),
});

describe('revalidateAfterForms', () => {
  it('reads nothing again when only the page’s query changes', () => {
    expect(revalidateAfterForms(args('/account/addresses', '/account/addresses?edit=a1'))).toBe(false);
  });

  it('reads the page again after a form was posted on it, and on another page', () => {
    expect(revalidateAfterForms(args('/account/addresses?edit=a1', '/account/addresses?address-book=ok', 'POST'))).toBe(
      true,
    );
    expect(revalidateAfterForms(args('/account/addresses', '/account/wallet'))).toBe(true);
  });
});
