/** An app on a fresh database with customers whose passwords are known, and the calls a sign-in page makes. */
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/database.ts';
import { createTestApp, type TestAppOptions } from '../test-support.ts';
import { hashPassword } from './password.ts';

export const ROBIN = {
  id: 'customer-robin',
  email: 'robin@example.com',
  password: 'kestrel-orchard-91',
  first_name: 'Robin',
  last_name: 'Hale',
};
export const SAM = {
  id: 'customer-sam',
  email: 'sam@example.com',
  password: 'lantern-meadow-47',
  first_name: 'Sam',
  last_name: 'Ortiz',
};

export async function insertCustomer(db: Db, customer: typeof ROBIN, now = new Date()): Promise<void> {
  await db
    .insertInto('customers')
    .values({
      id: customer.id,
      email: customer.email,
      password_hash: await hashPassword(customer.password),
      first_name: customer.first_name,
      last_name: customer.last_name,
      store_credit_cents: 0,
      verified_at: now.toISOString(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
}

/** The value of a Set-Cookie header's cookie by name, with its attributes. */
export function cookieOf(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((cookie) => cookie.name === name);
}

export async function createAccountTestApp(options: TestAppOptions = {}) {
  const shop = await createTestApp({
    ...options,
    prepare: async (database) => {
      await insertCustomer(database.db, ROBIN);
      await insertCustomer(database.db, SAM);
      await options.prepare?.(database);
    },
  });
  const cookieName = shop.config.publicUrl.startsWith('https:') ? '__Host-sid' : 'sid';
  const withCookie = (secret: string | undefined) => (secret ? { cookies: { [cookieName]: secret } } : {});

  /** A fresh built-in captcha token for the action, as the page gets one before posting. */
  async function captcha(action: 'login' | 'create' | 'forgot') {
    const response = await shop.app.inject({ method: 'GET', url: `/session-api/captcha-token?action=${action}` });
    return { token: response.json<{ data: { token: string } }>().data.token, action };
  }

  /** Posts a sign-in with a fresh captcha token unless the body brings its own. */
  const login = async (body: Record<string, unknown>, secret?: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/session-api/login',
      payload: 'token' in body ? body : { ...(await captcha('login')), ...body },
      ...withCookie(secret),
    });

  /** Signs a customer in and answers the session cookie's secret. */
  async function signIn(customer: { email: string; password: string }, rememberMe = false): Promise<string> {
    const response = await login({ _username: customer.email, _password: customer.password, _remember_me: rememberMe });
    const secret = cookieOf(response, cookieName)?.value;
    if (response.statusCode !== 200 || !secret) throw new Error(`login ${response.statusCode}: ${response.body}`);
    return secret;
  }

  const get = (url: string, secret?: string) => shop.app.inject({ method: 'GET', url, ...withCookie(secret) });

  /** Forgets the tries counted so far, for tests of other things than the limits. */
  const forgetLimits = () => shop.db.deleteFrom('rate_limit_counts').execute();

  return { ...shop, cookieName, withCookie, captcha, login, signIn, get, forgetLimits };
}
