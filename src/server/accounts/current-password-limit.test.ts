import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { cookieOf, createAccountTestApp, ROBIN } from './account-test-support.ts';
import { CURRENT_PASSWORD_FAILURES } from './sign-in-limits.ts';

/** Someone holding a signed-in session (a browser left open) guessing its owner's password at the password change. */
describe('guessing the current password at the password change', { timeout: 120_000 }, () => {
  let shop: Awaited<ReturnType<typeof createAccountTestApp>>;
  beforeAll(async () => {
    shop = await createAccountTestApp();
  });
  afterAll(() => shop.close());
  beforeEach(() => shop.forgetLimits());

  const change = (secret: string, current: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/session-api/account/password',
      payload: { current, password: 'birch-canyon-64' },
      ...shop.withCookie(secret),
    });

  it('ends every session of the customer at the fifth wrong password, answering 401', async () => {
    const held = await shop.signIn(ROBIN);
    const elsewhere = await shop.signIn(ROBIN);
    for (let guess = 1; guess < CURRENT_PASSWORD_FAILURES; guess += 1) {
      const wrong = await change(held, `guess-${guess}`);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({ error: MESSAGES.currentPasswordWrong });
    }
    const last = await change(held, 'guess-last');
    expect(last.statusCode).toBe(401);
    expect(last.json()).toEqual({ error: MESSAGES.passwordChangeSignedOut });
    expect(cookieOf(last, shop.cookieName)?.value).toBe('');
    for (const secret of [held, elsewhere])
      expect((await shop.get('/session-api/refresh-user', secret)).statusCode).toBe(401);
    // The session is gone, so even the right password goes no further.
    expect((await change(held, ROBIN.password)).statusCode).toBe(401);
  });

  it('checks no password past the limit, however many guesses come at once', async () => {
    const held = await shop.signIn(ROBIN);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, guess) => change(held, `guess-${guess}`)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(CURRENT_PASSWORD_FAILURES - 1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(20 - (CURRENT_PASSWORD_FAILURES - 1));
  });

  it('forgets the wrong tries once the right password is given, or the customer signs in again', async () => {
    const held = await shop.signIn(ROBIN);
    for (let guess = 1; guess < CURRENT_PASSWORD_FAILURES; guess += 1)
      expect((await change(held, `typo-${guess}`)).statusCode).toBe(422);
    const again = await shop.signIn(ROBIN);
    expect((await change(again, 'typo-again')).statusCode).toBe(422);
    const changed = await change(again, ROBIN.password);
    expect(changed.json()).toEqual({ success: true, message: MESSAGES.passwordChanged });
    for (let guess = 1; guess < CURRENT_PASSWORD_FAILURES; guess += 1)
      expect((await change(again, `typo-${guess}`)).statusCode).toBe(422);
  });
});
