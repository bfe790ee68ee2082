import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { eventually, launchBrowser, openJourney, pictureArrived, withScreenshotOnFailure } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ slot: 6 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** A small real picture of a flour pack (PNG), as staff would pick from their computer. */
const PRODUCT_PICTURE = path.resolve(__dirname, '../fixtures/millet-flour-2kg.png');

const PRODUCT = {
  name: 'Nyota Finger Millet Flour 2kg',
  brand: 'Nyota',
  category: 'Porridge Flour',
  sku: 'Packet',
  unit: '2kg',
  price: '1250',
  offer: '1100',
} as const;

/** Picks an option of an antd Select by its field label (the dropdown, outside the form, lists options by title). */
async function choose(page: Page, form: Locator, label: string, option: string): Promise<void> {
  await form.getByLabel(label, { exact: true }).click();
  await page.getByTitle(option, { exact: true }).filter({ visible: true }).first().click();
}

/** The react-draft-wysiwyg editor (toolbar and text area) of one rich-text field. */
function editor(page: Page, label: string): { box: Locator; tool: (title: string) => Locator } {
  const box = page.getByRole('textbox', { name: label, exact: true });
  const wrapper = page.locator('.admin-editor').filter({ has: box });
  return { box, tool: (title: string) => wrapper.getByTitle(title, { exact: true }) };
}

const kes = (text: string): number => Number(text.replace(/[^\d.]/g, ''));

it('staff add a product with rich text and a picture → shoppers buy it → orders list and report → Dispatched → the customer sees it', async () => {
  // Staff work in Nairobi: the reports' days are Nairobi days.
  const staffSession = await browser.newContext({ viewport: { width: 1366, height: 900 }, timezoneId: 'Africa/Nairobi' });
  const staff = await staffSession.newPage();
  const { page: shopper } = await openJourney(browser, { width: 1280, height: 900 });
  await withScreenshotOnFailure(staff, 'backoffice-catalogue-staff', () =>
    withScreenshotOnFailure(shopper, 'backoffice-catalogue-shopper', async () => {
      // Staff sign in: the dashboard draws its charts.
      await staff.goto(`${shop.url}/admin/login`);
      await staff.getByLabel('Username or email').fill('admin@shwarimills.co.ke');
      await staff.getByLabel('Password').fill('Admin@12345');
      await staff.getByRole('button', { name: /log in|sign in/i }).click();
      await staff.waitForURL(/\/admin\/dashboard$/);
      await eventually(
        () => staff.locator('canvas').count(),
        (count) => count >= 4,
        20_000,
      );

      // Add Product: every starred field, formatted text in both editors, a real picture.
      await staff.goto(`${shop.url}/admin/products`);
      await staff.getByRole('button', { name: /Add Product$/ }).click();
      const modal = staff.getByRole('dialog', { name: 'Add New Product' });
      await modal.waitFor();
      await modal.getByLabel('Product Name', { exact: true }).fill(PRODUCT.name);
      await choose(staff, modal, 'Brand', PRODUCT.brand);
      await choose(staff, modal, 'Product Category', PRODUCT.category);
      await choose(staff, modal, 'SKU', PRODUCT.sku);
      await modal.getByLabel('Unit', { exact: true }).fill(PRODUCT.unit);
      await modal.getByLabel('Regular Price', { exact: true }).fill(PRODUCT.price);
      await modal.getByLabel('Offer Price', { exact: true }).fill(PRODUCT.offer);
      await eventually(
        () => modal.getByTestId('discount').innerText(),
        (text) => text === '12.00% off',
      );

      const short = editor(staff, 'Short Description');
      await short.box.click();
      await short.box.pressSequentially('Stone-ground ');
      await short.tool('Bold').click();
      await short.box.pressSequentially('finger millet');
      await short.tool('Bold').click();
      await short.box.pressSequentially(' flour for uji.');

      const long = editor(staff, 'Product Description');
      await long.box.click();
      await long.tool('Bold').click();
      await long.box.pressSequentially('Rich in calcium');
      await long.tool('Bold').click();
      await long.box.pressSequentially(' and milled in Eldoret.');
      await long.box.press('Enter');
      await long.tool('Unordered').click();
      await long.box.pressSequentially('Porridge for the whole family');
      await long.box.press('Enter');
      await long.box.pressSequentially('Mix with sorghum for ugali');
      await long.box.locator('li').nth(1).waitFor();
      await long.box.locator('strong, span[style*="bold"]').filter({ hasText: 'Rich in calcium' }).first().waitFor();

      await modal.locator('input[type=file]').setInputFiles(PRODUCT_PICTURE);
      await pictureArrived(modal.locator('img').first());
      await modal.getByRole('button', { name: 'Add Product', exact: true }).click();
      await staff.getByText('Product successfully saved.').first().waitFor();
      await modal.waitFor({ state: 'hidden' });
      await staff.getByRole('searchbox', { name: 'Search products' }).fill('finger millet');
      await staff.getByRole('searchbox', { name: 'Search products' }).press('Enter');
      const listed = staff.getByRole('row').filter({ has: staff.getByRole('link', { name: PRODUCT.name, exact: true }) });
      await listed.waitFor();
      expect(await listed.innerText()).toMatch(/Nyota[\s\S]*Porridge Flour[\s\S]*Packet[\s\S]*KSh 1,100\.00[\s\S]*Published/);

      // The shopper finds it in the shop, newest first, with its picture.
      await shopper.goto(`${shop.url}/login`);
      await shopper.getByRole('textbox', { name: 'Email address', exact: true }).fill('customer@example.com');
      await shopper.getByLabel(/^Password( \*)?$/).fill('Customer@123');
      await shopper.getByRole('button', { name: 'Log in' }).click();
      await shopper.waitForURL(/\/profile\/my-account$/);
      await shopper.goto(`${shop.url}/shop/all?sort=newest`);
      const card = shopper.getByTestId('product-card').filter({ hasText: PRODUCT.name });
      await card.waitFor();
      expect(await card.innerText()).toContain('1,100.00');
      await pictureArrived(card.locator('img').first());
      expect(await card.locator('img').first().getAttribute('src')).toMatch(/^\/media\/uploads\/[0-9a-f]+\.webp$/);

      // Its page shows the formatted descriptions, then two packs go in the cart (over the 1930 minimum).
      await card.getByRole('link', { name: PRODUCT.name }).click();
      await shopper.getByRole('heading', { name: PRODUCT.name, level: 1 }).waitFor();
      await pictureArrived(shopper.getByRole('img', { name: PRODUCT.name }));
      await shopper.locator('strong', { hasText: 'finger millet' }).waitFor();
      const description = shopper.getByRole('region', { name: 'Product Description' });
      await description.locator('strong', { hasText: 'Rich in calcium' }).waitFor();
      expect(await description.locator('ul > li').allInnerTexts()).toEqual(['Porridge for the whole family', 'Mix with sorghum for ugali']);
      await shopper.getByRole('button', { name: `Add to Cart: ${PRODUCT.name}` }).click();
      await shopper.getByText(`${PRODUCT.name} added to cart`).first().waitFor();
      await shopper
        .getByRole('button', { name: `Add one more ${PRODUCT.name}` })
        .first()
        .click();
      await eventually(
        () => shopper.getByTestId('cart-count').innerText(),
        (count) => count === '2',
      );

      // Checkout as the signed-in customer (details prefilled), paid on the simulated payment page.
      await shopper.goto(`${shop.url}/checkout`);
      await shopper.getByRole('group', { name: 'Account details' }).waitFor();
      await eventually(
        () => shopper.getByRole('textbox', { name: 'First name', exact: true }).inputValue(),
        (value) => value === 'Juma',
      );
      expect(kes(await shopper.getByTestId('summary-total').innerText())).toBe(2200);
      await shopper.getByRole('checkbox', { name: /terms and conditions/ }).check();
      await shopper.getByRole('button', { name: 'Continue', exact: true }).click();
      await shopper.getByRole('button', { name: 'Place Order' }).click();
      await shopper.waitForURL(/\/api\/site\/v1\/simulator\//);
      await shopper.getByRole('button', { name: /^Pay KSh/ }).click();
      await shopper.waitForURL(/\/success\?/);
      await shopper.getByText('Your order has been paid.').waitFor();
      const orderNumber = await shopper.getByTestId('order-number').innerText();

      // Staff see it in the orders list, paid.
      await staff.goto(`${shop.url}/admin/orders`);
      const row = staff.getByRole('row').filter({ has: staff.getByRole('link', { name: orderNumber, exact: true }) });
      await row.waitFor();
      expect(await row.innerText()).toMatch(/Juma Otieno[\s\S]*2,200\.00[\s\S]*Paid/);

      // The order report over a range that covers today lists it.
      await staff.goto(`${shop.url}/admin/reports/orders`);
      const today = await staff.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date()));
      const weekAgo = await staff.evaluate(() =>
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date(Date.now() - 7 * 86_400_000)),
      );
      await setReportRange(staff, weekAgo, today);
      const reportRow = staff.getByRole('row').filter({ hasText: orderNumber });
      await reportRow.waitFor();
      expect(await reportRow.innerText()).toMatch(/2,200\.00[\s\S]*Paid[\s\S]*Juma Otieno/);

      // Staff move it to Processing, then Dispatched, from its page.
      await staff.goto(`${shop.url}/admin/orders`);
      await staff.getByRole('link', { name: orderNumber, exact: true }).click();
      await staff.waitForURL(/\/admin\/orders\/\d+$/);
      await staff.getByRole('cell', { name: PRODUCT.name }).waitFor();
      await staff.getByLabel('New status').click();
      await staff.getByTitle('Processing', { exact: true }).click();
      await staff.getByPlaceholder("Optional, e.g. the rider's name").fill('Packing at the depot');
      await staff.getByRole('button', { name: 'Change status' }).click();
      await staff.getByText('Packing at the depot').first().waitFor();
      await staff.getByLabel('New status').click();
      await staff.getByTitle('Dispatched', { exact: true }).click();
      await staff.getByPlaceholder("Optional, e.g. the rider's name").fill('Rider: Wanjiru');
      await staff.getByRole('button', { name: 'Change status' }).click();
      await staff.getByText('Rider: Wanjiru').first().waitFor();

      // The customer's order page shows the new status.
      await shopper.goto(`${shop.url}/profile/order/${orderNumber}`);
      await shopper.locator('#tracking').getByText('Dispatched').first().waitFor();
      await shopper.getByText('Rider: Wanjiru').waitFor();
      await shopper.getByText(PRODUCT.name).first().waitFor();
    }),
  );
  await staffSession.close();
});

/** Types both ends into the report's antd RangePicker (YYYY-MM-DD) and waits for the refetch. */
async function setReportRange(page: Page, from: string, to: string): Promise<void> {
  const start = page.getByPlaceholder('Start date');
  await start.click();
  await start.fill(from);
  await start.press('Enter');
  const end = page.getByPlaceholder('End date');
  await end.fill(to);
  await end.press('Enter');
  await eventually(
    async () => [await start.inputValue(), await end.inputValue()],
    ([a, b]) => a === from && b === to,
  );
}
