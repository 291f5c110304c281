import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { getCartEndpoint } from '../src/shared/api/bag.ts';
import { cardTokenEndpoint } from '../src/shared/api/card-token.ts';
import { placeOrderEndpoint } from '../src/shared/api/checkout.ts';
import type { GetCartResponse } from '../src/shared/bag-pricing.ts';
import { emptyCart, type Cart, type CartAddress } from '../src/shared/cart.ts';
import { MESSAGES } from '../src/shared/messages.ts';
import { gotoHydrated } from './hydration.ts';
import { formatMoney } from '../src/shared/money.ts';
import {
  FAILED_ADDRESS_CHANGE_PATH,
  FAILED_CANCELLATION_PATH,
  orderPagePath,
  type CardToken,
  type OrderView,
  type PlaceOrderResponse,
} from '../src/shared/order.ts';
import type { ProductDocument } from '../src/shared/product.ts';
import type { WebsiteConfig } from '../src/shared/website-config.ts';
import { demoProducts, pick } from './demo-products.ts';

let products: ProductDocument[] = [];
test.beforeAll(async ({ request }) => {
  products = await demoProducts(request);
});

/** A Colorado address: the demo charges no sales tax there. */
const DENVER: CartAddress = {
  _id: null,
  country: 'US',
  first_name: 'Robin',
  last_name: 'Shopper',
  address1: '1550 Wewatta Street',
  address2: '',
  city: 'Denver',
  region: 'CO',
  postcode: '80202',
  phone: '',
  is_validated: false,
};

/** Places an order for one unit of an in-stock product as the checkout page does: priced, a test card's token, then the order. */
async function placeOrder(request: APIRequestContext): Promise<OrderView> {
  const product = pick(
    products,
    (candidate) => candidate.max_cart_qty === 0 && candidate.skus.some((sku) => sku.qty >= 10),
    'product in stock',
  );
  const sku = product.skus.find((candidate) => candidate.qty >= 10);
  if (!sku) throw new Error('no sku in stock');
  const cart: Cart = {
    ...emptyCart(),
    customer_email: 'robin@example.com',
    shipping_address: DENVER,
    items: [
      {
        line_number: 1,
        sku: sku.sku,
        qty: 1,
        item_price: 0,
        discount_amount: 0,
        dim_style: '',
        dim_name: '',
        dim_size: '',
        dim_category: '',
        url: '',
        image: null,
        maxQty: 30,
      },
    ],
  };
  const priced = (await (await request.post(getCartEndpoint.path, { data: { cart } })).json()) as GetCartResponse;
  const card = await request.post(cardTokenEndpoint.path, {
    data: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' },
  });
  const { token } = ((await card.json()) as { data: CardToken }).data;
  const placed = await request.post(placeOrderEndpoint.path, {
    data: {
      idempotency_key: crypto.randomUUID(),
      cart,
      payment: { token },
      expected_balance_due: priced.updatedCart.totals.balance_due.amount,
    },
  });
  expect(placed.status()).toBe(200);
  return ((await placed.json()) as PlaceOrderResponse).data.order;
}

/** Moves an order forward as the merchant does, through the admin API with the key the shop kept in its data folder. */
async function moveOrder(request: APIRequestContext, order: OrderView, status: string, trackingUrl?: string) {
  const key = readFileSync(path.join(process.env.E2E_DATA_DIR ?? '/tmp/shop-e2e', 'admin-api-key'), 'utf8').trim();
  const moved = await request.post(`/admin-api/orders/${order.id}/status`, {
    headers: { authorization: `Bearer ${key}` },
    data: { status, ...(trackingUrl ? { tracking_url: trackingUrl } : {}) },
  });
  expect(moved.status()).toBe(200);
}

test.describe('an order’s page', () => {
  test('shows the order with its lines, totals, addresses, payment and history @phone', async ({ page, request }) => {
    const order = await placeOrder(request);
    const response = await page.goto(orderPagePath(order.id, order.hash));
    expect(response?.status()).toBe(200);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: MESSAGES.orderNumber(order.number) })).toBeVisible();
    await expect(main.getByRole('link', { name: order.lines[0]?.name })).toBeVisible();
    await expect(main.getByText(MESSAGES.orderStatusNames[order.status], { exact: true }).first()).toBeVisible();
    await expect(
      main
        .getByRole('region', { name: MESSAGES.orderHistory })
        .getByText(MESSAGES.orderStatusNames.placed, { exact: true }),
    ).toBeVisible();
    await expect(main.getByRole('region', { name: MESSAGES.shippingAddress })).toContainText('1550 Wewatta Street');
    await expect(main.getByRole('region', { name: MESSAGES.payment })).toContainText(
      MESSAGES.cardReady('Visa', '4242'),
    );
    await expect(main.getByRole('link', { name: MESSAGES.changeShippingAddress })).toBeVisible();
    await expect(main.getByRole('link', { name: MESSAGES.cancelOrder })).toBeVisible();
  });

  test('says its times in the shopper’s own time zone once started, moving nothing on the page @phone', async ({
    browser,
    request,
  }) => {
    const order = await placeOrder(request);
    const context = await browser.newContext({ timezoneId: 'America/Los_Angeles' });
    const page = await context.newPage();
    await gotoHydrated(page, orderPagePath(order.id, order.hash));
    const pacific = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'America/Los_Angeles',
      timeZoneName: 'short',
    });
    const placedAt = pacific.format(new Date(order.created_at));
    expect(placedAt).toMatch(/ P[SD]T$/);
    const main = page.getByRole('main');
    await expect(main.getByText(MESSAGES.orderPlacedAt(placedAt))).toBeVisible();
    await expect(
      main
        .getByRole('region', { name: MESSAGES.orderHistory })
        .getByText(/\d:\d\d [AP]M P[SD]T$/)
        .first(),
    ).toBeVisible();
    await expect(
      main.getByText(MESSAGES.cancelUntil(pacific.format(new Date(order.cancel_until ?? '')))),
    ).toBeVisible();
    await expect(main.getByText(/ UTC/)).toHaveCount(0);
    // The server's UTC words were replaced in boxes sized for the widest: nothing beside or below a time moved.
    const movedByTimes = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const shifts = list.getEntries() as Array<PerformanceEntry & { sources?: Array<{ node?: Node | null }> }>;
            const times = [...document.querySelectorAll('main time')].map((time) => time.parentElement);
            resolve(
              shifts
                .flatMap((shift) => shift.sources ?? [])
                .filter(({ node }) => times.some((parent) => node && parent?.contains(node))).length,
            );
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(0), 500);
        }),
    );
    expect(movedByTimes).toBe(0);
    await context.close();
  });

  test('a wrong hash is the not-found page with a 404 status', async ({ page, request }) => {
    const order = await placeOrder(request);
    const response = await page.goto(orderPagePath(order.id, `${order.hash.slice(0, -2)}00`));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: MESSAGES.pageNotFoundTitle })).toBeVisible();
  });

  test('changes the shipping address and comes back with the success message', async ({ page, request }) => {
    const order = await placeOrder(request);
    // The app has started, so the address form is drawn by it: what is typed before a page starts has a journey of its own.
    await gotoHydrated(page, orderPagePath(order.id, order.hash));
    await page.getByRole('link', { name: MESSAGES.changeShippingAddress }).click();
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.updateAddressHeading })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByLabel(MESSAGES.firstName)).toHaveValue('Robin');
    await expect(main.getByLabel(MESSAGES.state)).toHaveValue('CO');
    await main.getByLabel(MESSAGES.address1, { exact: true }).fill('');
    await main.getByRole('button', { name: MESSAGES.saveAddress }).click();
    await expect(main.getByLabel(MESSAGES.address1, { exact: true })).toHaveAccessibleDescription(
      MESSAGES.addressRequired,
    );
    await main.getByLabel(MESSAGES.address1, { exact: true }).fill('1701 Wynkoop Street');
    await main.getByRole('button', { name: MESSAGES.saveAddress }).click();
    await expect(page).toHaveURL(new RegExp(`${orderPagePath(order.id, order.hash)}\\?order-address=`));
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.orderAddressSaved })).toBeVisible();
    await expect(page.getByRole('region', { name: MESSAGES.shippingAddress })).toContainText('1701 Wynkoop Street');
    await expect(page.getByRole('region', { name: MESSAGES.orderHistory })).toContainText(MESSAGES.orderAddressChanged);
  });

  test('cancels after a confirm step and shows the cancelled status and the refund', async ({ page, request }) => {
    const order = await placeOrder(request);
    await page.goto(orderPagePath(order.id, order.hash));
    await page.getByRole('link', { name: MESSAGES.cancelOrder }).click();
    await expect(page.getByText(MESSAGES.cancelOrderQuestion)).toBeVisible();
    await page.getByRole('link', { name: MESSAGES.keepOrder }).click();
    await expect(page.getByText(MESSAGES.cancelOrderQuestion)).toBeHidden();
    await page.getByRole('link', { name: MESSAGES.cancelOrder }).click();
    await page.getByRole('button', { name: MESSAGES.confirmCancelOrder }).click();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.orderCancelledNotice })).toBeVisible();
    const status = page.getByRole('region', { name: MESSAGES.orderStatus });
    await expect(status).toContainText(MESSAGES.orderStatusNames.cancelled);
    await expect(status.getByRole('link', { name: MESSAGES.cancelOrder })).toHaveCount(0);
    await expect(page.getByRole('region', { name: MESSAGES.orderHistory })).toContainText(
      MESSAGES.orderCardRefunded(formatMoney(order.totals.card)),
    );
    await expect(page.getByRole('region', { name: MESSAGES.orderSummary })).toContainText(MESSAGES.refunded);
  });

  test('cancels before the app has started its code', async ({ browser, request }) => {
    const order = await placeOrder(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(orderPagePath(order.id, order.hash));
    await page.getByRole('link', { name: MESSAGES.cancelOrder }).click();
    await page.getByRole('button', { name: MESSAGES.confirmCancelOrder }).click();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.orderCancelledNotice })).toBeVisible();
    await expect(page.getByRole('region', { name: MESSAGES.orderStatus })).toContainText(
      MESSAGES.orderStatusNames.cancelled,
    );
    await context.close();
  });

  test('once shipped: the tracking link, no changes offered, and a late cancellation goes to the page that says why', async ({
    page,
    request,
  }) => {
    const order = await placeOrder(request);
    await page.goto(orderPagePath(order.id, order.hash));
    await page.getByRole('link', { name: MESSAGES.cancelOrder }).click();
    await moveOrder(request, order, 'shipped', 'https://carrier.example/track/1Z999');
    await page.getByRole('button', { name: MESSAGES.confirmCancelOrder }).click();
    await expect(page).toHaveURL(FAILED_CANCELLATION_PATH);
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.failedCancellationHeading })).toBeVisible();

    await page.goto(orderPagePath(order.id, order.hash));
    const status = page.getByRole('region', { name: MESSAGES.orderStatus });
    await expect(status).toContainText(MESSAGES.orderStatusNames.shipped);
    await expect(status.getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('link', { name: MESSAGES.trackPackage })).toHaveAttribute(
      'href',
      'https://carrier.example/track/1Z999',
    );
    await page.goto(`${orderPagePath(order.id, order.hash)}/update-address`);
    await expect(page).toHaveURL(FAILED_ADDRESS_CHANGE_PATH);
  });
});

test.describe('the order failure pages', () => {
  for (const [path, heading, reason] of [
    [FAILED_CANCELLATION_PATH, MESSAGES.failedCancellationHeading, MESSAGES.failedCancellationText],
    [FAILED_ADDRESS_CHANGE_PATH, MESSAGES.failedAddressChangeHeading, MESSAGES.failedAddressChangeText],
  ] as const) {
    test(`${path} says why and how to reach support, before the app has started @phone`, async ({
      browser,
      request,
    }) => {
      const config = ((await (await request.get('/api/website-config')).json()) as { data: WebsiteConfig }).data;
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(reason)).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: config.support_email })).toHaveAttribute(
        'href',
        `mailto:${config.support_email}`,
      );
      await expect(main.getByRole('link', { name: config.support_display_phone })).toHaveAttribute(
        'href',
        `tel:${config.support_phone}`,
      );
      await expect(main.getByRole('link', { name: MESSAGES.findAnotherOrder })).toHaveAttribute('href', '/order');
      await expect(main.getByRole('link', { name: MESSAGES.continueShopping })).toHaveAttribute('href', '/shop');
      await context.close();
    });
  }
});

test.describe('the order lookup', () => {
  test('answers the same for a made-up order as for a real one', async ({ page, request }) => {
    const order = await placeOrder(request);
    for (const { number, email } of [
      { number: '999999', email: 'nobody@example.com' },
      { number: String(order.number), email: order.email },
    ]) {
      await page.goto('/order');
      const main = page.getByRole('main');
      await main.getByLabel(MESSAGES.orderNumberLabel).fill(number);
      await main.getByLabel(MESSAGES.emailAddress).fill(email);
      await main.getByRole('button', { name: MESSAGES.findOrder }).click();
      await expect(main.getByRole('status')).toHaveText(MESSAGES.orderLookupSent);
    }
  });

  test('checks the number and the e-mail with the shared messages', async ({ page }) => {
    await page.goto('/order');
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.orderLookupHeading })).toBeVisible();
    const main = page.getByRole('main');
    await main.getByLabel(MESSAGES.emailAddress).fill('shopper');
    await main.getByRole('button', { name: MESSAGES.findOrder }).click();
    await expect(main.getByLabel(MESSAGES.orderNumberLabel)).toHaveAccessibleDescription(MESSAGES.valueRequired);
    await expect(main.getByLabel(MESSAGES.emailAddress)).toHaveAccessibleDescription(MESSAGES.invalidEmail);
    await expect(main.getByLabel(MESSAGES.orderNumberLabel)).toBeFocused();
  });
});

test.describe('the product page', () => {
  test('says a final-sale product cannot be returned, and says nothing on the others', async ({ page }) => {
    const finalSale = pick(products, (product) => product.final_sale, 'final-sale product');
    await page.goto(finalSale.url);
    await expect(page.getByRole('heading', { level: 1, name: finalSale.name })).toBeVisible();
    await expect(page.getByText(MESSAGES.finalSaleProduct)).toBeVisible();
    // The shop's returns note would contradict it, so it is left out.
    await expect(page.getByRole('heading', { level: 2, name: MESSAGES.returns })).toHaveCount(0);

    const returnable = pick(products, (product) => !product.final_sale, 'returnable product');
    await page.goto(returnable.url);
    await expect(page.getByRole('heading', { level: 1, name: returnable.name })).toBeVisible();
    await expect(page.getByText(MESSAGES.finalSaleProduct)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: MESSAGES.returns })).toBeVisible();
  });
});
