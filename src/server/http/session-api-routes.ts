import type { FastifyPluginAsync } from 'fastify';
import { getCartEndpoint } from '../../shared/api/bag.ts';
import { parseBagLink } from '../../shared/bag-pricing.ts';
import { parseCart } from '../../shared/cart.ts';
import type { AccountContext } from '../accounts/accounts.ts';
import type { CaptchaVerifier } from '../accounts/captcha.ts';
import { sessionUser } from '../accounts/sessions.ts';
import type { Db } from '../db/database.ts';
import type { OrderContext } from '../orders/order-context.ts';
import { withinGiftCardGuesses } from '../gift-cards/gift-card-lookups.ts';
import { giftCardCodes, priceCart } from '../pricing/price-cart.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { loadPricingInputs } from '../pricing/pricing-inputs.ts';
import { PricingReadModel } from '../pricing/pricing-read-model.ts';
import { accountAreaRoutes, accountRoutes } from './account-routes.ts';
import { keepForOneShopper } from './cache-control.ts';
import { checkoutRoutes } from './checkout-routes.ts';
import type { DeviceCookie } from './device-cookie.ts';
import { giftCardPurchaseRoutes } from './gift-card-routes.ts';
import { noRoute } from './errors.ts';
import { Refusal, serveEndpoint } from './serve-endpoint.ts';
import { sessionRoutes } from './session-routes.ts';
import { sessionSecretOf, type SessionCookie } from './session-cookie.ts';

/** The session API under /session-api (spec section 7): calls that depend on the shopper's session. */
interface SessionApiOptions {
  db: Db;
  orders: OrderContext;
  accounts: AccountContext;
  sessionCookie: SessionCookie;
  deviceCookie: DeviceCookie;
  captcha: CaptchaVerifier;
}

export const sessionApiRoutes: FastifyPluginAsync<SessionApiOptions> = async (
  app,
  { db, orders, accounts, sessionCookie, deviceCookie, captcha },
) => {
  // Every answer here is one session's: none may be kept by a cache (cache-control.ts).
  app.addHook('onSend', keepForOneShopper);
  // Sign-in forms may post before the page's code has started: their bodies come form-encoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  await app.register(checkoutRoutes, { orders, sessionCookie });
  await app.register(giftCardPurchaseRoutes, { orders, sessionCookie });
  await app.register(sessionRoutes, { db, sessionCookie, deviceCookie, captcha });
  await app.register(accountRoutes, { accounts, sessionCookie, deviceCookie, captcha });
  await app.register(accountAreaRoutes, { accounts, gateway: orders.gateway, sessionCookie });
  const pricingReadModel = new PricingReadModel(db);

  /**
   * The bag's refresh: the bag priced from the database, what the shop sets read through the pricing read
   * model, which has every change committed before the call. It reads but never writes, so it needs no CSRF
   * token. The query string is the page's own, any names: the shared parseBagLink reads its bag link (`add`,
   * `promo`) and answers an unreadable one with a message in the priced bag, not a refusal. Its gift card codes
   * count against the address's tries of wrong codes (gift-card-lookups.ts): past them the bag is priced without
   * its gift cards, and says why.
   */
  serveEndpoint(app, getCartEndpoint, async ({ body, request }) => {
    const cart = parseCart(body.cart);
    if (!cart) return new Refusal(400, { error: 'cart must be an object' });
    const now = new Date();
    const user = await sessionUser(db, sessionSecretOf(request, sessionCookie), now);
    const link = parseBagLink(new URL(request.url, 'http://shop.invalid').searchParams);
    const guessing = !(await withinGiftCardGuesses(db, giftCardCodes(cart), request.ip, now));
    const pricing = {
      cart: guessing ? { ...cart, gift_card_payment_items: [] } : cart,
      code: body.code ?? null,
      link,
      now,
    };
    const result = priceCart(
      pricing,
      await loadPricingInputs(db, pricing, user?._id ?? null, await pricingReadModel.current()),
    );
    if (!result.ok) return new Refusal(422, { error: result.error });
    if (guessing) result.response.messages.push({ type: 'danger', text: MESSAGES.giftCardTooManyTries });
    return result.response;
  });

  app.all('/*', noRoute);
};
