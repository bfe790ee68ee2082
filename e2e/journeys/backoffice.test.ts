import type { Browser } from 'playwright-core';
import type { County, LoginResponse, Order, OrderStoreResponse, PaymentStartResponse, Product } from '@shop/api-types';
import { eventually, launchBrowser, openJourney, withScreenshotOnFailure } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ slot: 4 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

it('a paid storefront order shows in the back office, staff move it to Dispatched, the customer sees it', async () => {
  const { page, context } = await openJourney(browser, { width: 1366, height: 900 });
  await withScreenshotOnFailure(page, 'backoffice-journey', async () => {
    const api = context.request;
    // A customer orders on the storefront and pays on the (simulated) payment page.
    const login = (await (
      await api.post(`${shop.url}/api/login`, { data: { email: 'customer@example.com', password: 'Customer@123' } })
    ).json()) as LoginResponse;
    const auth = { authorization: `Bearer ${login.token}` };
    const products = (await (await api.get(`${shop.url}/api/site/products`)).json()) as Product[];
    const product = products.find((item) => (item.offer?.offer_price ?? item.price) > 1930)!;
    const price = product.offer?.offer_price ?? product.price;
    const [subCounty] = (await (await api.get(`${shop.url}/api/site/counties/subcounty/47`)).json()) as County[];
    const placed = await api.post(`${shop.url}/api/site/orders/store`, {
      headers: auth,
      data: {
        first_name: 'Juma',
        last_name: 'Otieno',
        phone: '0712345678',
        email: 'customer@example.com',
        street: 'Mpaka Road',
        apartment: '',
        county_id: 47,
        subcounty_id: subCounty!.id,
        town: 'Nairobi',
        depot_id: 1,
        cart_items: [{ id: product.id, quantity: 1, price, product_total: price }],
        total_amount: price,
      },
    });
    expect(placed.status()).toBe(201);
    const order = ((await placed.json()) as OrderStoreResponse).data;
    const payment = (await (
      await api.post(`${shop.url}/api/site/v1/dpo/pay`, {
        headers: auth,
        data: {
          order_id: order.id,
          email: 'customer@example.com',
          first_name: 'Juma',
          last_name: 'Otieno',
          mobile: '254712345678',
          amount: price,
        },
      })
    ).json()) as PaymentStartResponse;
    await page.goto(new URL(payment.redirect_url, shop.url).toString());
    await page.getByRole('button', { name: /^Pay KSh/ }).click();
    await page.waitForURL(/\/success\?/);

    // Staff sign in: the dashboard draws its charts.
    await page.goto(`${shop.url}/admin/login`);
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

    // The order is in the list, paid; staff move it to Processing, then Dispatched.
    await page.goto(`${shop.url}/admin/orders`);
    await page.getByRole('link', { name: order.order_number }).click();
    await page.waitForURL(/\/admin\/orders\/\d+$/);
    await page.getByText('Change status', { exact: true }).first().waitFor();
    // A paid order goes to Processing first: the back office offers only the moves the lifecycle allows.
    await page.getByLabel('New status').click();
    expect(await page.getByTitle('Dispatched', { exact: true }).count()).toBe(0);
    await page.getByTitle('Processing', { exact: true }).click();
    await page.getByRole('button', { name: 'Change status' }).click();
    await eventually(
      async () => (await (await api.get(`${shop.url}/api/orders/view/${order.order_number}`, { headers: auth })).json()) as Order,
      (seen) => seen.status.name === 'Processing',
    );
    await page.getByLabel('New status').click();
    await page.getByTitle('Dispatched', { exact: true }).click();
    await page.getByPlaceholder("Optional, e.g. the rider's name").fill('Rider: Kamau');
    await page.getByRole('button', { name: 'Change status' }).click();
    await eventually(
      async () => (await (await api.get(`${shop.url}/api/orders/view/${order.order_number}`, { headers: auth })).json()) as Order,
      (seen) => seen.status.name === 'Dispatched',
    );

    // The customer's order page shows the new status in its history.
    const customer = await browser.newContext();
    const shopper = await customer.newPage();
    await shopper.goto(`${shop.url}/login`);
    await shopper.getByRole('textbox', { name: 'Email address', exact: true }).fill('customer@example.com');
    await shopper.getByLabel(/^Password( \*)?$/).fill('Customer@123');
    await shopper.getByRole('button', { name: 'Log in' }).click();
    await shopper.waitForURL(/\/profile\/my-account$/);
    await shopper.goto(`${shop.url}/profile/order/${order.order_number}`);
    await shopper.locator('#tracking').getByText('Dispatched').first().waitFor();
    await shopper.getByText('Rider: Kamau').waitFor();
    await customer.close();
  });
});
