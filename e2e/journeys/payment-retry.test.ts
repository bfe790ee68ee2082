import type { APIRequestContext, Browser, Page } from 'playwright-core';
import type { AdminOrder, AdminOrdersResponse, Product } from '@shop/api-types';
import { eventually, launchBrowser, openJourney } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ slot: 14 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const kes = (text: string): number => Number(text.replace(/[^\d.]/g, ''));
const payable = (product: Product): number => product.offer?.offer_price ?? product.price;

async function logIn(page: Page): Promise<void> {
  await page.goto(`${shop.url}/login`);
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('customer@example.com');
  await page.getByLabel(/^Password( \*)?$/).fill('Customer@123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/profile\/my-account$/);
}

async function addToCart(page: Page, product: Product): Promise<void> {
  await page.goto(`${shop.url}/product/${product.slug}`);
  await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
  await page
    .getByText(new RegExp(`^${product.name} (added to cart|updated cart quantity)$`))
    .first()
    .waitFor();
}

/** Staff sign in as the back office does: the session is an HttpOnly cookie this request context keeps. */
async function signInStaff(staff: APIRequestContext): Promise<void> {
  const session = await staff.post(`${shop.url}/api/admin/session`, {
    data: { email: 'admin@shwarimills.co.ke', password: 'Admin@12345', remember: false },
  });
  expect(session.status()).toBe(200);
}

/** The back office's orders, newest first, as staff see them (GET /api/admin/orders). */
async function staffOrders(staff: APIRequestContext): Promise<AdminOrder[]> {
  const answer = await staff.get(`${shop.url}/api/admin/orders?per_page=100`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as AdminOrdersResponse).orders.data;
}

it('at phone size: coupon and points, Decline on the payment page, Try Again pays the same order at the same total; one order, Paid', async () => {
  const { page } = await openJourney(browser);
  const staffContext = await browser.newContext();
  const staff = staffContext.request;
  await signInStaff(staff);
  const before = new Set((await staffOrders(staff)).map((order) => order.id));

  // A cart well above the minimum, so a 10% coupon and all 150 Shwari Points both fit.
  const products = (await (await page.request.get(`${shop.url}/api/site/products`)).json()) as Product[];
  const byPrice = [...products].sort((a, b) => payable(b) - payable(a));
  const dearest = byPrice[0]!;
  const second = byPrice[1]!;

  await logIn(page);
  await addToCart(page, dearest);
  await addToCart(page, second);
  if (payable(dearest) + payable(second) < 2600) await addToCart(page, dearest);

  await page.goto(`${shop.url}/checkout`);
  await page.getByRole('group', { name: 'Account details' }).waitFor();
  await eventually(
    () => page.getByRole('textbox', { name: 'First name', exact: true }).inputValue(),
    (value) => value === 'Juma',
  );
  const totalOf = async () => kes(await page.getByTestId('summary-total').innerText());
  const subtotal = await totalOf();
  await page.getByRole('textbox', { name: 'Coupon code (optional)' }).fill('KARIBU10');
  await page.getByText('Valid coupon: 10%').first().waitFor();
  const afterCoupon = await eventually(totalOf, (total) => total < subtotal);
  await page.getByTestId('points-balance').waitFor();
  expect(await page.getByTestId('points-balance').innerText()).toBe('150');
  await page.getByRole('spinbutton', { name: 'Points to redeem' }).fill('150');
  await page.getByRole('button', { name: 'Redeem' }).click();
  const firstTotal = await eventually(totalOf, (total) => Math.abs(total - (afterCoupon - 150)) < 0.001);

  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Place Order' }).click();

  // The (simulated) payment page charges the order's total; the shopper declines.
  await page.waitForURL(/\/api\/site\/v1\/simulator\//);
  expect(kes(await page.getByRole('button', { name: /^Pay KSh/ }).innerText())).toBeCloseTo(firstTotal, 2);
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.waitForURL(/\/failed/);
  await page.getByText('Sorry, your order could not be processed!').waitFor();

  // Try Again: the same order, still holding its coupon and points, at the same total.
  await page.getByRole('link', { name: 'Try Again' }).click();
  await page.waitForURL(/\/checkout$/);
  await page.getByText('Valid coupon: 10%').first().waitFor();
  await page.getByTestId('points-applied').waitFor();
  expect(await page.getByTestId('points-applied').innerText()).toBe('150 points applied');
  expect(await eventually(totalOf, (total) => Math.abs(total - firstTotal) < 0.001)).toBeCloseTo(firstTotal, 2);
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Place Order' }).click();

  await page.waitForURL(/\/api\/site\/v1\/simulator\//);
  const pay = page.getByRole('button', { name: /^Pay KSh/ });
  expect(kes(await pay.innerText())).toBeCloseTo(firstTotal, 2);
  await pay.click();
  await page.waitForURL(/\/success\?/);
  await page.getByRole('heading', { name: 'Thank you, Juma!' }).waitFor();
  const orderNumber = await page.getByTestId('order-number').innerText();
  await eventually(
    () => page.getByTestId('cart-count').innerText(),
    (count) => count === '0',
  );

  // The back office: exactly one order for this purchase, paid at the first total with the coupon and points.
  const placed = (await staffOrders(staff)).filter((order) => !before.has(order.id));
  expect(placed.map((order) => order.order_number)).toEqual([orderNumber]);
  const [order] = placed;
  expect(order!.is_paid).toBe(1);
  expect(order!.status.name).toBe('Paid');
  expect(order!.total_amount).toBeCloseTo(firstTotal, 2);
  expect(order!.points_discount).toBe(150);
  expect(order!.discount).toBeCloseTo(subtotal - afterCoupon, 2);
  await staffContext.close();
});
