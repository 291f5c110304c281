import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCardPurchaseEndpoint } from '../../shared/api/gift-cards.ts';
import { accountOrdersEndpoint, accountWalletEndpoint } from '../../shared/api/accounts.ts';
import type { AccountOrder, AccountWallet } from '../../shared/account-area.ts';
import {
  createAccount,
  requestPasswordReset,
  resetPassword,
  verifyAccount,
  type AccountContext,
} from '../accounts/accounts.ts';
import { Mailer } from '../mail/mailer.ts';
import { createOrderTestShop, line, newKey, type OrderTestShop } from './order-test-support.ts';

describe('a guest’s history and the account made with their e-mail', () => {
  let shop: OrderTestShop;
  let accounts: AccountContext;
  beforeAll(async () => {
    shop = await createOrderTestShop(100);
    accounts = {
      db: shop.db,
      mailer: new Mailer(shop.db, { smtpUrl: null, from: 'shop@example.com' }),
      publicUrl: shop.config.publicUrl,
      orderLinkSecret: shop.config.orderLinkSecret,
    };
  });
  afterAll(() => shop.close());

  const ordersOf = async (cookie: string) =>
    (await shop.app.inject({ method: 'GET', url: accountOrdersEndpoint.path, cookies: { sid: cookie } })).json<{
      data: AccountOrder[];
    }>().data;
  const walletOf = async (cookie: string) =>
    (await shop.app.inject({ method: 'GET', url: accountWalletEndpoint.path, cookies: { sid: cookie } })).json<{
      data: AccountWallet;
    }>().data;

  it('joins the account only once its address is confirmed: the orders and gift cards bought as a guest', async () => {
    const placed = await shop.placeOrder(
      shop.cart([line(shop.sku, 1)], { customer_email: 'Guest.Shopper@example.com' }),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const order = shop.orderOf(placed);
    const bought = await shop.post(giftCardPurchaseEndpoint.path, {
      idempotency_key: newKey(),
      amount: 40,
      recipient_name: 'Guest',
      recipient_email: 'guest.shopper@example.com',
      message: '',
      deliver_on: '',
      promo_recipient_name: '',
      promo_recipient_email: '',
      promo_message: '',
      buyer_email: 'guest.shopper@example.com',
      payment: { token: await shop.cardToken() },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const other = await shop.placeOrder(shop.cart([line(shop.sku, 1)], { customer_email: 'someone.else@example.com' }));
    expect(other.statusCode).toBe(200);

    const now = new Date();
    await createAccount(
      accounts,
      { email: 'guest.shopper@example.com', password: 'quiet-harbour-58', first_name: 'Guest', last_name: 'Shopper' },
      now,
    );
    const customer = await shop.db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', 'guest.shopper@example.com')
      .executeTakeFirstOrThrow();
    const cookie = await shop.signIn(customer.id);
    expect(await ordersOf(cookie)).toEqual([]);
    expect((await walletOf(cookie)).gift_cards).toEqual([]);

    const mail = await shop.db
      .selectFrom('outbox')
      .select('body_text')
      .where('recipient', '=', 'guest.shopper@example.com')
      .where('kind', '=', 'account-verify')
      .executeTakeFirstOrThrow();
    const token = decodeURIComponent(/\/account-verify\/[^/\s]+\/([^/\s]+)/.exec(mail.body_text)?.[1] ?? '');
    const verified = await verifyAccount(accounts, { customerId: customer.id, token }, now);
    expect('user' in verified).toBe(true);

    const orders = await ordersOf(cookie);
    expect(orders.map((row) => row.number)).toEqual([order.number]);
    expect(orders[0]?.total).toBe(order.totals.total);
    const wallet = await walletOf(cookie);
    expect(wallet.gift_cards).toMatchObject([
      { initial: 40, balance: 40, recipient_email: 'guest.shopper@example.com', owned: true },
    ]);
    const untouched = await shop.db
      .selectFrom('orders')
      .select('customer_id')
      .where('email', '=', 'someone.else@example.com')
      .executeTakeFirstOrThrow();
    expect(untouched.customer_id).toBeNull();
  });

  it('joins it too when the address is proven by a password reset link instead', async () => {
    const placed = await shop.placeOrder(shop.cart([line(shop.sku, 1)], { customer_email: 'forgetful@example.com' }));
    expect(placed.statusCode, placed.body).toBe(200);
    const now = new Date();
    await createAccount(
      accounts,
      { email: 'forgetful@example.com', password: 'quiet-harbour-58', first_name: 'For', last_name: 'Getful' },
      now,
    );
    const customer = await shop.db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', 'forgetful@example.com')
      .executeTakeFirstOrThrow();
    await requestPasswordReset(accounts, 'forgetful@example.com', now);
    const mail = await shop.db
      .selectFrom('outbox')
      .select('body_text')
      .where('recipient', '=', 'forgetful@example.com')
      .where('kind', '=', 'account-reset')
      .executeTakeFirstOrThrow();
    const token = decodeURIComponent(/\/account-reset\/[^/\s]+\/([^/\s?]+)/.exec(mail.body_text)?.[1] ?? '');
    const reset = await resetPassword(accounts, { customerId: customer.id, token, password: 'steady-lantern-94' }, now);
    expect('user' in reset).toBe(true);
    const cookie = await shop.signIn(customer.id);
    expect((await ordersOf(cookie)).map((row) => row.number)).toEqual([shop.orderOf(placed).number]);
  });
});
