import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { rateLimitBucket } from '../rate-limits/rate-limits.ts';
import { ACCOUNT_LIMIT_WINDOW_MS } from './account-limits.ts';
import { cookieOf, createAccountTestApp, insertCustomer, ROBIN, SAM } from './account-test-support.ts';
import { knownDeviceKey, knownDeviceValue } from './known-devices.ts';
import { SIGN_IN_LIMITS } from './sign-in-limits.ts';

/** An attacker's guesses at the owner's password, each from an address of its own (as behind rotating proxies). */
describe('sign-in throttling (ASVS V2.2.1)', { timeout: 120_000 }, () => {
  let shop: Awaited<ReturnType<typeof createAccountTestApp>>;
  beforeAll(async () => {
    shop = await createAccountTestApp();
  });
  afterAll(() => shop.close());
  beforeEach(() => shop.forgetLimits());

  const robin = { _username: ROBIN.email, _password: ROBIN.password };
  const guess = { _username: ROBIN.email, _password: 'wrong-guess-00' };

  /** A sign-in from an address, with a fresh captcha token unless `captcha` is false, and the cookies given. */
  async function login(body: Record<string, unknown>, options: { from: string; captcha?: boolean; device?: string }) {
    const token = options.captcha === false ? {} : await shop.captcha('login');
    return shop.app.inject({
      method: 'POST',
      url: '/session-api/login',
      payload: { ...token, ...body },
      remoteAddress: options.from,
      ...(options.device ? { cookies: { did: options.device } } : {}),
    });
  }

  /** The known-device cookie the owner's browser got from signing in. */
  async function ownersDevice(): Promise<string> {
    const response = await login(robin, { from: '192.0.2.10' });
    const device = cookieOf(response, 'did');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(device?.maxAge).toBeGreaterThan(300 * 24 * 60 * 60);
    if (!device) throw new Error('no device cookie');
    return device.value;
  }

  /** Failures counted already this window, as earlier requests of an attack would have left them (each costs a scrypt). */
  async function counted(kind: string, subject: string, count: number) {
    const windowStart = new Date(
      Math.floor(Date.now() / ACCOUNT_LIMIT_WINDOW_MS) * ACCOUNT_LIMIT_WINDOW_MS,
    ).toISOString();
    await shop.db
      .insertInto('rate_limit_counts')
      .values({ bucket: rateLimitBucket({ kind, subject }), window_start: windowStart, count })
      .onConflict((conflict) => conflict.columns(['bucket', 'window_start']).doUpdateSet({ count }))
      .execute();
  }

  /** The attack's last wrong passwords sent for real, the ones before them counted already. */
  async function attackUpTo(total: number) {
    await counted('login-account', ROBIN.email, total - 3);
    await attack(3);
  }

  async function attack(times: number, firstAddress = 1) {
    for (let attempt = 0; attempt < times; attempt += 1) {
      const response = await login(guess, { from: `198.51.100.${firstAddress + attempt}` });
      expect(response.statusCode).toBe(401);
    }
  }

  it('lets the owner in from a known device after strangers’ wrong passwords from rotating addresses', async () => {
    const device = await ownersDevice();
    await attackUpTo(SIGN_IN_LIMITS.perAccountHard);
    // Past the hard limit an unknown browser is refused even with a captcha and the right password.
    const stranger = await login(robin, { from: '203.0.113.7' });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual({ error: MESSAGES.signInLocked });
    expect((await login(guess, { from: '203.0.113.8' })).statusCode).toBe(429);

    const owner = await login(robin, { from: '203.0.113.9', captcha: false, device });
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ success: true, data: { user: { username: ROBIN.email } } });
  });

  it('takes the right password with a passed captcha while throttled, and refuses an unknown browser without one', async () => {
    await attack(SIGN_IN_LIMITS.perAccount + 1);
    const noCaptcha = await login(robin, { from: '203.0.113.20', captcha: false });
    expect(noCaptcha.statusCode).toBe(429);
    expect(noCaptcha.json()).toEqual({ error: MESSAGES.signInLocked });
    expect((await login(robin, { from: '203.0.113.21' })).statusCode).toBe(200);
  });

  it('never counts a successful sign-in', async () => {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAccount + 2; attempt += 1) {
      expect((await login(robin, { from: '192.0.2.30' })).statusCode).toBe(200);
    }
    const counts = await shop.db
      .selectFrom('rate_limit_counts')
      .select(['bucket', 'count'])
      .where('count', '>', 0)
      .execute();
    expect(counts).toEqual([]);
  });

  it('forgets the owner’s own typos from an address once the right password comes from it', async () => {
    await counted('login-account', ROBIN.email, SIGN_IN_LIMITS.perAccount - 2);
    await counted('login-account-ip', `${ROBIN.email} 192.0.2.40`, SIGN_IN_LIMITS.perAccount - 2);
    await counted('login-ip', '192.0.2.40', SIGN_IN_LIMITS.perAccount - 2);
    for (let typo = 0; typo < 2; typo += 1) expect((await login(guess, { from: '192.0.2.40' })).statusCode).toBe(401);
    expect((await login(robin, { from: '192.0.2.40' })).statusCode).toBe(200);
    // Not counted any more: a typo without a captcha is checked, where the account would be throttled.
    expect((await login(guess, { from: '192.0.2.40', captcha: false })).statusCode).toBe(400);
    expect((await login(robin, { from: '192.0.2.40' })).statusCode).toBe(200);
  });

  it('holds a client address’s limit across accounts, known device or not of other accounts', async () => {
    await counted('login-ip', '198.51.100.99', SIGN_IN_LIMITS.perAddress - 3);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await login(
        { _username: `someone${attempt}@example.com`, _password: 'wrong-guess-00' },
        { from: '198.51.100.99' },
      );
      expect(response.statusCode).toBe(401);
    }
    const sprayed = await login({ _username: SAM.email, _password: SAM.password }, { from: '198.51.100.99' });
    expect(sprayed.statusCode).toBe(429);
    expect(sprayed.json()).toEqual({ error: MESSAGES.accountTooManyAttempts });
    expect(
      (await login({ _username: SAM.email, _password: SAM.password }, { from: '198.51.100.100' })).statusCode,
    ).toBe(200);
  });

  it('counts a known device’s own wrong passwords, and then treats it as unknown', async () => {
    const device = await ownersDevice();
    await attackUpTo(SIGN_IN_LIMITS.perAccountHard);
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perDevice; attempt += 1) {
      expect((await login(guess, { from: '203.0.113.30', captcha: false, device })).statusCode).toBe(401);
    }
    expect((await login(robin, { from: '203.0.113.30', captcha: false, device })).statusCode).toBe(429);
  });

  it('takes a device cookie only for the account it was signed for, and only with the shop’s signature', async () => {
    await attackUpTo(SIGN_IN_LIMITS.perAccountHard);
    const samsDevice = knownDeviceValue(knownDeviceKey(shop.config.captchaSecret), SAM.id);
    const forged = knownDeviceValue(knownDeviceKey('not the shop’s secret'), ROBIN.id);
    for (const device of [samsDevice, forged])
      expect((await login(robin, { from: '203.0.113.40', captcha: false, device })).statusCode).toBe(429);
    expect(
      (
        await login(robin, {
          from: '203.0.113.40',
          captcha: false,
          device: knownDeviceValue(knownDeviceKey(shop.config.captchaSecret), ROBIN.id),
        })
      ).statusCode,
    ).toBe(200);
  });

  /** Posts an account call as its page does: creation and forgot with a fresh captcha token. */
  const accountCall = async (call: 'create' | 'verify' | 'forgot' | 'reset', payload: Record<string, unknown>) =>
    shop.app.inject({
      method: 'POST',
      url: `/session-api/account/${call}`,
      payload: { ...(call === 'create' || call === 'forgot' ? await shop.captcha(call) : {}), ...payload },
      remoteAddress: '192.0.2.60',
    });

  /** The confirmation or reset link of the newest mail to an address. */
  async function accountLinkTo(email: string) {
    const mail = await shop.db
      .selectFrom('outbox')
      .select('body_text')
      .where('recipient', '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const link = /\/account-(?:verify|reset)\/([^/\s]+)\/([^/\s]+)/.exec(mail.body_text);
    return { customerId: decodeURIComponent(link?.[1] ?? ''), token: decodeURIComponent(link?.[2] ?? '') };
  }

  /** Strangers' wrong passwords up to the hard limit, then the owner's right one from a stranger's and their own browser. */
  async function ownerPastHardLimit(owner: { email: string; password: string }, device: string | undefined) {
    await counted('login-account', owner.email, SIGN_IN_LIMITS.perAccountHard);
    const credentials = { _username: owner.email, _password: owner.password };
    const stranger = await login(credentials, { from: '203.0.113.50' });
    const own = await login(credentials, { from: '203.0.113.51', captcha: false, ...(device ? { device } : {}) });
    return { stranger: stranger.statusCode, own: own.statusCode };
  }

  it('makes the browser that follows a confirmation link a known device of the new account', async () => {
    const kit = { email: 'kit@example.com', password: 'birch-lantern-62', first_name: 'Kit', last_name: 'Moss' };
    expect((await accountCall('create', kit)).statusCode).toBe(200);
    const link = await accountLinkTo(kit.email);
    const wrong = await accountCall('verify', { ...link, token: 'not-the-link' });
    expect(wrong.statusCode).toBe(400);
    expect(cookieOf(wrong, 'did')).toBeUndefined();

    const verified = await accountCall('verify', link);
    expect(verified.statusCode).toBe(200);
    expect(cookieOf(verified, 'sid')).toBeDefined();
    const device = cookieOf(verified, 'did');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(device?.maxAge).toBeGreaterThan(300 * 24 * 60 * 60);
    expect(await ownerPastHardLimit(kit, device?.value)).toEqual({ stranger: 429, own: 200 });
  });

  it('makes the browser that resets the password a known device, so it signs in while strangers are locked out', async () => {
    const lee = { ...SAM, id: 'customer-lee', email: 'lee@example.com' };
    await insertCustomer(shop.db, lee);
    expect((await accountCall('forgot', { email: lee.email })).statusCode).toBe(200);
    const link = await accountLinkTo(lee.email);
    const password = 'granite-willow-83';
    const wrong = await accountCall('reset', { ...link, token: 'not-the-link', password });
    expect(wrong.statusCode).toBe(400);
    expect(cookieOf(wrong, 'did')).toBeUndefined();

    const reset = await accountCall('reset', { ...link, password });
    expect(reset.statusCode).toBe(200);
    expect(cookieOf(reset, 'sid')).toBeDefined();
    const device = cookieOf(reset, 'did');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await ownerPastHardLimit({ email: lee.email, password }, device?.value)).toEqual({
      stranger: 429,
      own: 200,
    });
  });

  it('never lets more guesses through than the hard limit, however many come at once', async () => {
    await counted('login-account', ROBIN.email, SIGN_IN_LIMITS.perAccountHard - 5);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => login(guess, { from: `198.51.100.${index + 1}` })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
  });
});
