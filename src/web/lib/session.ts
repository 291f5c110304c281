import { useEffect } from 'react';
import { emptyCart, type Cart } from '../../shared/cart.ts';
import { GIFT_CARD_STORAGE_KEY } from '../../shared/storage-keys.ts';
import { isSignedIn, userSchema, type User } from '../../shared/user.ts';
import type { Track } from './analytics/analytics-types.ts';
import { track } from './analytics/analytics.ts';
import type { ApiClient } from './api/api-client.ts';
import { shopApi } from './api/use-api.ts';
import { cartStore } from './cart/cart-store.ts';
import type { Store } from './store.ts';
import { useShop } from './use-shop.ts';
import { userStore } from './user-store.ts';

/** What signing out and refreshing the user change in the browser (spec 3 and 7). */
export interface SessionParts {
  api: ApiClient;
  user: Store<User | null>;
  cart: Store<Cart>;
  /** Clears the gift card draft. */
  resetGiftCard: () => void;
  track: Track;
}

export interface Session {
  /** The signed-in user from the server; concurrent calls share one request. A failure signs the browser out and is rethrown. */
  refreshUser(): Promise<User>;
  /** Ends the session on the server, then resets the cart, the user and the gift card draft and sends the logout event. */
  signOut(): Promise<void>;
}

export function createSession(parts: SessionParts): Session {
  let refreshing: Promise<User> | null = null;

  const refresh = async (): Promise<User> => {
    try {
      const answer = await parts.api.get<unknown>('/session-api/refresh-user', { suppressNotification: true });
      const user = userSchema.parse(typeof answer === 'object' && answer !== null && 'data' in answer ? answer.data : undefined);
      parts.user.set(user);
      return user;
    } catch (error) {
      parts.user.set(null);
      parts.resetGiftCard();
      throw error;
    }
  };

  return {
    refreshUser() {
      refreshing ??= refresh().finally(() => {
        refreshing = null;
      });
      return refreshing;
    },
    async signOut() {
      await parts.api.get('/session-api/logout');
      parts.cart.set(emptyCart());
      parts.user.set(null);
      parts.resetGiftCard();
      parts.track({ event: 'logout' });
    },
  };
}

const sessions = new Map<string, Session>();

/** The browser's session for the shop's brand. */
export function browserSession(brand: string): Session {
  let session = sessions.get(brand);
  if (!session) {
    session = createSession({
      api: shopApi(brand),
      user: userStore(),
      cart: cartStore(brand),
      resetGiftCard: () => {
        try {
          window.localStorage.removeItem(GIFT_CARD_STORAGE_KEY);
        } catch {
          // Storage blocked: there is no draft to clear.
        }
      },
      track,
    });
    sessions.set(brand, session);
  }
  return session;
}

/** On load, a signed-in user is asked of the server again: a session that has ended signs the browser out. */
export function useRefreshUserOnLoad(): void {
  const { brand } = useShop();
  useEffect(() => {
    if (!isSignedIn(userStore().get())) return;
    // The refresh has already signed the browser out on failure; nothing on this page waits for it.
    browserSession(brand)
      .refreshUser()
      .catch(() => undefined);
  }, [brand]);
}
