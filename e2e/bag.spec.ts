import { expect, test, type Locator, type Page } from '@playwright/test';
import { getCartEndpoint } from '../src/shared/api/bag.ts';
import { emptyCart, lineName, type CartItem } from '../src/shared/cart.ts';
import { MESSAGES } from '../src/shared/messages.ts';
import { formatMoney } from '../src/shared/money.ts';
import { displaySize, sellingPrice, type ProductDocument, type Sku } from '../src/shared/product.ts';
import { staleLine, withBag } from './bag-fixtures.ts';
import { demoProducts, pick } from './demo-products.ts';
import { expectFocusInDialog } from './dialogs.ts';
import { gotoHydrated } from './hydration.ts';
import { stopTheClock } from './page-clock.ts';

let products: ProductDocument[] = [];
test.beforeAll(async ({ request }) => {
  products = await demoProducts(request);
});

/** A line's name and size, as the bag's controls name the line. */
const lineLabel = (product: ProductDocument, sku: Sku) =>
  `${lineName(product.name, product.variant_name)} ${displaySize(sku)}`;

/** A product under $50 a unit with a size of at least 10 in stock and no per-bag limit of its own. */
function stocked(): { product: ProductDocument; sku: Sku } {
  const product = pick(
    products,
    (candidate) =>
      candidate.max_cart_qty === 0 && sellingPrice(candidate) < 40 && candidate.skus.some((sku) => sku.qty >= 10),
    'product in stock under $40',
  );
  const sku = product.skus.find((candidate) => candidate.qty >= 10);
  if (!sku) throw new Error('no sku in stock');
  return { product, sku };
}

const bagDialog = (page: Page) => page.getByRole('dialog', { name: /^Your Bag/ });
/** A row of the bag's totals by its label. */
const totalsRow = (page: Page, label: string) =>
  bagDialog(page)
    .locator('dl > div')
    .filter({ has: page.locator('dt').getByText(label, { exact: true }) });
const totalRow = (page: Page) => totalsRow(page, MESSAGES.total);

test.describe('the bag drawer', () => {
  test('opening #bag refreshes the bag from the server: today’s name and price, totals and shipping', async ({
    page,
  }) => {
    const { product, sku } = stocked();
    await withBag(page, [staleLine(sku)]);
    const refreshed = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes(getCartEndpoint.path),
    );
    await page.getByRole('button', { name: /^Bag/ }).click();
    await refreshed;

    const bag = bagDialog(page);
    await expect(bag.getByRole('link', { name: product.name })).toBeVisible();
    await expect(bag.getByText('Stale name')).toHaveCount(0);
    await expect(bag.getByText(`${MESSAGES.size} ${displaySize(sku)}`)).toBeVisible();
    await expect(totalRow(page)).toContainText(formatMoney(sellingPrice(product) + 5.95));
    await expect(bag.getByText(/away from free shipping/)).toBeVisible();
    // The refreshed bag is what local storage keeps.
    const stored = await page.evaluate(
      () => JSON.parse(window.localStorage.getItem('acme-cart') ?? '{}') as { items: CartItem[] },
    );
    expect(stored.items[0]).toMatchObject({
      dim_name: lineName(product.name, product.variant_name),
      item_price: sellingPrice(product),
    });
  });

  test('opens by its address on a bag the shop has priced: nothing moves when the server’s answer comes, nothing kept for first use loads @phone', async ({
    page,
  }) => {
    const { sku } = stocked();
    // The bag as the shop keeps it: priced by the server when its line was added.
    const answer = await page.request.post(getCartEndpoint.path, {
      data: { cart: { ...emptyCart(), items: [staleLine(sku)] } },
    });
    const { updatedCart } = (await answer.json()) as { updatedCart: unknown };
    await page.goto('/about');
    await page.evaluate((cart) => window.localStorage.setItem('acme-cart', JSON.stringify(cart)), updatedCart);
    await page.addInitScript(() => {
      const shifted: string[] = [];
      Object.assign(window, { shiftedInBag: shifted });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node: Node | null }> }
        >) {
          if (entry.hadRecentInput) continue;
          for (const source of entry.sources) {
            if (source.node instanceof Element && source.node.closest('[role="dialog"]'))
              shifted.push(`${source.node.nodeName} ${entry.value}`);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const priced = page.waitForResponse((response) => response.url().includes(getCartEndpoint.path));
    // The drawer's move of the focus is not the shopper's first touch: what waits for that (the menu's tree) waits on.
    const firstUseAsks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/website-config')) firstUseAsks.push(request.url());
    });
    await page.goto('about:blank');
    await page.goto('/about#bag');
    await priced;
    const bag = bagDialog(page);
    await expect(bag.getByRole('link', { name: MESSAGES.checkout })).toBeVisible();
    await expect(bag.getByLabel(MESSAGES.promoCode)).toBeVisible();
    await expect(bag.getByText(/away from free shipping/)).toBeVisible();
    expect(await page.evaluate(() => (window as Window & { shiftedInBag?: string[] }).shiftedInBag)).toEqual([]);
    expect(firstUseAsks).toEqual([]);
  });

  test('a promo code is refused with its reason, applied with the spec’s message, and removed', async ({ page }) => {
    const { product, sku } = stocked();
    await withBag(page, [staleLine(sku)], '/about#bag');
    const bag = bagDialog(page);
    const code = bag.getByRole('textbox', { name: MESSAGES.promoCode });
    await code.fill('nope');
    await bag.getByRole('button', { name: MESSAGES.applyPromo }).click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.promoInvalid('NOPE') })).toBeVisible();
    await expect(code).toHaveValue('nope');

    await code.fill('welcome10');
    await bag.getByRole('button', { name: MESSAGES.applyPromo }).click();
    await expect(page.getByText(MESSAGES.promoSuccess)).toBeVisible();
    await expect(bag.getByText(MESSAGES.promoApplied('WELCOME10'))).toBeVisible();
    const discount = Math.round(sellingPrice(product) * 10) / 100;
    await expect(totalsRow(page, MESSAGES.discount)).toContainText(formatMoney(discount));

    await bag.getByRole('button', { name: MESSAGES.removePromo('WELCOME10') }).click();
    await expect(bag.getByRole('textbox', { name: MESSAGES.promoCode })).toBeVisible();
    await expect(totalsRow(page, MESSAGES.discount)).toHaveCount(0);
  });

  test('a change of quantity is priced again by the server @phone', async ({ page }) => {
    const { product, sku } = stocked();
    await withBag(page, [staleLine(sku)], '/about#bag');
    await expect(totalRow(page)).toContainText(formatMoney(sellingPrice(product) + 5.95));
    const repriced = page.waitForResponse((response) => response.url().includes(getCartEndpoint.path));
    await bagDialog(page)
      .getByRole('combobox', { name: MESSAGES.quantityOf(lineLabel(product, sku)) })
      .selectOption('2');
    await repriced;
    const twice = sellingPrice(product) * 2;
    await expect(totalRow(page)).toContainText(formatMoney(twice >= 50 ? twice : twice + 5.95));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Bag, 2 items' })).toBeVisible();
  });

  test('a slow reply never undoes a change made while it was on its way', async ({ page }) => {
    const { product, sku } = stocked();
    await withBag(page, [staleLine(sku)]);
    let calls = 0;
    let replies = 0;
    await page.route(`**${getCartEndpoint.path}*`, async (route) => {
      calls++;
      if (calls === 1) await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    page.on('response', (response) => {
      if (response.url().includes(getCartEndpoint.path)) replies++;
    });
    await page.getByRole('button', { name: /^Bag/ }).click();
    const quantity = bagDialog(page).getByRole('combobox', { name: /^Quantity of / });
    await quantity.selectOption('3');
    // The first, slow reply arrives last: it was priced for a quantity of 1.
    await expect.poll(() => replies).toBe(2);
    await expect(bagDialog(page).getByRole('link', { name: product.name })).toBeVisible();
    await expect(quantity).toHaveValue('3');
    await expect(totalRow(page)).toContainText(
      formatMoney(sellingPrice(product) * 3 >= 50 ? sellingPrice(product) * 3 : sellingPrice(product) * 3 + 5.95),
    );
  });

  test('a sold-out line holds checkout back until it is removed', async ({ page }) => {
    const { sku } = stocked();
    const soldOutProduct = pick(products, (candidate) => candidate.skus.some((s) => s.qty === 0), 'sold-out size');
    const soldOut = soldOutProduct.skus.find((s) => s.qty === 0);
    if (!soldOut) throw new Error('no sold-out sku');
    await withBag(page, [staleLine(sku, 1), staleLine(soldOut, 2)], '/about#bag');
    const bag = bagDialog(page);
    await expect(bag.getByText(MESSAGES.checkoutNeedsStock)).toBeVisible();
    await expect(bag.getByRole('button', { name: MESSAGES.checkout })).toBeDisabled();
    await expect(bag.getByText(MESSAGES.soldOut)).toBeVisible();

    await bag.getByRole('button', { name: MESSAGES.removeLine(lineLabel(soldOutProduct, soldOut)) }).click();
    await expect(bag.getByRole('link', { name: MESSAGES.checkout })).toBeVisible();
    await expect(bag.getByText(MESSAGES.checkoutNeedsStock)).toHaveCount(0);
  });

  test('a bag link adds its items and promo once, then leaves the address', async ({ page }) => {
    const { product, sku } = stocked();
    await page.goto(`/news?utm_source=mail&add=${sku.sku}:2&promo=welcome10`);
    const bag = bagDialog(page);
    await expect(bag.getByRole('link', { name: product.name })).toBeVisible();
    await expect(bag.getByRole('combobox', { name: MESSAGES.quantityOf(lineLabel(product, sku)) })).toHaveValue('2');
    await expect(bag.getByText(MESSAGES.promoApplied('WELCOME10'))).toBeVisible();
    await expect(page).toHaveURL((url) => url.search === '?utm_source=mail' && url.hash === '#bag');
    await page.reload();
    await expect(
      bagDialog(page).getByRole('combobox', { name: MESSAGES.quantityOf(lineLabel(product, sku)) }),
    ).toHaveValue('2');
  });

  test('a failed refresh says so and keeps every line', async ({ page }) => {
    const { sku } = stocked();
    await withBag(page, [staleLine(sku)]);
    await page.route(`**${getCartEndpoint.path}*`, (route) => route.fulfill({ status: 502, body: '' }));
    await page.getByRole('button', { name: /^Bag/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.cartLoadFailure })).toBeVisible();
    await expect(bagDialog(page).getByRole('link', { name: 'Stale name' })).toBeVisible();
  });

  test('sends one cart view event a session, when the bag is seen holding items', async ({ page }) => {
    const { sku } = stocked();
    await withBag(page, [staleLine(sku)]);
    const cartViews = () =>
      page.evaluate(
        () => (window.dataLayer ?? []).filter((entry) => 'event' in entry && entry.event === 'view_cart').length,
      );
    const bagButton = page.getByRole('button', { name: /^Bag/ });
    await bagButton.click();
    await expect(bagDialog(page)).toBeVisible();
    await expect.poll(cartViews).toBe(1);
    await expectFocusInDialog(page);
    await page.keyboard.press('Escape');
    await bagButton.click();
    await expect(bagDialog(page)).toBeVisible();
    await page.waitForTimeout(300);
    expect(await cartViews()).toBe(1);
  });
});

/** Whether two elements on screen share any area. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [first, second] = [await a.boundingBox(), await b.boundingBox()];
  if (!first || !second) throw new Error('an element to compare is not on screen');
  return (
    first.x < second.x + second.width &&
    second.x < first.x + first.width &&
    first.y < second.y + second.height &&
    second.y < first.y + first.height
  );
}

/** The names of the controls on screen (fields, buttons, radios) that a toast lies over. */
async function controlsUnder(toast: Locator): Promise<string[]> {
  return toast.evaluate((text) => {
    // The whole toast, its border and close button included, not only its text.
    const element = text.closest('[role="status"], [role="alert"]') ?? text;
    const box = element.getBoundingClientRect();
    const controls = document.querySelectorAll<HTMLElement>(
      'input:not([type="hidden"]), select, textarea, button, [role="radio"], [role="combobox"]',
    );
    return [...controls]
      .filter((control) => !element.contains(control))
      .filter((control) => control.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
      .filter((control) => {
        const other = control.getBoundingClientRect();
        if (other.height === 0 || other.bottom <= 0 || other.top >= window.innerHeight) return false;
        return box.left < other.right && other.left < box.right && box.top < other.bottom && other.top < box.bottom;
      })
      .map((control) => control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName);
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

test.describe('messages around the bag', () => {
  test('a refused promo code is told at its field until the code changes, and a success leaves no refusal @phone', async ({
    page,
  }) => {
    const { sku } = stocked();
    await withBag(page, [staleLine(sku)], '/about#bag');
    const bag = bagDialog(page);
    const code = bag.getByRole('textbox', { name: MESSAGES.promoCode });
    const apply = bag.getByRole('button', { name: MESSAGES.applyPromo });
    await code.fill('nope');
    await apply.click();
    await expect(code).toHaveAccessibleDescription(MESSAGES.promoInvalid('NOPE'));
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(MESSAGES.promoInvalid('NOPE'))).toHaveCount(1);

    await code.fill('welcome1');
    await expect(code).not.toHaveAttribute('aria-invalid');
    await expect(page.getByText(MESSAGES.promoInvalid('NOPE'))).toHaveCount(0);

    await code.fill('nope');
    await apply.click();
    await expect(code).toHaveAccessibleDescription(MESSAGES.promoInvalid('NOPE'));
    await code.fill('welcome10');
    await apply.click();
    const success = page.getByText(MESSAGES.promoSuccess);
    await expect(success).toBeVisible();
    await expect(page.getByText(MESSAGES.promoInvalid('NOPE'))).toHaveCount(0);
    // The message lies over neither the drawer's title nor its close button.
    expect(await overlap(success, bag.getByRole('heading', { name: /^Your Bag/ }))).toBe(false);
    expect(await overlap(success, bag.getByRole('button', { name: MESSAGES.close }))).toBe(false);
  });

  test('an add shows the added confirmation under the bag icon for 3 seconds, clear of the icon and its count @phone', async ({
    page,
  }) => {
    test.slow();
    const { product, sku } = stocked();
    await page.clock.install();
    await gotoHydrated(page, product.url);
    const bagButton = page.getByRole('button', { name: 'Bag, 1 item' });
    await page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(displaySize(sku))}( |$)`) }).check();
    const clock = await stopTheClock(page);
    await page.getByRole('button', { name: MESSAGES.addToBag }).click();
    const confirmation = page.getByRole('region', { name: MESSAGES.bagAdded });
    await clock.see(() => expect(confirmation).toBeVisible({ timeout: 1_000 }));
    const shownAfter = clock.spent;
    await expect(bagButton).toBeVisible();
    await expect(confirmation.getByText(lineName(product.name, product.variant_name), { exact: true })).toBeVisible();
    const toast = page.getByText(MESSAGES.itemAdded);
    // The toasts' code arrives with the first message and React reveals it on a timer: the clock moves for it.
    await clock.see(() => expect(toast).toBeVisible({ timeout: 1_000 }));
    expect(await overlap(confirmation, bagButton)).toBe(false);
    expect(await overlap(toast, bagButton)).toBe(false);
    // Nor does the toast lie over any control on screen: Add to bag, the sizes, the confirmation's links.
    await clock.see(async () => expect(await controlsUnder(toast)).toEqual([]));
    // The confirmation stays 3 s of the page's time, and not longer.
    await page.clock.runFor(2_900 - (clock.spent - shownAfter));
    await expect(confirmation).toBeVisible();
    await page.clock.runFor(200);
    await expect(confirmation).toBeHidden();
    await page.clock.resume();

    await page.getByRole('button', { name: MESSAGES.addToBag }).click();
    await confirmation.getByRole('button', { name: MESSAGES.viewBag }).click();
    await expect(bagDialog(page)).toBeVisible();
    await expect(confirmation).toBeHidden();
  });
});
