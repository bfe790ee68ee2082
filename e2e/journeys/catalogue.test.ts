import type { Browser } from 'playwright-core';
import type { Product, ProductFilterResult } from '@shop/api-types';
import { eventually, launchBrowser, openJourney, withScreenshotOnFailure } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ slot: 0 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

it('home → brand filter → product page → cart stepper up to the maximum → wishlist → reload keeps both', async () => {
  const { page, errors } = await openJourney(browser);
  const cartCount = () => page.getByTestId('cart-count').innerText();
  const wishlistCount = () => page.getByTestId('wishlist-count').innerText();

  await withScreenshotOnFailure(page, 'catalogue-journey', async () => {
    await page.goto(`${shop.url}/`);
    await page.getByRole('heading', { name: 'Best Selling Products' }).waitFor();
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByTestId('product-card').first().innerText()).toMatch(/KSh \d{1,3}(,\d{3})*\.\d{2}/);
    expect(await page.title()).toBe('Shwari Shop');

    // Filter by brand from the home page.
    await page
      .getByRole('region', { name: 'Filter by Brand' })
      .getByRole('link', { name: /Shamba Bora/ })
      .click();
    await page.waitForURL(/\/shop\/shamba-bora$/);
    await page.getByRole('heading', { name: 'Shamba Bora Products' }).waitFor();
    const brand = (await (await page.request.get(`${shop.url}/api/site/products/filter/shamba-bora`)).json()) as ProductFilterResult;
    const count = brand.products.length;
    await page.getByText(`Showing 1-${count} of ${count} results`).waitFor();
    expect(await page.getByTestId('product-card').count()).toBe(count);

    // Open the product with the smallest maximum.
    const product: Product = [...brand.products].sort((a, b) => a.limit.maximum_quantity - b.limit.maximum_quantity)[0]!;
    const max = product.limit.maximum_quantity;
    await page.getByRole('link', { name: product.name, exact: true }).click();
    await page.waitForURL(new RegExp(`/product/${product.slug}$`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('heading', { name: 'Product Description' }).waitFor();
    await eventually(
      () => page.title(),
      (title) => title === `${product.name} | Shwari Shop`,
    );

    // Add to cart: the header count follows, the button becomes a stepper that stops at the maximum.
    expect(await cartCount()).toBe('0');
    await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
    await page.getByText(`${product.name} added to cart`).waitFor();
    await eventually(cartCount, (value) => value === '1');
    const plus = page.getByRole('button', { name: `Add one more ${product.name}` });
    for (let i = 1; i <= max; i += 1) await plus.click();
    await page.getByText('You have reached the maximum you can add to cart for this product').first().waitFor();
    await eventually(cartCount, (value) => value === String(max));
    expect(await page.getByTestId('quantity').inputValue()).toBe(String(max));

    // Wishlist.
    await page.getByRole('button', { name: `Add ${product.name} to wishlist` }).click();
    await page.getByText(`${product.name} added to wishlist`).waitFor();
    await eventually(wishlistCount, (value) => value === '1');
    await page.getByRole('link', { name: /Wishlist, 1 items/ }).click();
    await page.getByRole('heading', { name: 'My Wishlist' }).waitFor();
    await page.getByTestId('wishlist-item').filter({ hasText: product.name }).waitFor();

    // A reload keeps the cart and the wishlist.
    await page.reload();
    await page.getByTestId('wishlist-item').filter({ hasText: product.name }).waitFor();
    expect(await cartCount()).toBe(String(max));
    expect(await wishlistCount()).toBe('1');

    // An unknown product is the NotFound page, not a crash.
    await page.goto(`${shop.url}/product/no-such-product`);
    await page.getByRole('heading', { name: 'NotFound' }).waitFor();
    await page.goto(`${shop.url}/no/such/page`);
    await page.getByRole('heading', { name: 'NotFound' }).waitFor();
  });
  // The only errors allowed are the 404 answers the NotFound checks asked for.
  expect(errors.filter((error) => !/404/.test(error))).toEqual([]);
});

it('searches from the header and shows the results', async () => {
  const { page } = await openJourney(browser, { width: 1280, height: 900 });
  await withScreenshotOnFailure(page, 'search-journey', async () => {
    await page.goto(`${shop.url}/shop/all`);
    await page.getByRole('button', { name: 'Search products' }).click();
    await page.getByRole('combobox', { name: 'Search products' }).fill('pishori');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=pishori/);
    await page.getByRole('heading', { name: 'Search results for “pishori”' }).waitFor();
    await page.getByTestId('product-card').first().waitFor();
    const names = await page.getByTestId('product-card').locator('h3').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => /pishori/i.test(name))).toBe(true);
  });
});

it('arrives drawn on a phone: the product shows before any script runs, then the shop takes over without a jump', async () => {
  const phone =
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
  const products = (await (await fetch(`${shop.url}/api/site/products`)).json()) as Product[];
  const product = products.find((candidate) => candidate.offer) ?? products[0]!;
  // The gateway draws a page's first screen into its HTML: with scripts off, it is all there.
  const still = await browser.newContext({ javaScriptEnabled: false, userAgent: phone, viewport: { width: 412, height: 823 } });
  try {
    const page = await still.newPage();
    await eventually(
      async () => {
        await page.goto(`${shop.url}/product/${product.slug}`);
        return (await page.locator('h1').allInnerTexts()).join(' ');
      },
      (heading) => heading.includes(product.name),
    );
    expect(await page.locator('main').innerText()).toMatch(/KSh \d{1,3}(,\d{3})*\.\d{2}/);
    expect(
      await page
        .locator('main img')
        .first()
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    ).toBe(true);
    // Styled by the page's own stylesheets, as the shop draws it: the shared price and button too.
    expect(
      await page
        .locator('main')
        .getByText(/^KSh /)
        .first()
        .evaluate((price) => getComputedStyle(price).fontWeight),
    ).toBe('700');
    expect((await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // The home page's heading is there for screen readers only.
    await eventually(
      async () => {
        await page.goto(`${shop.url}/`);
        return page.getByRole('heading', { level: 1 }).count();
      },
      (count) => count === 1,
    );
    expect((await page.getByRole('heading', { level: 1 }).boundingBox())!.width).toBeLessThanOrEqual(1);
    // A page not drawn yet within the gateway's budget comes plain the first time, drawn the next.
    await eventually(
      async () => {
        await page.goto(`${shop.url}/shop/all`);
        return page.getByText(/Showing 1-\d+ of \d+ results/).count();
      },
      (count) => count === 1,
    );
  } finally {
    await still.close();
  }

  // With scripts, the shop replaces the drawn copy with its own, at the same place, and works.
  const { page, errors } = await openJourney(browser, { width: 412, height: 823 });
  await page.setExtraHTTPHeaders({ 'user-agent': phone });
  await page.goto(`${shop.url}/product/${product.slug}`);
  await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
  await eventually(
    () => page.getByTestId('cart-count').innerText(),
    (count) => count === String(product.limit.minimum_quantity || 1),
  );
  expect(await page.locator('[data-first-screen]').count()).toBe(0);
  expect(errors).toEqual([]);
});
