import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import { isSignedIn, parseUser, type userSchema, type User } from './user.ts';

describe('parseUser', () => {
  it('accepts a well-formed user and null', () => {
    const user = { _id: 'c1', username: 'demo@acme.test', first_name: 'Demo', last_name: 'Shopper' };
    expect(parseUser(user)).toEqual(user);
    expect(parseUser(null)).toBeNull();
  });

  it('rejects anything else', () => {
    expect(parseUser('demo')).toBeUndefined();
    expect(parseUser({ _id: 'c1', username: 42 })).toBeUndefined();
  });
});

describe('isSignedIn', () => {
  it('means a username is present', () => {
    expect(isSignedIn({ _id: 'c1', username: 'a@b.test', first_name: '', last_name: '' })).toBe(true);
    expect(isSignedIn({ _id: 'c1', username: '', first_name: '', last_name: '' })).toBe(false);
    expect(isSignedIn(null)).toBe(false);
  });
});

describe('userSchema', () => {
  it('reads what User describes', () => {
    expectTypeOf<z.infer<typeof userSchema>>().toEqualTypeOf<User>();
  });
});
