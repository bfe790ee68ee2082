import type { Browser, Request } from 'playwright-core';
import type { AdminOrder, AdminOrdersResponse, ChatRequestBody, LoginResponse } from '@shop/api-types';
import { eventually, launchBrowser, openJourney } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ slot: 35 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const PHONE = { width: 390, height: 844 };
const MINIMUM_ORDER = 1930;
/** What the shopper pays for a chat product: 'KES 1,050.00', or the offer of 'KES 230.00 On offer: KES 210.00'. */
const kes = (text: string): number =>
  [...text.matchAll(/KES\s*([\d,]+\.\d{2})/g)].map((match) => Number(match[1]!.replace(/,/g, ''))).at(-1) ?? Number.NaN;
const ksh = (text: string): number => Number(text.replace(/[^\d.]/g, ''));

/** A bearer token for the staff routes (POST /api/login as the shop's administrator). */
async function staffToken(): Promise<string> {
  const answer = await fetch(`${shop.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@shwarimills.co.ke', password: 'Admin@12345' }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as LoginResponse).token;
}

async function staffOrders(token: string): Promise<AdminOrder[]> {
  const answer = await fetch(`${shop.url}/api/admin/orders?per_page=100`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as AdminOrdersResponse).orders.data;
}

it('on a phone, the shop in Kiswahili: the chat widget buys rice written "mchele", checks out and pays, every step in Swahili', async () => {
  const { context, page, errors } = await openJourney(browser, PHONE);
  // The shopper chose Swahili before (the header's switch writes this cookie).
  await context.addCookies([{ name: 'shop_lang', value: 'sw', url: shop.url }]);
  const sent: ChatRequestBody[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat')
      sent.push(request.postDataJSON() as ChatRequestBody);
  });
  const cartCount = () => page.getByTestId('cart-count').innerText();

  await page.goto(`${shop.url}/`);
  await eventually(
    () => page.locator('html').getAttribute('lang'),
    (lang) => lang === 'sw',
  );

  // The shell's launcher, then the widget, all in Swahili.
  await page.getByRole('button', { name: 'Ongea na msaidizi wetu wa ununuzi' }).click();
  const chat = page.getByRole('region', { name: 'Msaidizi wa Ununuzi' });
  await chat.getByRole('heading', { name: 'Msaidizi wa Ununuzi' }).waitFor();
  await chat.getByText('Nunua na ulipe kupitia chat').waitFor();
  const box = chat.getByRole('textbox', { name: 'Mwandikie msaidizi wa ununuzi' });
  expect(await box.getAttribute('placeholder')).toBe('Andika ujumbe: unga wa ugali, mchele, mafuta ya kupikia…');
  const log = chat.getByRole('log', { name: 'Mazungumzo' });
  const replies = log.getByTestId('assistant-message');
  // The widget opens the conversation in the page's language, so the assistant welcomes in Swahili.
  await replies
    .first()
    .getByText(/^Msaidizi: Habari! Karibu Shwari Shop\. Mimi ni msaidizi wako wa ununuzi/)
    .waitFor();
  expect(sent[0]).toMatchObject({ message: 'Habari', frontend_cart: [] });

  /** What a bubble says, with the words a screen reader reads before it ('Msaidizi: ', 'Wewe: '). */
  const said = async (entry: ReturnType<typeof replies.last>): Promise<string> => (await entry.locator('p').first().textContent()) ?? '';

  /** Sends a message and waits for the assistant's answer to it. */
  const write = async (text: string): Promise<string> => {
    const answered = await replies.count();
    await box.fill(text);
    await chat.getByRole('button', { name: 'Tuma', exact: true }).click();
    await eventually(
      () => replies.count(),
      (count) => count > answered,
      20_000,
    );
    return said(replies.last());
  };

  expect(await write('Habari')).toMatch(/^Msaidizi: Habari! Karibu Shwari Shop\./);

  // "mchele": the catalogue's synonyms find the rice; "nataka" wants one, so the assistant asks which.
  expect(await write('nataka mchele')).toMatch(/^Msaidizi: (Ungependa ipi\?|Nimepata )/);
  const cards = replies.last().getByTestId('chat-product');
  const offered = await Promise.all(
    (await cards.all()).map(async (card) => ({ name: await card.getByRole('link').innerText(), price: kes(await card.innerText()) })),
  );
  expect(offered.length).toBeGreaterThan(0);
  for (const product of offered) expect(product.name).toMatch(/Rice/);
  const rice = [...offered].sort((a, b) => b.price - a.price)[0]!;
  expect(await replies.last().getByText('Weka kwenye kikapu').count()).toBe(offered.length);

  // One into the cart from its card: the shopper reads Swahili, the assistant gets the spec's words.
  await replies
    .last()
    .getByRole('button', { name: `Weka kwenye kikapu: ${rice.name}` })
    .click();
  await eventually(cartCount, (count) => count === '1');
  expect(sent.at(-1)!.message).toBe(`Add ${rice.name} to cart`);
  await log.getByText(`${rice.name} imeongezwa kwenye kikapu`).waitFor();
  expect(await said(log.getByTestId('shopper-message').last())).toBe(`Wewe: Ongeza ${rice.name} kwenye kikapu`);

  // More of it from the chat's cart until the order passes the minimum.
  const quantity = Math.ceil(MINIMUM_ORDER / rice.price);
  await chat.getByRole('button', { name: 'Kikapu (1)' }).click();
  const cart = chat.getByTestId('chat-cart');
  await cart.getByRole('heading', { name: 'Kikapu chako (1)' }).waitFor();
  for (let count = 2; count <= quantity; count += 1) {
    await cart.getByRole('button', { name: `Ongeza ${rice.name} moja zaidi` }).click();
    await eventually(cartCount, (shown) => shown === String(count));
  }
  await cart.getByText('Jumla ndogo').waitFor();
  expect(await cart.getByRole('button', { name: 'Lipia' }).isEnabled()).toBe(true);
  await chat.getByRole('button', { name: '← Rudi kwenye mazungumzo' }).click();

  // The cart and the checkout asked for in Swahili.
  const shown = await write('Nionyeshe kikapu');
  expect(shown).toContain('Kikapu chako:');
  expect(shown).toContain(`${quantity} x ${rice.name}`);
  expect(await write('lipa')).toMatch(/^Msaidizi: Oda yako ni KSh [\d,]+\.\d{2} na usafirishaji ni bure\. .*masharti na vigezo/);

  // The terms: one Swahili agree button; what it sends is the agreement the assistant reads in any language.
  const terms = chat.getByRole('group', { name: 'Vigezo na masharti' });
  await terms.getByText('Tafadhali soma').waitFor();
  expect(await chat.getByRole('button', { name: 'I agree to the terms and conditions' }).count()).toBe(0);
  await terms.getByRole('button', { name: 'Nakubali vigezo na masharti' }).click();
  const county = chat.getByRole('combobox', { name: 'Kaunti', exact: true });
  await county.waitFor();
  expect(sent.at(-1)!.message).toBe('I agree to the terms and conditions');
  expect(await said(log.getByTestId('shopper-message').last())).toBe('Wewe: Nakubali vigezo na masharti');
  await log.getByText(/Tukuletee kaunti gani\?$/).waitFor();

  await county.selectOption({ label: 'Nairobi' });
  const subCounty = chat.getByRole('combobox', { name: 'Kaunti ndogo', exact: true });
  await subCounty.waitFor();
  await log.getByText('Nairobi, sawa. Kaunti ndogo gani?').waitFor();
  await subCounty.selectOption({ label: 'Westlands' });
  const form = chat.getByRole('form', { name: 'Anwani ya kuletewa' });
  await form.waitFor();
  await log.getByText(/^Msaidizi: Westlands\. Tafadhali jaza anwani ya kukuletea/).waitFor();

  // A required field missing: the form says so in Swahili and sends nothing.
  const before = sent.length;
  await form.getByRole('button', { name: 'Thibitisha anwani' }).click();
  await form.getByText('Tafadhali jaza sehemu zote za anwani zinazohitajika').waitFor();
  expect(sent.length).toBe(before);
  await form.getByRole('textbox', { name: /^Jina la kwanza/ }).fill('Wanjiru');
  await form.getByRole('textbox', { name: /^Jina la mwisho/ }).fill('Kamau');
  await form.getByRole('textbox', { name: /^Nambari ya simu/ }).fill('+254 712 345 678');
  await form.getByRole('textbox', { name: /^Barua pepe/ }).fill('wanjiru@example.com');
  await form.getByRole('textbox', { name: /^Anwani ya mtaa/ }).fill('Waiyaki Way 14');
  await form.getByRole('textbox', { name: /^Mji/ }).fill('Nairobi');
  await form.getByRole('textbox', { name: 'Jengo au nyumba (si lazima)' }).fill('Sarit Towers');
  await form.getByRole('button', { name: 'Thibitisha anwani' }).click();

  // The order is placed: the assistant thanks in Swahili, the payment box speaks Swahili.
  const pay = chat.getByRole('link', { name: /^Lipa KSh [\d,]+\.\d{2} sasa$/ });
  await pay.waitFor({ timeout: 20_000 });
  expect(sent.at(-1)).toMatchObject({
    message: expect.stringMatching(/^\d+:\d+:Waiyaki Way 14:Nairobi:Sarit Towers$/),
    contact: { first_name: 'Wanjiru', last_name: 'Kamau', phone: '0712345678', email: 'wanjiru@example.com' },
  });
  const orderNumber = await chat.getByTestId('chat-order-number').innerText();
  await log.getByText(`Asante Wanjiru! Oda yako ${orderNumber} ya `, { exact: false }).waitFor();
  const paymentBox = chat.getByRole('group', { name: `Malipo ya oda ${orderNumber}` });
  await paymentBox.getByText('Nambari ya oda:').waitFor();
  await paymentBox.getByRole('button', { name: 'Jaribu tena' }).waitFor();
  const total = ksh(await pay.innerText());
  expect(total).toBeCloseTo(rice.price * quantity, 2);

  // The (simulated) hosted payment page, then back to the shop's success page in Swahili.
  await pay.click();
  await page.waitForURL(/\/api\/site\/v1\/simulator\//);
  const simulatorPay = page.getByRole('button', { name: /^Pay KSh/ });
  expect(ksh(await simulatorPay.innerText())).toBeCloseTo(total, 2);
  await simulatorPay.click();
  await page.waitForURL(/\/success\?/);
  await page.getByRole('heading', { level: 1, name: 'Asante, Wanjiru!' }).waitFor();
  expect(await page.getByTestId('order-number').innerText()).toBe(orderNumber);
  expect(await page.locator('html').getAttribute('lang')).toBe('sw');
  await eventually(cartCount, (count) => count === '0');

  // Staff see the one order of this purchase, paid.
  const token = await staffToken();
  const orders = (await staffOrders(token)).filter((order) => order.order_number === orderNumber);
  expect(orders).toHaveLength(1);
  expect(orders[0]!.is_paid).toBe(1);
  expect(orders[0]!.status.name).toBe('Paid');
  expect(orders[0]!.total_amount).toBeCloseTo(total, 2);

  // Every message the shopper typed was Swahili, and the assistant kept answering in Swahili.
  expect(sent.map((body) => body.message).filter((message) => !/^\d|^(Add|I agree) /.test(message))).toEqual([
    'Habari',
    'Habari',
    'nataka mchele',
    'Nionyeshe kikapu',
    'lipa',
  ]);
  expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
});
