import { describe, expect, it } from 'vitest';
import { isOwnGiftCard } from './account-area.ts';

describe('isOwnGiftCard', () => {
  it('is the customer’s when it was sent to no one or to their own address, however it is written', () => {
    expect(isOwnGiftCard(null, 'demo@acme.test')).toBe(true);
    expect(isOwnGiftCard('', 'demo@acme.test')).toBe(true);
    expect(isOwnGiftCard(' Demo@ACME.test ', 'demo@acme.test')).toBe(true);
  });

  it('is not the customer’s when it was sent to someone else', () => {
    expect(isOwnGiftCard('jamie@example.com', 'demo@acme.test')).toBe(false);
  });
});
