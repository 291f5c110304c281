import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/user.ts';
import { identifyCustomer, identifyProperties, readUtmRecord } from './marketing.ts';

const user: User = { _id: 'cus_1', username: 'demo@acme.test', first_name: 'Demo', last_name: 'Customer' };

describe('identifying the customer to the marketing tool', () => {
  it('names the customer with the tool’s profile fields and adds the campaign’s non-empty fields', () => {
    expect(
      identifyProperties(user, {
        utm_source: 'news',
        utm_medium: '',
        utm_campaign: 'spring',
        ts: '2025-03-01T10:00:00.000Z',
      }),
    ).toEqual({
      $email: 'demo@acme.test',
      $first_name: 'Demo',
      $last_name: 'Customer',
      utm_source: 'news',
      utm_campaign: 'spring',
      ts: '2025-03-01T10:00:00.000Z',
    });
    expect(identifyProperties(user, null)).toEqual({
      $email: 'demo@acme.test',
      $first_name: 'Demo',
      $last_name: 'Customer',
    });
  });
});

describe('in the browser', () => {
  const storage = new Map<string, string>();
  const browser: { localStorage: Pick<Storage, 'getItem'>; _learnq?: unknown[] } = {
    localStorage: { getItem: (key: string) => storage.get(key) ?? null },
  };

  afterEach(() => {
    storage.clear();
    delete browser._learnq;
    vi.unstubAllGlobals();
  });

  it('reads the UTM record under the brand’s key, and nothing from a damaged one', () => {
    vi.stubGlobal('window', browser);
    storage.set('acme-utm', JSON.stringify({ utm_source: 'news', ts: '2025-03-01T10:00:00.000Z' }));
    expect(readUtmRecord('acme')).toEqual({ utm_source: 'news', ts: '2025-03-01T10:00:00.000Z' });
    storage.set('acme-utm', '{not json');
    expect(readUtmRecord('acme')).toBeNull();
    storage.set('acme-utm', JSON.stringify({ utm_source: 3 }));
    expect(readUtmRecord('acme')).toBeNull();
    expect(readUtmRecord('other')).toBeNull();
  });

  it('queues the identify call for the tool, which reads its queue once it loads', () => {
    vi.stubGlobal('window', browser);
    identifyCustomer(user, { utm_source: 'news' });
    expect(browser._learnq).toEqual([
      ['identify', { $email: 'demo@acme.test', $first_name: 'Demo', $last_name: 'Customer', utm_source: 'news' }],
    ]);
  });
});
