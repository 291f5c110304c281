import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact.ts';

describe('redactUrl', () => {
  it('hides the search key given as a query parameter', () => {
    expect(redactUrl('/search/multi_search?x-typesense-api-key=abc&q=tee')).toBe(
      '/search/multi_search?x-typesense-api-key=%5Bredacted%5D&q=tee',
    );
  });

  it('hides reset tokens and order hashes in paths', () => {
    expect(redactUrl('/account-reset/c1/secret-token?rememberMe=1')).toBe('/account-reset/c1/[redacted]?rememberMe=1');
    expect(redactUrl('/order/o1/abcdef/update-address')).toBe('/order/o1/[redacted]/update-address');
    expect(redactUrl('/api/orders/o1/abcdef/cancel')).toBe('/api/orders/o1/[redacted]/cancel');
    expect(redactUrl('/api/orders/lookup')).toBe('/api/orders/lookup');
  });

  it('leaves ordinary URLs alone', () => {
    expect(redactUrl('/shop/men?p=2')).toBe('/shop/men?p=2');
  });
});
