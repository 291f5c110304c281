import { expect, test, type Page } from '@playwright/test';
import { lineName } from '../src/shared/cart.ts';
import { MESSAGES } from '../src/shared/messages.ts';
import { formatMoney } from '../src/shared/money.ts';
import { displaySize, type ProductDocument, type Sku } from '../src/shared/product.ts';
import { expectAllowedByPolicy } from './csp.ts';
import { demoProducts, pick } from './demo-products.ts';
import { expectFocusInDialog } from './dialogs.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A size's radio: its name is the size as shown, then 'only N left' or 'Sold Out' when either applies. */
const sizeRadio = (page: Page, sku: Pick<Sku, 'size' | 'style_id'>) =>
  page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(displaySize(sku))}( |$)`) });

/**
 * Chooses a size as a shopper taps it: a tap before the page's code has started is held and replayed once it
 * has, so the radio is checked a moment later rather than at once (which Playwright's check() demands).
 */
async function chooseSize(page: Page, sku: Pick<Sku, 'size' | 'style_id'>) {
  const radio = sizeRadio(page, sku);
  await radio.click();
  await expect(radio).toBeChecked();
}

let products: ProductDocument[] = [];
test.beforeAll(async ({ request }) => {
  products = await demoProducts(request);
});

const inStock = () =>
  pick(
    products,
    (product) => product.skus.length > 1 && product.skus.some((sku) => sku.qty >= 10) && product.max_cart_qty === 0,
    'product in stock',
  );

test.describe('the product page', () => {
  test('is rendered on the server: name, price, sizes, canonical link and Product JSON-LD its policy allows', async ({
    browser,
  }) => {
    const product = inStock();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(product.url);
    expect(response?.status()).toBe(200);

    await expect(page).toHaveTitle(new RegExp(`^${product.name} \\| ACME`));
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByText(formatMoney(product.sale_price ?? product.price))
        .first(),
    ).toBeVisible();
    for (const sku of product.skus) await expect(sizeRadio(page, sku)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Add to Bag' })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${product.url}$`));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/images\/.+\?w=1242$/);

    // The Product, then the BreadcrumbList (see 'leads back to the shop pages of its category').
    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(2);
    await expectAllowedByPolicy(scripts, response?.headers()['content-security-policy'] ?? '');
    const script = scripts.first();
    const jsonLd = JSON.parse((await script.textContent()) ?? '{}') as Record<string, unknown>;
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: product.name,
      sku: product.style_id,
      offers: {
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: expect.stringMatching(new RegExp(`${product.url}$`)),
      },
    });
    await context.close();
  });

  test('leads back to the shop pages of its category, with BreadcrumbList JSON-LD, and tells how it is delivered and returned', async ({
    browser,
  }) => {
    const product = pick(
      products,
      (candidate) =>
        candidate.facets.division?.[0] === 'Men' &&
        (candidate.facets.category ?? []).includes('Underwear > Boxer Briefs'),
      "men's boxer brief",
    );
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(product.url);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    const trail = [
      ['Home', '/'],
      ['Men', '/shop/men'],
      ['Underwear', '/shop/men/underwear'],
      ['Boxer Briefs', '/shop/men/boxer-briefs'],
    ] as const;
    await expect(breadcrumb.getByRole('link')).toHaveText(trail.map(([name]) => name));
    for (const [name, path] of trail)
      await expect(breadcrumb.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);

    const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
    const list = scripts
      .map((text) => JSON.parse(text) as { '@type': string; itemListElement?: Array<{ name: string; item: string }> })
      .find((data) => data['@type'] === 'BreadcrumbList');
    expect(list?.itemListElement?.map((item) => item.name)).toEqual([...trail.map(([name]) => name), product.name]);
    expect(list?.itemListElement?.at(-1)?.item).toMatch(new RegExp(`^https?://[^/]+${escapeRegExp(product.url)}$`));

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'Delivery' })).toBeVisible();
    await expect(main.getByText(/^Free US shipping on orders over \$50\./)).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: 'Returns' })).toBeVisible();
    await expect(main.getByText(/^Write to us within 30 days of delivery to return or exchange/)).toBeVisible();

    await breadcrumb.getByRole('link', { name: 'Boxer Briefs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: "Men's Boxer Briefs" })).toBeVisible();
    await context.close();
  });

  test('suggests products like it below, never itself, its lengths or its colourways @phone', async ({ page }) => {
    const product = pick(
      products,
      (candidate) => candidate.swatch_products.length > 1 && candidate.is_in_stock,
      'product with colourways',
    );
    await page.goto(product.url);
    const strip = page.getByRole('region', { name: 'You May Also Like' });
    await expect(strip).toBeAttached();
    const links = strip.getByRole('link');
    await expect(links.first()).toBeAttached();
    const own = new Set([
      product._id,
      ...product.swatch_products.map((swatch) => swatch._id),
      ...product.variants.map((variant) => variant._id),
    ]);
    const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(own.has(href.split('/')[2] ?? '')).toBe(false);

    await strip.scrollIntoViewIfNeeded();
    await links.first().click();
    await expect(page).toHaveURL((url) => url.pathname === hrefs[0]);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(product.name);
  });

  test('fetches the strip’s pictures as the shopper comes near it, not with the product’s own @phone', async ({
    page,
  }) => {
    const product = inStock();
    // Lighthouse's phone: the strip starts more than a screen below the fold.
    await page.setViewportSize({ width: 412, height: 823 });
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') fetched.push(new URL(request.url()).pathname);
    });
    await page.goto(product.url);
    await page.waitForLoadState('networkidle');
    const strip = page.getByRole('region', { name: 'You May Also Like' });
    // Until then a card's picture is only for a browser without scripts, in noscript.
    const stripPictures = await strip
      .locator('a')
      .evaluateAll((links) =>
        links.map(
          (link) =>
            new URL(/src="([^"?]+)/.exec(link.querySelector('noscript')?.textContent ?? '')?.[1] ?? '-', location.href)
              .pathname,
        ),
      );
    expect(stripPictures.length).toBeGreaterThan(0);
    expect(fetched.filter((picture) => stripPictures.includes(picture))).toEqual([]);

    await strip.scrollIntoViewIfNeeded();
    await expect.poll(() => fetched.some((picture) => stripPictures.includes(picture))).toBe(true);
    await expect(strip.getByRole('link').first()).toBeVisible();
  });

  test('sends a wrong slug to the canonical address', async ({ page }) => {
    const product = inStock();
    const response = await page.goto(`/s/${product._id}/not-its-name`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL((url) => url.pathname === product.url);
  });

  test('an unknown product is the not-found page with a 404 status', async ({ page }) => {
    const response = await page.goto('/s/99999999/no-such-product');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(/^Page Not Found \| /);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test('shows size M as CL on the UPMH styles, with the stock of each size', async ({ page }) => {
    const product = pick(products, (candidate) => candidate.style_id === 'UPMH1001', 'UPMH1001 style');
    await page.goto(product.url);
    await expect(page.getByRole('radio', { name: /^CL( |$)/ })).toHaveCount(1);
    await expect(page.getByRole('radio', { name: /^M( |$)/ })).toHaveCount(0);
    for (const sku of product.skus) {
      const radio = sizeRadio(page, sku);
      if (sku.qty === 0) await expect(radio).toBeDisabled();
      else await expect(radio).toBeEnabled();
      if (sku.qty > 0 && sku.qty < 10) await expect(radio).toHaveAccessibleName(new RegExp(`only ${sku.qty} left`));
    }
  });

  test('@phone a chosen size goes into the bag with the confirmation', async ({ page }) => {
    const product = inStock();
    const sku = product.skus.find((candidate) => candidate.qty >= 10);
    if (!sku) throw new Error('no sku in stock');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(product.url);

    await page.getByRole('button', { name: 'Add to Bag' }).click();
    await expect(page.getByText('Select a Size')).toBeVisible();
    await chooseSize(page, sku);
    await page.getByRole('button', { name: 'Add to Bag' }).click();
    await expect(page.getByText('Item successfully added to cart')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bag, 1 item' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a press made before the page has started its code is answered once it has', async ({ page }) => {
    const product = inStock();
    // A slow network: the app's code arrives well after the page has painted and been pressed.
    let codeRequested = false;
    await page.route('**/assets/*.js', async (route) => {
      codeRequested = true;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(product.url, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Add to Bag' }).click();
    await expect(page.getByText('Select a Size')).toBeVisible({ timeout: 10_000 });
    expect(codeRequested).toBe(true);
  });

  test('says when the bag already holds the most of a size there is', async ({ page }) => {
    const product = pick(
      products,
      (candidate) => candidate.max_cart_qty === 0 && candidate.skus.some((sku) => sku.qty >= 2 && sku.qty <= 3),
      'size with two or three left',
    );
    const sku = product.skus.find((candidate) => candidate.qty >= 2 && candidate.qty <= 3);
    if (!sku) throw new Error('no low-stock sku');
    await page.goto(product.url);
    await chooseSize(page, sku);
    const quantity = page.getByRole('combobox', { name: 'Quantity' });
    await expect(quantity.locator('option')).toHaveCount(sku.qty);
    await quantity.selectOption(String(sku.qty));
    await page.getByRole('button', { name: 'Add to Bag' }).click();
    await expect(page.getByRole('button', { name: `Bag, ${sku.qty} items` })).toBeVisible();

    await page.getByRole('button', { name: 'Add to Bag' }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText: MESSAGES.cartMaximum(`${lineName(product.name, product.variant_name)} ${displaySize(sku)}`),
      }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: `Bag, ${sku.qty} items` })).toBeVisible();
  });

  test('switches length through its own page, waiting for nothing it already has', async ({ page }) => {
    const product = pick(
      products,
      (candidate) =>
        candidate.is_in_stock &&
        candidate.variants.some((variant) => variant._id !== candidate._id && variant.is_in_stock),
      'product with two lengths in stock',
    );
    const other = product.variants.find((variant) => variant._id !== product._id && variant.is_in_stock);
    if (!other) throw new Error('no other length');
    await page.goto(product.url);
    const lengths = page.getByRole('navigation', { name: 'Length' });
    await expect(lengths.locator('[aria-current="page"]')).toHaveText(product.variant_name ?? '');
    await lengths.getByRole('link', { name: other.variant_name }).click();
    await expect(page).toHaveURL((url) => url.pathname === other.url);
    await expect(lengths.locator('[aria-current="page"]')).toHaveText(other.variant_name);
    await expect(page).toHaveTitle(new RegExp(`^${product.name} \\| ACME`));
  });

  test('renders a product a tile hands over at once, before its own data arrives', async ({ page }) => {
    await page.goto('/');
    // The tile's name links to the product page like its image, without the quick-add panel over it.
    const tileLink = page.getByRole('main').getByRole('heading', { level: 3 }).getByRole('link').first();
    const href = (await tileLink.getAttribute('href')) ?? '';
    const product = (
      (await (await page.request.get(`/api/products/${href.split('/')[2]}`)).json()) as { data: ProductDocument }
    ).data;

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Holds back the product route's own data request; the layout's loaders go through.
    const productData = (url: URL) => url.pathname.endsWith('.data') && url.searchParams.get('_routes') === 'product';
    await page.route(productData, async (route) => {
      await held;
      await route.continue();
    });
    await tileLink.click();
    await expect(page).toHaveURL((url) => url.pathname === href);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    release();
    await expect(page).toHaveTitle(new RegExp(`^${product.name} \\| ACME`));
  });

  test('opens the size guide drawer from the Size Guide button', async ({ page }) => {
    const product = pick(
      products,
      (candidate) => candidate.size_chart_name === 'boxer-briefs' && candidate.is_in_stock,
      'boxer brief',
    );
    await page.goto(product.url);
    await page.getByRole('button', { name: 'Size Guide' }).click();
    await expect(page).toHaveURL(/#size-guide:boxer-briefs$/);
    const drawer = page.getByRole('dialog', { name: 'Boxer Briefs' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('columnheader', { name: 'Waist (in)' })).toBeVisible();
    await expect(drawer.getByRole('img').first()).toBeVisible();
    await expectFocusInDialog(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Size Guide' })).toBeFocused();
  });

  test('shows No Size Guide for a guide that does not exist', async ({ page }) => {
    const product = inStock();
    await page.goto(`${product.url}#size-guide:no-such-guide`);
    const drawer = page.getByRole('dialog', { name: 'Size Guide' });
    await expect(drawer.getByText('No Size Guide')).toBeVisible();
  });
});

test.describe('the size guides', () => {
  test('lists every guide and opens one with its diagrams and table', async ({ page }) => {
    await page.goto('/size-guides');
    await expect(page).toHaveTitle(/^Size Guides \| ACME/);
    await expect(page.getByRole('heading', { level: 2, name: 'Underwear' })).toBeVisible();
    await page.getByRole('link', { name: 'Boxer Briefs' }).click();
    await expect(page).toHaveURL(/\/size-guides\/boxer-briefs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Boxer Briefs' })).toBeVisible();
    await expect(page).toHaveTitle(/^Boxer Briefs Size Guide \| ACME/);
    await expect(page.getByRole('columnheader', { name: 'Waist (in)' })).toBeVisible();
    const diagram = page.getByRole('main').getByRole('img').first();
    await expect(diagram).toBeVisible();
    // Measured while the page may still be sliding in: a fractional offset can add a float's last digits.
    expect(Math.round((await diagram.boundingBox())?.width ?? Infinity)).toBeLessThanOrEqual(400);
  });

  test('/nil/size-guide shows the list too', async ({ page }) => {
    await page.goto('/nil/size-guide');
    await expect(page.getByRole('link', { name: 'Boxer Briefs' })).toBeVisible();
  });

  test('an unknown guide is the not-found page with a 404 status', async ({ page }) => {
    const response = await page.goto('/size-guides/no-such-guide');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });
});
