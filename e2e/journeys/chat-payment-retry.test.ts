import type { APIRequestContext, Browser, Request } from 'playwright-core';
import type { AdminOrder, AdminOrdersResponse, ChatRequestBody, Product } from '@shop/api-types';
import { eventually, launchBrowser, openJourney, withScreenshotOnFailure } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ slot: 19 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** The spec's minimum order (KSh 1,930). */
const MINIMUM_ORDER = 1930;
const kes = (text: string): number => Number(text.replace(/[^\d.]/g, ''));
const payable = (product: Product): number => product.offer?.offer_price ?? product.price;

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

it('at phone size, in the chat: checkout, Decline on the payment page, /failed opened in another tab pays the same order with Try Again; one order, Paid', async () => {
  const { context, page, errors } = await openJourney(browser, { width: 412, height: 915 });
  const staffContext = await browser.newContext();
  const staff = staffContext.request;
  await signInStaff(staff);
  const before = new Set((await staffOrders(staff)).map((order) => order.id));
  const sent: ChatRequestBody[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat')
      sent.push(request.postDataJSON() as ChatRequestBody);
  });

  // One product that reaches the minimum within its own quantity limit: the dearest such.
  const products = (await (await page.request.get(`${shop.url}/api/site/products`)).json()) as Product[];
  const product = [...products]
    .filter((candidate) => payable(candidate) * candidate.limit.maximum_quantity >= MINIMUM_ORDER)
    .sort((a, b) => payable(b) - payable(a))[0]!;
  const quantity = Math.max(product.limit.minimum_quantity, Math.ceil(MINIMUM_ORDER / payable(product)));

  await withScreenshotOnFailure(page, 'chat-payment-retry', async () => {
    await page.goto(`${shop.url}/chat`);
    await page.getByRole('heading', { level: 1, name: 'Shopping Assistant' }).waitFor();
    await page.getByTestId('assistant-message').first().waitFor();
    const cart = page.getByRole('complementary', { name: 'Your cart' });
    const cartCount = () => page.getByTestId('cart-count').innerText();

    // Ask for the product by name and add it from its card; more of it from the chat's cart.
    await page.getByRole('textbox', { name: 'Message the shopping assistant' }).fill(product.name);
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .getByRole('log', { name: 'Conversation' })
      .getByRole('button', { name: `Add to cart: ${product.name}` })
      .first()
      .click();
    await eventually(cartCount, (count) => count === '1');
    for (let count = 2; count <= quantity; count += 1) {
      await cart.getByRole('button', { name: `Add 1 more ${product.name} to cart` }).click();
      await eventually(cartCount, (shown) => shown === String(count));
    }

    // Checkout through the chat: the terms first, then where to deliver and who to.
    await cart.getByRole('button', { name: 'Checkout' }).click();
    const terms = page.getByRole('group', { name: 'Terms and conditions' });
    await terms.getByRole('button', { name: 'I agree to the terms and conditions' }).click();
    const county = page.getByRole('combobox', { name: 'County' });
    await county.waitFor();
    await county.selectOption({ label: 'Nairobi' });
    const subCounty = page.getByRole('combobox', { name: 'Sub-county' });
    await subCounty.waitFor();
    await subCounty.selectOption({ label: 'Westlands' });
    const form = page.getByRole('form', { name: 'Delivery address' });
    await form.waitFor();
    await form.getByRole('textbox', { name: /^First name/ }).fill('Achieng');
    await form.getByRole('textbox', { name: /^Last name/ }).fill('Atieno');
    await form.getByRole('textbox', { name: /^Phone/ }).fill('+254 722 000 111');
    await form.getByRole('textbox', { name: /^Email/ }).fill('achieng@example.com');
    await form.getByRole('textbox', { name: /^Street address/ }).fill('Waiyaki Way 14');
    await form.getByRole('textbox', { name: /^Town/ }).fill('Nairobi');
    await form.getByRole('button', { name: 'Confirm address' }).click();

    // The order is placed; to the hosted (simulated) payment page in this window, and Decline there.
    const payLinks = page.getByRole('link', { name: /^Pay KSh [\d,]+\.\d{2} now$/ });
    await payLinks.first().waitFor({ timeout: 20_000 });
    const orderNumber = await page.getByTestId('chat-order-number').last().innerText();
    const total = kes(await payLinks.last().innerText());
    expect(total).toBeGreaterThanOrEqual(MINIMUM_ORDER);
    await payLinks.last().click();
    await page.waitForURL(/\/api\/site\/v1\/simulator\//);
    expect(kes(await page.getByRole('button', { name: /^Pay KSh/ }).innerText())).toBeCloseTo(total, 2);
    await page.getByRole('button', { name: 'Decline' }).click();

    // The storefront's /failed page names the chat's order.
    await page.waitForURL(/\/failed\?/);
    await page.getByText('Sorry, your order could not be processed!').waitFor();
    expect(await page.getByTestId('order-number').innerText()).toBe(orderNumber);
    const failedUrl = page.url();

    // Another tab of the same browser, where the conversation is gone (its session is per tab):
    // /failed there knows the order too, and Try Again pays that same order, not a new one.
    const otherTab = await context.newPage();
    otherTab.on('pageerror', (error) => errors.push(error.message));
    await otherTab.goto(failedUrl);
    await otherTab.getByText('Sorry, your order could not be processed!').waitFor();
    expect(await otherTab.evaluate(() => sessionStorage.length)).toBe(0);
    expect(await otherTab.getByTestId('order-number').innerText()).toBe(orderNumber);
    await otherTab.getByRole('button', { name: 'Try Again' }).click();
    await otherTab.waitForURL(/\/api\/site\/v1\/simulator\//);
    const pay = otherTab.getByRole('button', { name: /^Pay KSh/ });
    expect(kes(await pay.innerText())).toBeCloseTo(total, 2);
    await pay.click();
    await otherTab.waitForURL(/\/success\?/);
    // The success page asked the server: the order is paid.
    await otherTab.getByRole('heading', { name: 'Thank you, Achieng!' }).waitFor();
    expect(await otherTab.getByTestId('order-number').innerText()).toBe(orderNumber);
    await otherTab.getByText('Your order has been paid.', { exact: false }).waitFor();
    expect(sent.filter((body) => body.message === 'Try again')).toEqual([]);

    // The back office: exactly one order for this purchase, paid, at the total first shown.
    const placed = (await staffOrders(staff)).filter((order) => !before.has(order.id));
    expect(placed.map((order) => order.order_number)).toEqual([orderNumber]);
    const [order] = placed;
    expect(order!.is_paid).toBe(1);
    expect(order!.status.name).toBe('Paid');
    expect(order!.total_amount).toBeCloseTo(total, 2);
  });
  expect(errors).toEqual([]);
  await staffContext.close();
});
