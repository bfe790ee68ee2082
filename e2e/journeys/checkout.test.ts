import type { Browser, Page } from 'playwright-core';
import type { Product } from '@shop/api-types';
import { eventually, launchBrowser, openJourney, withScreenshotOnFailure } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ slot: 3 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const kes = (text: string): number => Number(text.replace(/[^\d.]/g, ''));

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
  await page.getByText(`${product.name} added to cart`).first().waitFor();
}

/** Checkout as the signed-in demo customer, whose details and address are prefilled. */
async function checkOut(page: Page): Promise<void> {
  await page.goto(`${shop.url}/checkout`);
  await page.getByRole('group', { name: 'Account details' }).waitFor();
  await eventually(
    () => page.getByRole('textbox', { name: 'First name', exact: true }).inputValue(),
    (value) => value === 'Juma',
  );
}

it('drawer minimum → cart → checkout validation → coupon and points → simulator Pay → success → paid in my orders; Decline ends on /failed', async () => {
  const { page } = await openJourney(browser, { width: 1280, height: 900 });
  await withScreenshotOnFailure(page, 'checkout-journey', async () => {
    const products = (await (await page.request.get(`${shop.url}/api/site/products`)).json()) as Product[];
    const price = (product: Product) => product.offer?.offer_price ?? product.price;
    const small = products.filter((product) => price(product) < 300).sort((a, b) => price(a) - price(b))[0]!;
    const large = products.filter((product) => price(product) > 1930).sort((a, b) => price(a) - price(b))[0]!;

    await logIn(page);

    // A small cart: the drawer warns and will not check out.
    await addToCart(page, small);
    await page.getByRole('link', { name: /^Cart, 1 items$/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('heading', { name: 'Shopping Cart (1)' }).waitFor();
    await drawer.getByText('Minimum order amount is 1930').waitFor();
    expect(await drawer.getByRole('button', { name: 'Checkout' }).isDisabled()).toBe(true);
    await drawer.getByRole('link', { name: 'View Cart' }).click();
    await page.waitForURL(/\/cart$/);
    await page.getByText('Free shipping countrywide').first().waitFor();
    expect(await page.getByRole('button', { name: 'Proceed to Checkout' }).isDisabled()).toBe(true);

    // Over the minimum: on to checkout.
    await addToCart(page, large);
    await page.goto(`${shop.url}/cart`);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/checkout$/);
    await checkOut(page);

    // Validation: every message shows before an order can be placed.
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('');
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('07123');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByText('First name is required').first().waitFor();
    await page.getByText('Phone number must be 10 digits').first().waitFor();
    await page.getByText('You must agree to the terms and conditions').first().waitFor();
    expect(await page.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Juma');
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('0712345678');

    // A coupon typed in lower case is upper-cased and checked; points come off the total too.
    const totalOf = async () => kes(await page.getByTestId('summary-total').innerText());
    const before = await totalOf();
    await page.getByRole('textbox', { name: 'Coupon code (optional)' }).fill('karibu10');
    expect(await page.getByRole('textbox', { name: 'Coupon code (optional)' }).inputValue()).toBe('KARIBU10');
    await page.getByText('Valid coupon: 10%').first().waitFor();
    const afterCoupon = await eventually(totalOf, (total) => total < before);
    expect(afterCoupon).toBeCloseTo(before - Math.round(before * 10) / 100, 2);
    await page.getByRole('spinbutton', { name: 'Points to redeem' }).fill('500');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await page.getByText('You cannot redeem more points than available.').first().waitFor();
    await page.getByRole('spinbutton', { name: 'Points to redeem' }).fill('50');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await eventually(totalOf, (total) => Math.abs(total - (afterCoupon - 50)) < 0.001);

    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('button', { name: 'Place Order' }).click();

    // The (simulated) secure payment page.
    await page.waitForURL(/\/api\/site\/v1\/simulator\//);
    await page.getByRole('button', { name: /^Pay KSh/ }).click();
    await page.waitForURL(/\/success\?/);
    await page.getByRole('heading', { name: 'Thank you, Juma!' }).waitFor();
    const orderNumber = await page.getByTestId('order-number').innerText();
    await page.getByText('Your order has been paid.').waitFor();
    await eventually(
      () => page.getByTestId('cart-count').innerText(),
      (count) => count === '0',
    );

    await page.goto(`${shop.url}/profile/orders`);
    const row = page.getByTestId('order-row').filter({ hasText: orderNumber });
    await row.waitFor();
    expect(await row.innerText()).toContain('Paid');
    expect(kes(await row.locator('td').nth(2).innerText())).toBeCloseTo(afterCoupon - 50, 2);
    await row.getByRole('link', { name: `Track order ${orderNumber}` }).click();
    await page.getByRole('heading', { name: 'Track Order' }).waitFor();
    await page.locator('#tracking').getByText('Paid').first().waitFor();

    // Declined at the payment page: /failed, the order stays Not Paid.
    await addToCart(page, large);
    await checkOut(page);
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/api\/site\/v1\/simulator\//);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/\/failed/);
    await page.getByText('Sorry, your order could not be processed!').waitFor();
    await page.getByText('Please check your payment details and try again.').waitFor();
    await page.getByRole('link', { name: 'Try Again' }).waitFor();
    await page.goto(`${shop.url}/profile/orders`);
    await page.getByTestId('order-row').nth(1).waitFor();
    expect(await page.getByTestId('order-row').first().innerText()).toContain('Not Paid');
  });
});
