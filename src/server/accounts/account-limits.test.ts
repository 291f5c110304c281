import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { buildApp } from '../app.ts';
import { openDatabase, type OpenedDatabase } from '../db/database.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../test-support.ts';
import { ACCOUNT_LIMITS } from './account-limits.ts';
import { insertCustomer, ROBIN } from './account-test-support.ts';

/** Two shop servers on one database (an SQLite file, or one PostgreSQL database), as behind a load balancer. */
describe('account limits shared by two servers on one database', () => {
  let database: TestDatabase;
  let second: OpenedDatabase;
  let servers: FastifyInstance[];
  beforeAll(async () => {
    database = await createTestDatabase({ onDisk: true });
    await insertCustomer(database.db, ROBIN);
    second = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    const config = testConfig(database.dataDir);
    servers = [
      await buildApp({ logger: false, config, database }),
      await buildApp({ logger: false, config, database: second }),
    ];
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await second.db.destroy();
    await database.close();
  });

  /** Posts to one of the servers with a captcha token the other one made (they share the captcha secret). */
  const post = async (server: number, url: string, payload: Record<string, unknown>, remoteAddress: string) => {
    const app = servers[server % 2];
    const other = servers[(server + 1) % 2];
    if (!app || !other) throw new Error('no such server');
    const action = url.replace('account/', '');
    const captcha =
      action === 'reset'
        ? {}
        : (await other.inject({ method: 'GET', url: `/session-api/captcha-token?action=${action}` })).json<{
            data: { token: string };
          }>().data;
    return app.inject({
      method: 'POST',
      url: `/session-api/${url}`,
      payload: { ...captcha, action, ...payload },
      remoteAddress,
    });
  };
  const forget = () => database.db.deleteFrom('rate_limit_counts').execute();

  it('counts an account’s wrong passwords on both servers, and then wants a captcha of an unknown browser', async () => {
    await forget();
    const { perAccount } = ACCOUNT_LIMITS.login;
    for (let attempt = 0; attempt < perAccount; attempt += 1) {
      // Each try from its own address: only the account's count can stop them.
      const response = await post(
        attempt,
        'login',
        { _username: ROBIN.email, _password: 'wrong-guess-00' },
        `198.51.100.${attempt + 1}`,
      );
      expect(response.statusCode).toBe(401);
    }
    for (const server of [0, 1]) {
      const payload = { _username: ROBIN.email.toUpperCase(), _password: ROBIN.password, action: 'login' };
      const refused = await servers[server]?.inject({
        method: 'POST',
        url: '/session-api/login',
        payload,
        remoteAddress: '198.51.100.200',
      });
      expect(refused?.statusCode).toBe(429);
      expect(refused?.json()).toEqual({ error: MESSAGES.signInLocked });
      expect((await post(server, 'login', payload, '198.51.100.200')).statusCode).toBe(200);
    }
    // An unknown e-mail is limited the same way, so a 429 tells nothing about the account.
    for (let attempt = 0; attempt < perAccount; attempt += 1) {
      await post(
        attempt,
        'login',
        { _username: 'nobody@example.com', _password: 'wrong-guess-00' },
        `198.51.100.${attempt + 1}`,
      );
    }
    const payload = { _username: 'nobody@example.com', _password: 'x', action: 'login' };
    expect(
      (
        await servers[0]?.inject({
          method: 'POST',
          url: '/session-api/login',
          payload,
          remoteAddress: '198.51.100.201',
        })
      )?.json(),
    ).toEqual({ error: MESSAGES.signInLocked });
  });

  it('counts a client address’s tries across accounts and servers', async () => {
    await forget();
    const { perAddress } = ACCOUNT_LIMITS.forgot;
    for (let attempt = 0; attempt < perAddress; attempt += 1) {
      const response = await post(attempt, 'account/forgot', { email: `someone${attempt}@example.com` }, '203.0.113.9');
      expect(response.statusCode).toBe(200);
    }
    const refused = await post(1, 'account/forgot', { email: 'someone-else@example.com' }, '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect((await post(0, 'account/forgot', { email: 'someone-else@example.com' }, '203.0.113.10')).statusCode).toBe(
      200,
    );
  });

  it('limits account creation and password resets per account', async () => {
    await forget();
    const account = { email: 'new@example.com', password: 'quiet-harbour-58', first_name: 'Pat', last_name: 'Lee' };
    for (let attempt = 0; attempt < ACCOUNT_LIMITS.create.perAccount; attempt += 1) {
      expect((await post(attempt, 'account/create', account, `192.0.2.${attempt + 1}`)).statusCode).toBe(200);
    }
    expect((await post(1, 'account/create', account, '192.0.2.100')).statusCode).toBe(429);

    for (let attempt = 0; attempt < ACCOUNT_LIMITS.reset.perAccount; attempt += 1) {
      const guess = await post(
        attempt,
        'account/reset',
        { customerId: ROBIN.id, token: `guess-${attempt}`, password: 'amber-willow-33' },
        `192.0.2.${attempt + 1}`,
      );
      expect(guess.statusCode).toBe(400);
    }
    expect(
      (
        await post(
          0,
          'account/reset',
          { customerId: ROBIN.id, token: 'guess', password: 'amber-willow-33' },
          '192.0.2.100',
        )
      ).statusCode,
    ).toBe(429);
  });

  it('keeps its counts when a server restarts', async () => {
    await forget();
    const { perAccount } = ACCOUNT_LIMITS.forgot;
    for (let attempt = 0; attempt < perAccount; attempt += 1)
      await post(0, 'account/forgot', { email: ROBIN.email }, '192.0.2.50');
    await servers[0]?.close();
    servers[0] = await buildApp({ logger: false, config: testConfig(database.dataDir), database });
    expect((await post(0, 'account/forgot', { email: ROBIN.email }, '192.0.2.51')).statusCode).toBe(429);
  });
});
