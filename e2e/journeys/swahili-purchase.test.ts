import type { Browser, Page } from 'playwright-core';
import { eventually, launchBrowser, openJourney, PHONE } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ slot: 31 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** Two 5 kg bags (KSh 1,050.00 each) pass the minimum order of KSh 1,930. */
const RICE = 'Nyota Pishori Rice 5kg';
/** How the shop writes every price, in both languages. */
const KSH_PRICE = /^KSh \d{1,3}(,\d{3})*\.\d{2}$/;

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label, exact: true });
  await select.locator('option', { hasText: option }).first().waitFor({ state: 'attached' });
  await select.selectOption({ label: option });
}

it('a shopper buys rice in Kiswahili on a phone: search "mchele", add, cart, checkout as a guest, pay on the simulator, success in Kiswahili', async () => {
  const { page, errors } = await openJourney(browser, PHONE);
  await page.goto(shop.url);

  // The header's switch, named in Swahili for the shopper who reads only Swahili.
  await page.getByRole('button', { name: 'Soma duka kwa Kiswahili' }).click();
  await page.getByRole('link', { name: 'Duka', exact: true }).first().waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe('sw');

  // The header's search: the catalogue's synonyms read "mchele" as rice.
  await page.getByRole('button', { name: 'Tafuta bidhaa' }).click();
  await page.getByRole('combobox', { name: 'Tafuta bidhaa' }).fill('mchele');
  await page.getByRole('button', { name: 'Tafuta', exact: true }).click();
  await page.waitForURL(/\/search\?q=mchele/);
  const card = page.getByTestId('product-card').filter({ hasText: RICE }).first();
  await card.waitFor();
  // Add to Cart (storefront UI's; named for the product in whichever words it uses).
  await card
    .getByRole('button', { name: /to cart|kikapu/i })
    .first()
    .click();

  // The cart from the header: the drawer, then the cart page, all in Swahili.
  await page.getByRole('link', { name: 'Kikapu, bidhaa 1' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('heading', { name: 'Kikapu (1)' }).waitFor();
  await drawer.getByText('Kiwango cha chini cha oda ni KSh 1,930').waitFor();
  await drawer.getByRole('link', { name: 'Tazama kikapu' }).click();
  await page.waitForURL(/\/cart$/);
  await page.getByRole('heading', { level: 1, name: 'Kikapu' }).waitFor();
  const line = page.getByTestId('cart-line').filter({ hasText: RICE });
  await line.locator('button', { hasText: '+' }).click();
  await eventually(
    () => page.getByTestId('cart-subtotal').innerText(),
    (subtotal) => subtotal === 'KSh 2,100.00',
  );
  await page.getByText('Usafirishaji bure kote nchini').first().waitFor();
  await page.getByRole('button', { name: 'Endelea kulipia' }).click();

  // The checkout as a guest, every label in Swahili; the phone written the international way.
  await page.waitForURL(/\/checkout$/);
  await page.getByRole('heading', { level: 1, name: 'Malipo' }).waitFor();
  await page.getByRole('group', { name: 'Maelezo ya mnunuzi' }).waitFor();
  await page.getByRole('textbox', { name: 'Jina la kwanza', exact: true }).fill('Achieng');
  await page.getByRole('textbox', { name: 'Jina la mwisho', exact: true }).fill('Atieno');
  await page.getByRole('textbox', { name: 'Nambari ya simu', exact: true }).fill('+254 722 000 111');
  await page.getByRole('textbox', { name: 'Barua pepe', exact: true }).fill('achieng@example.com');
  await page.getByRole('textbox', { name: 'Anwani ya mtaa', exact: true }).fill('Moi Avenue 21');
  await chooseOption(page, 'Kaunti', 'Nairobi');
  await chooseOption(page, 'Kaunti ndogo', 'Westlands');
  await page.getByRole('textbox', { name: 'Mji', exact: true }).fill('Nairobi');
  await page.getByRole('textbox', { name: 'Maelezo ya oda (si lazima)' }).fill('Piga simu ukifika langoni.');
  const total = (await page.getByTestId('summary-total').innerText()).trim();
  expect(total).toBe('KSh 2,100.00');
  expect(total).toMatch(KSH_PRICE);

  await page.getByRole('checkbox', { name: 'Nimesoma na nakubali vigezo na masharti' }).check();
  await page.getByRole('button', { name: 'Endelea', exact: true }).click();
  await page.getByText('Maelezo yako yamekamilika.', { exact: false }).waitFor();
  await page.getByRole('radio', { name: 'Lipa kwenye ukurasa salama wa malipo (M-Pesa, Airtel Money, kadi)' }).check();
  await page.getByRole('button', { name: 'Weka oda' }).click();

  // The (simulated) secure payment page.
  await page.waitForURL(/\/api\/site\/v1\/simulator\//);
  const pay = page.getByRole('button', { name: /^Pay KSh/ });
  expect((await pay.innerText()).replace(/^Pay /, '').trim()).toBe('KSh 2,100.00');
  await pay.click();

  // Back in the shop, thanked in Swahili.
  await page.waitForURL(/\/success\?/);
  await page.getByRole('heading', { level: 1, name: 'Asante, Achieng!' }).waitFor();
  await page.getByText('Oda yako imelipiwa. Tutakuletea ndani ya saa 24-48, bila malipo ya usafirishaji.').waitFor();
  expect(await page.getByText('Nambari ya oda:').innerText()).toMatch(/^Nambari ya oda: \S+$/);
  await page.getByRole('link', { name: 'Endelea kununua' }).waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe('sw');
  await eventually(
    () => page.getByTestId('cart-count').innerText(),
    (count) => count === '0',
  );
  expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
});

it("a first visit follows the browser's Accept-Language: the cart speaks Swahili to a phone set to sw-KE", async () => {
  const context = await browser.newContext({ viewport: PHONE, locale: 'sw-KE' });
  try {
    const page = await context.newPage();
    await page.goto(`${shop.url}/cart`);
    await page.getByRole('heading', { level: 1, name: 'Kikapu' }).waitFor();
    await page.getByText('Weka bidhaa kwenye kikapu').waitFor();
    await page.getByRole('link', { name: 'Endelea kununua' }).waitFor();
    expect(await page.title()).toContain('Kikapu');
  } finally {
    await context.close();
  }
});
