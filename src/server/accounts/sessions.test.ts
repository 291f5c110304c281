import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { cookieOf, createAccountTestApp, ROBIN, SAM } from './account-test-support.ts';
import type * as password from './password.ts';
import { verifyPassword } from './password.ts';
import { SESSION_TIMEOUTS, sessionIdFor } from './sessions.ts';

// The real check, watched: which hash a sign-in verifies against says how much work it spent.
vi.mock('./password.ts', async (importOriginal) => {
  const original = await importOriginal<typeof password>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

describe('signing in and out', () => {
  let shop: Awaited<ReturnType<typeof createAccountTestApp>>;
  beforeAll(async () => {
    shop = await createAccountTestApp();
  });
  afterAll(() => shop.close());
  beforeEach(() => shop.forgetLimits());

  const userOf = (customer: typeof ROBIN) => ({
    _id: customer.id,
    username: customer.email,
    first_name: customer.first_name,
    last_name: customer.last_name,
  });
  /** Signs out as the shop's page does: the browser says the request is the shop's own (http/sign-out.test.ts). */
  const signOut = (secret?: string) =>
    shop.app.inject({
      method: 'GET',
      url: '/session-api/logout',
      headers: { 'sec-fetch-site': 'same-origin' },
      ...shop.withCookie(secret),
    });

  it('signs in with JSON and answers the user; the session cookie is HttpOnly, SameSite=Lax and ends with the browser', async () => {
    const response = await shop.login({
      _username: ' Robin@Example.com ',
      _password: ROBIN.password,
      _remember_me: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { user: userOf(ROBIN) } });
    const cookie = cookieOf(response, 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.secure).toBeFalsy();
    // 256 random bits, base64url.
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);

    const refreshed = await shop.get('/session-api/refresh-user', cookie?.value);
    expect(refreshed.json()).toEqual({ data: userOf(ROBIN) });
  });

  it('signs in from a form post, remembered for 30 days', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/session-api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...(await shop.captcha('login')),
        _username: SAM.email,
        _password: SAM.password,
        _remember_me: 'on',
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { user: userOf(SAM) } });
    const cookie = cookieOf(response, 'sid');
    expect(cookie?.maxAge).toBe(SESSION_TIMEOUTS.remembered.absoluteMs / 1000);
    const row = await shop.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sessionIdFor(cookie?.value ?? ''))
      .executeTakeFirstOrThrow();
    expect(row.remember_me).toBe(1);
  });

  it('keeps only the hash of the session secret', async () => {
    const secret = await shop.signIn(ROBIN);
    const ids = (await shop.db.selectFrom('sessions').select('id').execute()).map((row) => row.id);
    expect(ids).toContain(sessionIdFor(secret));
    expect(ids).not.toContain(secret);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrongPassword = await shop.login({ _username: ROBIN.email, _password: 'not-the-password' });
    const unknownEmail = await shop.login({ _username: 'nobody@example.com', _password: 'not-the-password' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: MESSAGES.signInFailed });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(unknownEmail.body).toBe(wrongPassword.body);
  });

  it('spends the same password work on an unknown e-mail as on a known one', async () => {
    const verify = vi.mocked(verifyPassword);
    const hashChecked = async (email: string) => {
      verify.mockClear();
      await shop.login({ _username: email, _password: 'not-the-password' });
      expect(verify).toHaveBeenCalledTimes(1);
      return verify.mock.calls[0]?.[1] ?? '';
    };
    // A stored hash is scrypt$N$r$p$salt$hash: the same algorithm and cost parameters mean the same work.
    const cost = (hash: string) => hash.split('$').slice(0, 4);
    const known = await hashChecked(ROBIN.email);
    const unknown = await hashChecked('nobody@example.com');
    expect(cost(known)[0]).toBe('scrypt');
    expect(cost(unknown)).toEqual(cost(known));
  });

  it('replaces the session a browser held before signing in', async () => {
    const before = await shop.signIn(SAM);
    const response = await shop.login({ _username: ROBIN.email, _password: ROBIN.password }, before);
    const after = cookieOf(response, 'sid')?.value;
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await shop.get('/session-api/refresh-user', before)).statusCode).toBe(401);
    expect((await shop.get('/session-api/refresh-user', after)).json()).toEqual({ data: userOf(ROBIN) });
  });

  it('signs out on the server: the session row goes and the cookie is cleared', async () => {
    const secret = await shop.signIn(ROBIN);
    const response = await signOut(secret);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: MESSAGES.signedOut });
    const cleared = cookieOf(response, 'sid');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    expect(
      await shop.db.selectFrom('sessions').select('id').where('id', '=', sessionIdFor(secret)).executeTakeFirst(),
    ).toBeUndefined();
    const again = await shop.get('/session-api/refresh-user', secret);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: MESSAGES.notSignedIn });
    // Signing out without a session is no error.
    expect((await signOut()).statusCode).toBe(200);
  });

  it('ends an idle session, and refresh-user keeps an active one alive', async () => {
    const secret = await shop.signIn(ROBIN);
    const id = sessionIdFor(secret);
    const soon = new Date(Date.now() + 60_000).toISOString();
    await shop.db.updateTable('sessions').set({ idle_expires_at: soon }).where('id', '=', id).execute();
    expect((await shop.get('/session-api/refresh-user', secret)).statusCode).toBe(200);
    const row = await shop.db
      .selectFrom('sessions')
      .select('idle_expires_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.idle_expires_at)).toBeGreaterThan(Date.now() + SESSION_TIMEOUTS.standard.idleMs - 60_000);

    await shop.db
      .updateTable('sessions')
      .set({ idle_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await shop.get('/session-api/refresh-user', secret)).statusCode).toBe(401);
  });

  it('ends a session at its absolute expiry however active it is', async () => {
    const secret = await shop.signIn(ROBIN, true);
    const id = sessionIdFor(secret);
    const end = new Date(Date.now() + 60_000).toISOString();
    await shop.db.updateTable('sessions').set({ expires_at: end }).where('id', '=', id).execute();
    expect((await shop.get('/session-api/refresh-user', secret)).statusCode).toBe(200);
    const row = await shop.db
      .selectFrom('sessions')
      .select('idle_expires_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.idle_expires_at).toBe(end);

    await shop.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await shop.get('/session-api/refresh-user', secret)).statusCode).toBe(401);
  });

  it('refuses a malformed sign-in with a 400', async () => {
    const response = await shop.login({ _username: 42, _password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: '_username: _username must be text' });
  });
});

describe('the session cookie behind https', () => {
  it('is Secure and __Host- prefixed', async () => {
    const shop = await createAccountTestApp({ configOverrides: { publicUrl: 'https://shop.example.com' } });
    try {
      const response = await shop.login({ _username: ROBIN.email, _password: ROBIN.password });
      expect(cookieOf(response, 'sid')).toBeUndefined();
      expect(cookieOf(response, '__Host-sid')).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
      });
      expect(cookieOf(response, '__Host-sid')?.domain).toBeUndefined();
      const secret = cookieOf(response, '__Host-sid')?.value;
      expect((await shop.get('/session-api/refresh-user', secret)).statusCode).toBe(200);
    } finally {
      await shop.close();
    }
  });
});
