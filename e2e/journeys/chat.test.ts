import type { Browser, Request } from 'playwright-core';
import type { ChatRequestBody } from '@shop/api-types';
import { eventually, launchBrowser, openJourney, withScreenshotOnFailure } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ slot: 5 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** A chat product's price text, 'KES 230.00' or 'KES 230.00 On offer: KES 210.00': what the shopper pays. */
const kes = (text: string): number =>
  [...text.matchAll(/KES\s*([\d,]+\.\d{2})/g)].map((match) => Number(match[1]!.replace(/,/g, ''))).at(-1) ?? Number.NaN;

it('chat widget: Hello → maize flour → two products into the cart (header follows) → county, sub-county, address → payment page → Pay → /success', async () => {
  const { page, errors } = await openJourney(browser, { width: 1280, height: 900 });
  const sent: ChatRequestBody[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat')
      sent.push(request.postDataJSON() as ChatRequestBody);
  });
  const cartCount = () => page.getByTestId('cart-count').innerText();

  await withScreenshotOnFailure(page, 'chat-journey', async () => {
    await page.goto(`${shop.url}/`);
    await page.getByRole('heading', { name: 'Best Selling Products' }).waitFor();
    expect(await cartCount()).toBe('0');

    // The launcher is the shell's; the chat remote is fetched when it is first pressed.
    await page.getByRole('button', { name: 'Chat with our shopping assistant' }).click();
    const chat = page.getByRole('region', { name: 'Shopping Assistant' });
    await chat.getByRole('heading', { name: 'Shopping Assistant' }).waitFor();
    await chat.getByTestId('assistant-message').first().waitFor();
    expect(sent[0]).toMatchObject({ message: 'Hello', frontend_cart: [] });
    expect(sent[0]!.session_id).toMatch(/^[0-9a-f-]{36}$/);

    // Ask for maize flour: product cards with their price text.
    await chat.getByRole('textbox', { name: 'Message the shopping assistant' }).fill('Do you have maize flour?');
    await chat.getByRole('button', { name: 'Send' }).click();
    const cards = chat.getByTestId('chat-product');
    await cards.first().waitFor();
    const offered = await Promise.all(
      (await cards.all()).map(async (card) => ({ name: await card.getByRole('link').innerText(), price: kes(await card.innerText()) })),
    );
    expect(offered.length).toBeGreaterThanOrEqual(2);
    for (const product of offered) expect(product.price).toBeGreaterThan(0);

    // Two products, the dearest first, so the order passes the minimum of KSh 1,930.
    const [first, second] = [...offered].sort((a, b) => b.price - a.price);
    await chat
      .getByRole('button', { name: `Add to cart: ${first!.name}` })
      .first()
      .click();
    await eventually(cartCount, (count) => count === '1');
    expect(sent.at(-1)!.message).toBe(`Add ${first!.name} to cart`);
    await chat
      .getByRole('button', { name: `Add to cart: ${second!.name}` })
      .first()
      .click();
    await eventually(cartCount, (count) => count === '2');
    expect(sent.at(-1)!.frontend_cart.map((line) => line.quantity)).toEqual([1]);

    // The cart view is the storefront's cart; the drawer shows the same lines.
    await chat.getByRole('button', { name: 'Cart (2)' }).click();
    const chatCart = chat.getByTestId('chat-cart');
    await chatCart.getByRole('heading', { name: 'Your cart (2)' }).waitFor();
    expect(await chatCart.getByTestId('chat-cart-line').count()).toBe(2);
    if (first!.price + second!.price < 1930) {
      // Not enough yet: one more of the dearest, from the cart view.
      await chatCart.getByRole('button', { name: `Add 1 more ${first!.name} to cart` }).click();
      await eventually(cartCount, (count) => count === '3');
    }

    // Checkout: the terms, as the checkout page asks them, then county, sub-county (which reveals the
    // address form), then the address.
    await chatCart.getByRole('button', { name: 'Checkout' }).click();
    await chat
      .getByRole('group', { name: 'Terms and conditions' })
      .getByRole('button', { name: 'I agree to the terms and conditions' })
      .click();
    const county = chat.getByRole('combobox', { name: 'County' });
    await county.waitFor();
    await county.selectOption({ label: 'Nairobi' });
    const subCounty = chat.getByRole('combobox', { name: 'Sub-county' });
    await subCounty.waitFor();
    expect(sent.at(-1)!.message).toMatch(/^\d+$/);
    await subCounty.selectOption({ label: 'Westlands' });
    const form = chat.getByRole('form', { name: 'Delivery address' });
    await form.waitFor();

    // Required fields missing: the spec's message, and nothing is sent.
    const before = sent.length;
    await form.getByRole('button', { name: 'Confirm address' }).click();
    await form.getByText('Please fill in all required address fields').waitFor();
    expect(sent.length).toBe(before);

    await form.getByRole('textbox', { name: /^First name/ }).fill('Achieng');
    await form.getByRole('textbox', { name: /^Last name/ }).fill('Atieno');
    await form.getByRole('textbox', { name: /^Phone/ }).fill('0722000111');
    await form.getByRole('textbox', { name: /^Email/ }).fill('achieng@example.com');
    await form.getByRole('textbox', { name: /^Street address/ }).fill('Waiyaki Way 14');
    await form.getByRole('textbox', { name: /^Town/ }).fill('Nairobi');
    await form.getByRole('textbox', { name: 'Apartment (optional)' }).fill('Sarit Towers');
    await form.getByRole('button', { name: 'Confirm address' }).click();

    // The order is placed: its number and a clear link to the payment page.
    const pay = chat.getByRole('link', { name: /^Pay KSh [\d,]+\.\d{2} now$/ });
    await pay.waitFor({ timeout: 20_000 });
    expect(sent.at(-1)).toMatchObject({
      message: expect.stringMatching(/^\d+:\d+:Waiyaki Way 14:Nairobi:Sarit Towers$/),
      contact: { first_name: 'Achieng', last_name: 'Atieno', phone: '0722000111', email: 'achieng@example.com' },
    });
    const orderNumber = await chat.getByTestId('chat-order-number').innerText();
    expect(orderNumber).toMatch(/\S/);

    // Same window, to the (simulated) hosted payment page; Pay there and land on /success.
    await pay.click();
    await page.waitForURL(/\/api\/site\/v1\/simulator\//);
    await page.getByRole('button', { name: /^Pay KSh/ }).click();
    await page.waitForURL(/\/success\?/);
    await page.getByRole('heading', { name: 'Thank you, Achieng!' }).waitFor();
    expect(await page.getByTestId('order-number').innerText()).toBe(orderNumber);
    await eventually(cartCount, (count) => count === '0');
  });
  expect(errors).toEqual([]);
});

it('/chat: the assistant on a page of its own, with the cart beside it, and no launcher over it', async () => {
  const { page, errors } = await openJourney(browser);
  await withScreenshotOnFailure(page, 'chat-page', async () => {
    await page.goto(`${shop.url}/chat`);
    await page.getByRole('heading', { level: 1, name: 'Shopping Assistant' }).waitFor();
    await eventually(
      () => page.title(),
      (title) => title === 'Shopping Assistant | Shwari Shop',
    );
    await page.getByTestId('assistant-message').first().waitFor();
    await page.getByRole('complementary', { name: 'Your cart' }).getByText('Cart is empty').waitFor();
    expect(await page.getByRole('button', { name: 'Chat with our shopping assistant' }).count()).toBe(0);
  });
  expect(errors).toEqual([]);
});
