import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the password a hash was made from and nothing else', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
  });

  it('treats the same text in another Unicode form as the same password', async () => {
    const stored = await hashPassword('caf\u00e9');
    expect(await verifyPassword('cafe\u0301', stored)).toBe(true);
  });

  it('rejects malformed or tampered hashes without throwing', async () => {
    const stored = await hashPassword('secret');
    const parts = stored.split('$');
    for (const bad of [
      '',
      'plain',
      'bcrypt$1$2$3$4$5',
      stored.replace('$32768$', '$33000$'),
      stored.replace('$32768$', `$${2 ** 24}$`),
      [...parts.slice(0, 5), 'AAAA'].join('$'),
      [...parts.slice(0, 4), '', parts[5]].join('$'),
    ]) {
      expect(await verifyPassword('secret', bad)).toBe(false);
    }
  });
});
