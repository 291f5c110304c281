import { describe, expect, it } from 'vitest';
import { loginDestination, loginPathFrom } from './login-destination.ts';

describe('where signing in leads', () => {
  it('goes back to checkout when the shopper came from it, before anything else', () => {
    expect(loginDestination({ attemptedCheckout: true, redirectTo: '/account/orders' })).toBe('/checkout');
  });

  it('goes back to the account page the guard sent the shopper from', () => {
    expect(loginDestination({ attemptedCheckout: false, redirectTo: '/account/wallet' })).toBe('/account/wallet');
    expect(loginDestination({ attemptedCheckout: false, redirectTo: '/account/orders?page=2' })).toBe(
      '/account/orders?page=2',
    );
  });

  it('goes back to the gift card checkout’s payment step a buyer signed in from', () => {
    expect(loginDestination({ attemptedCheckout: false, redirectTo: '/giftcards/checkout/payment' })).toBe(
      '/giftcards/checkout/payment',
    );
    expect(loginDestination({ attemptedCheckout: false, redirectTo: '/giftcards/checkout/../../shop' })).toBe(
      '/account/home',
    );
  });

  it('goes back to checkout when its Sign in link named it, even once the flag is gone (a new tab, a reload)', () => {
    expect(loginDestination({ attemptedCheckout: false, redirectTo: '/checkout' })).toBe('/checkout');
  });

  it('goes to the account home otherwise, and never off the account area, checkout or the site', () => {
    for (const redirectTo of [
      null,
      '',
      '/shop',
      '//evil.example/account/home',
      'https://evil.example/account/home',
      '/\\evil.example/account/home',
      '/account/../shop',
      '/accounts',
      '/checkout-success/1/2',
      'account/home',
    ]) {
      expect(loginDestination({ attemptedCheckout: false, redirectTo })).toBe('/account/home');
    }
  });

  it('names the page in the guard’s /login address', () => {
    expect(loginPathFrom('/account/wallet')).toBe('/login?redirectTo=%2Faccount%2Fwallet');
  });
});
