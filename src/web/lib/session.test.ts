import { describe, expect, it } from 'vitest';
import { dataOfResponse, type AnyEndpoint } from '../../shared/api/endpoint.ts';
import { emptyCart, type Cart } from '../../shared/cart.ts';
import type { User } from '../../shared/user.ts';
import type { AnalyticsEvent } from './analytics/analytics-types.ts';
import { ApiError, type ApiClient } from './api/api-client.ts';
import { createSession } from './session.ts';
import { createStore } from './store.ts';

const user: User = { _id: 'cus_1', username: 'demo@acme.test', first_name: 'Demo', last_name: 'Customer' };

/** A session over stores and an API whose endpoint calls answer with the body get gives for the path. */
function sessionWith(get: (path: string) => Promise<unknown>) {
  /** What waits for the page-leaving grace; the test runs it as the page staying or drops it as the page left. */
  const waiting: (() => void)[] = [];
  const calls: string[] = [];
  const events: AnalyticsEvent[] = [];
  const identified: User[] = [];
  let giftCardResets = 0;
  const api: ApiClient = {
    call: async <E extends AnyEndpoint>(endpoint: E) => {
      calls.push(endpoint.path);
      return dataOfResponse(endpoint, await get(endpoint.path));
    },
    get: () => Promise.reject(new Error('not used')),
    post: () => Promise.reject(new Error('not used')),
    put: () => Promise.reject(new Error('not used')),
    del: () => Promise.reject(new Error('not used')),
  };
  const userState = createStore<User | null>(user);
  const cart = createStore<Cart>({ ...emptyCart(), customer_email: 'demo@acme.test' });
  const session = createSession({
    api,
    user: userState,
    cart,
    resetGiftCard: () => {
      giftCardResets += 1;
    },
    track: (event) => events.push(event),
    identify: (signedIn) => identified.push(signedIn),
    unlessPageLeft: (act) => waiting.push(act),
  });
  return { session, calls, events, identified, userState, cart, waiting, giftCardResets: () => giftCardResets };
}

describe('the browser’s session', () => {
  it('keeps a user the server signed in, sends the login event and identifies the customer to the marketing tool', () => {
    const { session, calls, events, identified, userState } = sessionWith(() => Promise.reject(new Error('not used')));
    userState.set(null);
    session.signedIn(user);
    expect(userState.get()).toEqual(user);
    expect(events).toEqual([{ event: 'login', method: 'email' }]);
    expect(identified).toEqual([user]);
    expect(calls).toEqual([]);
  });

  it('refreshes the user once for concurrent callers, and keeps what the server says', async () => {
    const renamed = { ...user, first_name: 'Dema' };
    const { session, calls, userState } = sessionWith(async () => ({ data: renamed }));
    const [first, second] = await Promise.all([session.refreshUser(), session.refreshUser()]);
    expect(first).toEqual(renamed);
    expect(second).toEqual(renamed);
    expect(calls).toEqual(['/session-api/refresh-user']);
    expect(userState.get()).toEqual(renamed);
    await session.refreshUser();
    expect(calls).toHaveLength(2);
  });

  it('signs the browser out when the server answers with something that is not a user, resetting the user and the gift card, and passes the failure on', async () => {
    const { session, userState, giftCardResets } = sessionWith(async () => ({ data: { username: 7 } }));
    await expect(session.refreshUser()).rejects.toThrow();
    expect(userState.get()).toBeNull();
    expect(giftCardResets()).toBe(1);
  });

  it('signs the browser out at once when the server answers with a failure', async () => {
    const failure = new ApiError('Request failed with status code 401', 401);
    const { session, userState, waiting, giftCardResets } = sessionWith(() => Promise.reject(failure));
    await expect(session.refreshUser()).rejects.toBe(failure);
    expect(userState.get()).toBeNull();
    expect(giftCardResets()).toBe(1);
    expect(waiting).toEqual([]);
  });

  it('signs out after the grace a refresh that got no answer, unless the page was left meanwhile, and passes the failure on at once', async () => {
    const noAnswer = new ApiError('Network Error');
    const { session, userState, waiting, giftCardResets } = sessionWith(() => Promise.reject(noAnswer));
    await expect(session.refreshUser()).rejects.toBe(noAnswer);
    // The browser cuts off a page's requests before it hides the page: nothing is reset yet.
    expect(userState.get()).toEqual(user);
    expect(giftCardResets()).toBe(0);
    expect(waiting).toHaveLength(1);
    waiting[0]?.();
    expect(userState.get()).toBeNull();
    expect(giftCardResets()).toBe(1);
  });

  it('signs out on the server, then resets the cart, the user and the gift card and sends the logout event', async () => {
    const { session, calls, events, userState, cart, giftCardResets } = sessionWith(async () => ({ success: true }));
    await session.signOut();
    expect(calls).toEqual(['/session-api/logout']);
    expect(userState.get()).toBeNull();
    expect(cart.get()).toEqual(emptyCart());
    expect(giftCardResets()).toBe(1);
    expect(events).toEqual([{ event: 'logout' }]);
  });
});
