import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Product } from '@shop/api-types';
import { eventually, launchBrowser, openJourney } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ slot: 17 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

/**
 * Every Content-Security-Policy violation of every document the context opens, reported as the
 * browser raises it (the init script runs before any script of the page, in every document), and
 * every "Refused to …" the console prints (a blocked eval or inline script says so there too).
 */
async function watchPolicy(context: BrowserContext, page: Page): Promise<{ violations: Violation[]; refusals: string[] }> {
  const violations: Violation[] = [];
  const refusals: string[] = [];
  await context.exposeBinding('reportPolicyViolation', (_source, violation: Violation) => {
    violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportPolicyViolation(violation: Violation): void }).reportPolicyViolation({
        page: location.pathname,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  page.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) refusals.push(`${page.url()}: ${message.text()}`);
  });
  return { violations, refusals };
}

it('the shop and the back office run under their Content-Security-Policy with no violation', async () => {
  const { context, page } = await openJourney(browser, { width: 1280, height: 900 });
  const { violations, refusals } = await watchPolicy(context, page);
  const open = async (path: string) => {
    const response = await page.goto(`${shop.url}${path}`);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toMatch(/script-src 'self'[^;]*;.*frame-ancestors 'none'/);
    expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe/);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    // What helmet would add: the shop's window and answers kept to the shop, a process of its own.
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['origin-agent-cluster']).toBe('?1');
  };

  // The policy is enforced and the watch sees what it blocks: an inline script added to the page
  // does not run and is reported.
  await open('/');
  await page.getByRole('heading', { name: 'Best Selling Products' }).waitFor();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.head.appendChild(script);
  });
  await eventually(
    async () => violations.length,
    (count) => count > 0,
  );
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  expect(violations).toEqual([expect.objectContaining({ page: '/', directive: 'script-src-elem', blocked: 'inline' })]);
  violations.length = 0;
  refusals.length = 0;

  // The storefront, from the first screen the gateway draws to the pages the browser draws.
  await open('/');
  await page.getByTestId('product-card').first().waitFor();
  await open('/shop/all');
  await page.getByTestId('product-card').first().waitFor();
  const products = (await (await page.request.get(`${shop.url}/api/site/products`)).json()) as Product[];
  const product = products[0]!;
  await open(`/product/${product.slug}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
  await page.getByText(`${product.name} added to cart`).first().waitFor();
  await eventually(
    () => page.getByTestId('cart-count').innerText(),
    (count) => count === '1',
  );
  // A guest's cart and checkout are drawn from the cart cookie, with the page's loader script.
  await open('/cart');
  await page.getByText('Free shipping countrywide').first().waitFor();
  await open('/checkout');
  await page.getByRole('group', { name: 'Account details' }).waitFor();
  await open('/login');
  await page.getByRole('button', { name: 'Log in' }).waitFor();

  // The back office.
  await open('/admin/login');
  await page.getByLabel('Username or email').fill('admin@shwarimills.co.ke');
  await page.getByLabel('Password').fill('Admin@12345');
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
  await eventually(
    () => page.locator('canvas').count(),
    (count) => count >= 4,
    20_000,
  );
  await page.getByText('Orders today').waitFor();
  await open('/admin/products');
  await page.getByRole('button', { name: /Add Product$/ }).waitFor();
  await eventually(
    () => page.getByRole('row').count(),
    (count) => count > 1,
  );
  await open('/admin/orders');
  await eventually(
    () => page.getByRole('row').count(),
    (count) => count > 1,
  );
  await open('/admin/reports/orders');
  await page.getByRole('table').first().waitFor();
  // Late reports (a chunk or a style added after the last wait).
  await page.waitForTimeout(500);

  expect(violations).toEqual([]);
  expect(refusals).toEqual([]);
});
