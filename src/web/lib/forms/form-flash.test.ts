import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages.ts';
import { flashUrl, readFlash, returnPath } from './form-flash.ts';
import { RETURN_TO_FIELD } from './flash-query.ts';
import { failedReply, type FormReply } from './form-reply.ts';

const withReturnTo = (value: string) => {
  const data = new FormData();
  data.set(RETURN_TO_FIELD, value);
  return data;
};

const thanks: FormReply = { result: { status: 'success' }, notice: MESSAGES.signupThanks };
const atField: FormReply = { result: { status: 'error', error: { email: [MESSAGES.invalidEmail] } } };

describe('returnPath', () => {
  it('takes a path on this site', () => {
    expect(returnPath(withReturnTo('/about'))).toBe('/about');
    expect(returnPath(withReturnTo('/shop/men?t=%5B%5D'))).toBe('/shop/men?t=%5B%5D');
  });

  it('sends anything that could leave the site to the home page, and a form without one nowhere', () => {
    for (const value of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'about', ''])
      expect(returnPath(withReturnTo(value))).toBe('/');
    expect(returnPath(new FormData())).toBeNull();
  });

  it('refuses the paths a browser resolves to another host', () => {
    const leaving = [
      '/.//evil.example',
      '/%2e//evil.example',
      '/.%2e//evil.example',
      '/../..//evil.example',
      '/.\\/evil.example',
      '/\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/./\t/evil.example',
    ];
    for (const value of leaving) expect(returnPath(withReturnTo(value)), JSON.stringify(value)).toBe('/');
  });

  it('keeps an encoded slash encoded: the browser asks the shop for that path', () => {
    expect(returnPath(withReturnTo('/%2f%2fevil.example'))).toBe('/%2f%2fevil.example');
    expect(returnPath(withReturnTo('/%5c%5cevil.example'))).toBe('/%5c%5cevil.example');
  });
});

describe('flashUrl and readFlash', () => {
  it('send the shopper back to the form with its outcome, which the page reads again', () => {
    const url = flashUrl('/shop/men?p=2', 'footer-signup', thanks);
    expect(url).toBe('/shop/men?p=2&footer-signup=ok%3AsignupThanks#footer-signup');
    expect(readFlash(new URL(url, 'https://shop.example').searchParams, 'footer-signup')).toEqual(thanks);
  });

  it('carry a field’s error as the form’s, and replace an earlier outcome', () => {
    const url = flashUrl('/about?footer-signup=ok%3AsignupThanks', 'footer-signup', atField);
    expect(url).toBe('/about?footer-signup=error%3AinvalidEmail#footer-signup');
    expect(readFlash(new URL(url, 'https://shop.example').searchParams, 'footer-signup')).toEqual(
      failedReply(MESSAGES.invalidEmail),
    );
  });

  it('name a text the shop does not know as its generic failure, and a success without a known text plainly', () => {
    expect(flashUrl('/', 'f', failedReply('Too many requests'))).toBe('/?f=error%3AapiFailure#f');
    const plain = flashUrl('/', 'f', { result: { status: 'success' }, notice: 'Welcome aboard' });
    expect(plain).toBe('/?f=ok#f');
    expect(readFlash(new URLSearchParams('f=ok'), 'f')).toEqual({ result: { status: 'success' } });
  });

  it('read only the messages the shop says, never text from the link', () => {
    for (const query of [
      'f=error:You%20won%20a%20prize',
      'f=error:minLength',
      'f=error:constructor',
      'f=maybe:signupThanks',
      'f=',
      'g=ok',
    ]) {
      expect(readFlash(new URLSearchParams(query), 'f')).toBeNull();
    }
  });
});
