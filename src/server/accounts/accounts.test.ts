import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { cookieOf, createAccountTestApp, ROBIN, SAM } from './account-test-support.ts';

describe('creating and looking after an account', () => {
  let shop: Awaited<ReturnType<typeof createAccountTestApp>>;
  beforeAll(async () => {
    shop = await createAccountTestApp();
  });
  afterAll(() => shop.close());
  beforeEach(() => shop.forgetLimits());
  /** Robin's password, changed by the password test. */
  let robinPassword = ROBIN.password;

  /** Posts an account call; creation and forgot with a fresh captcha token, as their pages send one. */
  const post = async (url: string, payload: Record<string, unknown>, secret?: string) => {
    const captcha = url === 'create' || url === 'forgot' ? await shop.captcha(url) : {};
    return shop.app.inject({
      method: 'POST',
      url: `/session-api/account/${url}`,
      payload: { ...captcha, ...payload },
      ...shop.withCookie(secret),
    });
  };

  /** The newest mail to an address, and the account link it carries. */
  async function mailTo(email: string) {
    const row = await shop.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    const link = /\/account-(?:verify|reset)\/([^/\s]+)\/([^/\s]+)/.exec(row?.body_text ?? '');
    return {
      kind: row?.kind,
      customerId: decodeURIComponent(link?.[1] ?? ''),
      token: decodeURIComponent(link?.[2] ?? ''),
      text: row?.body_text ?? '',
    };
  }
  const mailCount = async () =>
    Number(
      (
        await shop.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const newAccount = (email: string, password = 'quiet-harbour-58') => ({
    email,
    password,
    first_name: 'Pat',
    last_name: 'Lee',
  });
  const signInAs = (email: string, password: string) => shop.login({ _username: email, _password: password });

  it('answers the same for a new and an already registered e-mail, and mails the owner instead', async () => {
    const fresh = await post('create', newAccount('pat@example.com'));
    const taken = await post('create', newAccount(' ROBIN@example.com '));
    expect(fresh.statusCode).toBe(200);
    expect(taken.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ success: true, message: MESSAGES.accountCreateSent });
    expect(taken.body).toBe(fresh.body);
    expect(fresh.headers['set-cookie']).toBeUndefined();

    const verify = await mailTo('pat@example.com');
    expect(verify.kind).toBe('account-verify');
    expect(verify.token).toMatch(/^[\w-]{43}$/);
    expect((await mailTo(ROBIN.email)).kind).toBe('account-exists');
    const robin = await shop.db
      .selectFrom('customers')
      .select(['first_name'])
      .where('email', '=', ROBIN.email)
      .executeTakeFirstOrThrow();
    expect(robin.first_name).toBe(ROBIN.first_name);
    // Only the hash of the link's token is kept.
    const tokens = await shop.db.selectFrom('customer_tokens').select('token_hash').execute();
    expect(tokens.map((row) => row.token_hash)).not.toContain(verify.token);
  });

  it('refuses a short or common password and creates nothing', async () => {
    const before = await mailCount();
    for (const [password, error] of [
      ['short', MESSAGES.minLength(8)],
      ['iloveyou', MESSAGES.passwordTooCommon],
      ['x'.repeat(129), MESSAGES.maxLength(128)],
    ] as const) {
      const response = await post('create', newAccount('weak@example.com', password));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error, fields: { password: error } });
    }
    const invalidEmail = await post('create', newAccount('not-an-address'));
    expect(invalidEmail.json()).toEqual({ error: MESSAGES.invalidEmail, fields: { email: MESSAGES.invalidEmail } });
    expect(
      await shop.db.selectFrom('customers').select('id').where('email', '=', 'weak@example.com').executeTakeFirst(),
    ).toBeUndefined();
    expect(await mailCount()).toBe(before);
  });

  it('signs in only once the address is confirmed, through a link used once', async () => {
    await post('create', newAccount('quinn@example.com'));
    const unverified = await signInAs('quinn@example.com', 'quiet-harbour-58');
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({ error: MESSAGES.verifyFirst });
    // A wrong password says nothing about the account.
    expect((await signInAs('quinn@example.com', 'wrong-password-1')).json()).toEqual({ error: MESSAGES.signInFailed });

    const { customerId, token } = await mailTo('quinn@example.com');
    const wrong = await post('verify', {
      customerId,
      token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: MESSAGES.accountLinkInvalid });
    const verified = await post('verify', { customerId, token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      success: true,
      data: { user: { _id: customerId, username: 'quinn@example.com', first_name: 'Pat', last_name: 'Lee' } },
    });
    expect(cookieOf(verified, 'sid')?.value).toBeTruthy();
    expect((await post('verify', { customerId, token })).json()).toEqual({ error: MESSAGES.accountLinkInvalid });
    expect((await signInAs('quinn@example.com', 'quiet-harbour-58')).statusCode).toBe(200);
  });

  it('refuses a verify link after 48 hours', async () => {
    await post('create', newAccount('late@example.com'));
    const { customerId, token } = await mailTo('late@example.com');
    await shop.db
      .updateTable('customer_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('customer_id', '=', customerId)
      .execute();
    expect((await post('verify', { customerId, token })).statusCode).toBe(400);
  });

  it('answers a forgotten password the same for known and unknown e-mails', async () => {
    const before = await mailCount();
    const known = await post('forgot', { email: SAM.email });
    const unknown = await post('forgot', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, message: MESSAGES.forgotSent });
    expect(unknown.body).toBe(known.body);
    expect(await mailCount()).toBe(before + 1);
    const mail = await mailTo(SAM.email);
    expect(mail.kind).toBe('account-reset');
    expect(mail.customerId).toBe(SAM.id);
    expect(mail.text).toContain(`${shop.config.publicUrl}/account-reset/${SAM.id}/`);
  });

  it('resets a password once: signs this browser in and ends every other session', async () => {
    const elsewhere = await shop.signIn(SAM);
    await post('forgot', { email: SAM.email });
    const { customerId, token } = await mailTo(SAM.email);

    const weak = await post('reset', { customerId, token, password: 'password1' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toEqual({
      error: MESSAGES.passwordTooCommon,
      fields: { password: MESSAGES.passwordTooCommon },
    });

    const reset = await post('reset', { customerId, token, password: 'copper-lantern-77', rememberMe: '1' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ success: true, data: { user: { _id: SAM.id, username: SAM.email } } });
    const cookie = cookieOf(reset, 'sid');
    expect(cookie?.maxAge).toBeGreaterThan(0);
    expect((await shop.get('/session-api/refresh-user', cookie?.value)).statusCode).toBe(200);
    expect((await shop.get('/session-api/refresh-user', elsewhere)).statusCode).toBe(401);

    expect((await post('reset', { customerId, token, password: 'another-lantern-78' })).json()).toEqual({
      error: MESSAGES.accountLinkInvalid,
    });
    expect((await signInAs(SAM.email, SAM.password)).statusCode).toBe(401);
    expect((await signInAs(SAM.email, 'copper-lantern-77')).statusCode).toBe(200);
  });

  it('refuses a reset link after an hour, and only the latest link works', async () => {
    await post('forgot', { email: ROBIN.email });
    const first = await mailTo(ROBIN.email);
    await post('forgot', { email: ROBIN.email });
    // The two mails may share a millisecond: the second is the one that is not the first.
    const resetMails = await shop.db
      .selectFrom('outbox')
      .select('body_text')
      .where('recipient', '=', ROBIN.email)
      .where('kind', '=', 'account-reset')
      .execute();
    const secondText = resetMails.map((row) => row.body_text).find((text) => !text.includes(first.token)) ?? '';
    const second = { customerId: ROBIN.id, token: /\/account-reset\/[^/\s]+\/([^/\s]+)/.exec(secondText)?.[1] ?? '' };
    expect(second.token).not.toBe('');
    expect((await post('reset', { ...first, password: 'amber-willow-33' })).statusCode).toBe(400);
    await shop.db
      .updateTable('customer_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('customer_id', '=', ROBIN.id)
      .execute();
    expect(
      (await post('reset', { customerId: second.customerId, token: second.token, password: 'amber-willow-33' }))
        .statusCode,
    ).toBe(400);
  });

  it('changes the password after checking the current one, ending the other sessions only', async () => {
    expect((await post('password', { current: 'x', password: 'y' })).statusCode).toBe(401);
    const here = await shop.signIn(ROBIN);
    const elsewhere = await shop.signIn(ROBIN);
    const wrong = await post('password', { current: 'not-it', password: 'birch-canyon-64' }, here);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      error: MESSAGES.currentPasswordWrong,
      fields: { current: MESSAGES.currentPasswordWrong },
    });
    expect((await post('password', { current: ROBIN.password, password: '12345678' }, here)).statusCode).toBe(422);

    const changed = await post('password', { current: ROBIN.password, password: 'birch-canyon-64' }, here);
    expect(changed.json()).toEqual({ success: true, message: MESSAGES.passwordChanged });
    expect((await shop.get('/session-api/refresh-user', here)).statusCode).toBe(200);
    expect((await shop.get('/session-api/refresh-user', elsewhere)).statusCode).toBe(401);
    expect((await signInAs(ROBIN.email, 'birch-canyon-64')).statusCode).toBe(200);
    robinPassword = 'birch-canyon-64';
  });

  it('changes names at once and the e-mail address once the new one is confirmed', async () => {
    const secret = await shop.signIn({ email: ROBIN.email, password: robinPassword });
    const names = await post('information', { first_name: 'Robyn', last_name: 'Hale', email: ROBIN.email }, secret);
    expect(names.json()).toEqual({
      success: true,
      message: MESSAGES.informationSaved,
      data: { user: { _id: ROBIN.id, username: ROBIN.email, first_name: 'Robyn', last_name: 'Hale' } },
    });

    const moved = await post(
      'information',
      { first_name: 'Robyn', last_name: 'Hale', email: 'robyn@example.net' },
      secret,
    );
    expect(moved.json()).toMatchObject({
      success: true,
      message: MESSAGES.emailChangeSent('robyn@example.net'),
      data: { user: { username: ROBIN.email } },
    });
    const taken = await post('information', { first_name: 'Robyn', last_name: 'Hale', email: SAM.email }, secret);
    expect(taken.json()).toMatchObject({ success: true, message: MESSAGES.emailChangeSent(SAM.email) });
    expect((await mailTo(SAM.email)).kind).toBe('account-exists');

    const mail = await mailTo('robyn@example.net');
    expect(mail.kind).toBe('account-email-change');
    expect((await post('verify', { customerId: mail.customerId, token: mail.token })).json()).toMatchObject({
      data: { user: { username: 'robyn@example.net' } },
    });
    expect((await signInAs('robyn@example.net', robinPassword)).statusCode).toBe(200);
    expect((await signInAs(ROBIN.email, robinPassword)).statusCode).toBe(401);

    expect(
      (await post('information', { first_name: '', last_name: 'Hale', email: 'x@example.com' }, secret)).json(),
    ).toEqual({
      error: MESSAGES.firstNameRequired,
      fields: { first_name: MESSAGES.firstNameRequired },
    });
    expect((await post('information', { first_name: 'A', last_name: 'B', email: 'x@example.com' })).statusCode).toBe(
      401,
    );
  });
});
