import { useEffect } from 'react';
import { logoutEndpoint, refreshUserEndpoint } from '../../shared/api/sessions.ts';
import { emptyCart, type Cart } from '../../shared/cart.ts';
import { isSignedIn, userSchema, type User } from '../../shared/user.ts';
import type { Track } from './analytics/analytics-types.ts';
import { track } from './analytics/analytics.ts';
import { identifyCustomer, readUtmRecord } from './analytics/marketing.ts';
import { ApiError, type ApiClient } from './api/api-client.ts';
import { shopApi } from './api/use-api.ts';
import { cartStore } from './cart/cart-store.ts';
import { resetGiftCardDraft } from './gift-card-draft.ts';
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
  /** Identifies the customer to the marketing tool, with the campaign the shopper came from. */
  identify: (user: User) => void;
  /**
   * Runs act a moment later unless the page has been left meanwhile. A request with no answer may have been cut
   * off by the browser because the shopper is going to another document, which says nothing of the session.
   */
  unlessPageLeft: (act: () => void) => void;
}

export interface Session {
  /** A sign-in the server has made (login, a reset or a confirmation link): keeps the user, sends the login event and identifies the customer. */
  signedIn(user: User): void;
  /** The signed-in user from the server; concurrent calls share one request. A failure signs the browser out and is rethrown. */
  refreshUser(): Promise<User>;
  /** Ends the session on the server, then resets the cart, the user and the gift card draft and sends the logout event. */
  signOut(): Promise<void>;
}

export function createSession(parts: SessionParts): Session {
  let refreshing: Promise<User> | null = null;

  const refresh = async (): Promise<User> => {
    try {
      // The user goes into local storage: one that is not a user is refused here, as a failure.
      const user = userSchema.parse(await parts.api.call(refreshUserEndpoint, {}, { suppressNotification: true }));
      parts.user.set(user);
      return user;
    } catch (error) {
      const signOutHere = () => {
        parts.user.set(null);
        parts.resetGiftCard();
      };
      const serverAnswered = !(error instanceof ApiError) || error.status !== null;
      if (serverAnswered) signOutHere();
      else parts.unlessPageLeft(signOutHere);
      throw error;
    }
  };

  return {
    signedIn(user) {
      parts.user.set(user);
      parts.track({ event: 'login', method: 'email' });
      parts.identify(user);
    },
    refreshUser() {
      refreshing ??= refresh().finally(() => {
        refreshing = null;
      });
      return refreshing;
    },
    async signOut() {
      await parts.api.call(logoutEndpoint, {});
      parts.cart.set(emptyCart());
      parts.user.set(null);
      parts.resetGiftCard();
      parts.track({ event: 'logout' });
    },
  };
}

const sessions = new Map<string, Session>();

/** How long a refresh that got no answer waits before signing the browser out: the browser cuts off a page's requests before it hides the page. */
const PAGE_LEAVE_GRACE_MS = 1000;

let pageHides: number | null = null;

/** Runs act after the grace unless the page was hidden meanwhile (counted from the first session made on). */
function unlessPageLeft(act: () => void): void {
  if (pageHides === null) {
    pageHides = 0;
    window.addEventListener('pagehide', () => {
      pageHides = (pageHides ?? 0) + 1;
    });
  }
  const seen = pageHides;
  setTimeout(() => {
    if (pageHides === seen) act();
  }, PAGE_LEAVE_GRACE_MS);
}

/** The browser's session for the shop's brand. */
export function browserSession(brand: string): Session {
  let session = sessions.get(brand);
  if (!session) {
    session = createSession({
      api: shopApi(brand),
      user: userStore(),
      cart: cartStore(brand),
      resetGiftCard: resetGiftCardDraft,
      track,
      identify: (user) => identifyCustomer(user, readUtmRecord(brand)),
      unlessPageLeft,
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
