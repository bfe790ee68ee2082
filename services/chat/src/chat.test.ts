import { randomUUID } from 'node:crypto';
import {
  CHAT_ADDRESS_MESSAGE,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_TERMS_AGREE_MESSAGE,
  MINIMUM_ORDER_MESSAGE,
  TERMS_REQUIRED_MESSAGE,
  type ChatCartLine,
  type ChatReply,
} from '@shop/api-types';
import { sqlTimestamp } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import { MAXIMUM_REACHED_MESSAGE, UNAVAILABLE_MESSAGES } from './engine/copy';
import { CHAT_MESSAGES } from './routes';
import { startFakeLlm, type FakeLlm } from './testing/fake-llm';
import { NAIROBI, WESTLANDS, postChat, startChatHarness, type ChatHarness } from './testing/harness';

const CONTACT = { first_name: 'Wanjiku', last_name: 'Kamau', phone: '0712345678', email: 'wanjiku.chat@example.com' };
/** Cheapest everyday products by name (seeded catalogue). */
const RICE_5KG = 'Nyota Pishori Rice 5kg';
const OIL_20L = 'Nyota Vegetable Oil 20L';
const MAIZE_1KG = 'Mlima Gold Sifted Maize Meal 1kg';

/** A shopper's side of a conversation: keeps the session id and the cart the replies answer, as the widget does. */
class Shopper {
  readonly sessionId = randomUUID();
  cart: Array<Pick<ChatCartLine, 'id' | 'quantity'> & Partial<ChatCartLine>> = [];
  last!: ChatReply;

  constructor(
    private readonly h: ChatHarness,
    private readonly options: { token?: string; url?: string } = {},
  ) {}

  async say(message: string, extra: Record<string, unknown> = {}): Promise<ChatReply> {
    const body = { message, frontend_cart: this.cart, session_id: this.sessionId, ...extra };
    const answer = this.options.url
      ? await postChat(this.options.url, body, { token: this.options.token })
      : await this.h.post(body, { token: this.options.token });
    if (answer.status !== 200) throw new Error(`"${message}" answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    this.last = answer.body;
    this.cart = answer.body.cart;
    return answer.body;
  }

  via(url: string): Shopper {
    const other = new Shopper(this.h, { ...this.options, url });
    Object.assign(other, { sessionId: this.sessionId, cart: this.cart });
    return other;
  }
}

describe.each(testDatabases('chat'))('the shopping assistant on $dialect', (database) => {
  let h: ChatHarness;

  // Four services, each on a fresh database with its migrations: on MySQL and a busy two-core machine that takes more than jest's 5 s.
  beforeAll(async () => {
    h = await startChatHarness(database);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const productNamed = (name: string) => h.shop.products.find((product) => product.name === name)!;
  /** A staff change, then a quiet moment: the next message waits for the catalogue's new revision. */
  const staffChange = async (change: Parameters<ChatHarness['shop']['changeCatalogue']>[0]) => {
    await h.shop.changeCatalogue(change);
    await new Promise((resolve) => setTimeout(resolve, 10));
  };

  describe('a complete checkout', () => {
    it('goes from Hello to a payment page, and the order really exists', async () => {
      const shopper = new Shopper(h);
      const hello = await shopper.say('Hello');
      expect(hello).toMatchObject({
        session_id: shopper.sessionId,
        step: 'browsing',
        products: [],
        cart: [],
        counties: [],
        subcounties: [],
        show_address_form: false,
        checkout: null,
      });
      expect(hello.text).toContain('shopping assistant');
      expect(hello.suggestions.length).toBeGreaterThan(0);

      const found = await shopper.say('pishori rice 5kg');
      expect(found.products[0]).toEqual({
        id: productNamed(RICE_5KG).id,
        name: RICE_5KG,
        slug: productNamed(RICE_5KG).slug,
        image: productNamed(RICE_5KG).image,
        price: 'KES 1,050.00',
      });
      expect(found.suggestions).toContain(`Add ${RICE_5KG} to cart`);

      let reply = await shopper.say(`Add ${RICE_5KG} to cart`);
      expect(reply.text).toContain(`${RICE_5KG} added to cart`);
      reply = await shopper.say(`Add 1 more ${RICE_5KG} to cart`);
      expect(reply.text).toContain(`${RICE_5KG} updated cart quantity`);
      expect(reply.cart).toEqual([
        {
          id: productNamed(RICE_5KG).id,
          name: RICE_5KG,
          slug: productNamed(RICE_5KG).slug,
          image: productNamed(RICE_5KG).image,
          unit: productNamed(RICE_5KG).unit,
          price: 1050,
          offer: null,
          limit: { minimum_quantity: 1, maximum_quantity: productNamed(RICE_5KG).max_quantity },
          quantity: 2,
          product_total: 2100,
        },
      ]);

      reply = await shopper.say('view_cart');
      expect(reply.text).toContain('Subtotal: KSh 2,100.00');

      // The terms first, as the checkout page's checkbox: nothing goes further until the shopper agrees.
      reply = await shopper.say('Checkout');
      expect(reply).toMatchObject({ step: 'terms', counties: [], show_address_form: false, checkout: null });
      expect(reply.text).toContain('terms and conditions (/terms)');
      expect(reply.suggestions).toEqual([CHAT_TERMS_AGREE_MESSAGE, 'Cancel']);

      reply = await shopper.say(CHAT_TERMS_AGREE_MESSAGE);
      expect(reply.step).toBe('county');
      expect(reply.counties).toHaveLength(47);
      expect(reply.counties).toContainEqual({ id: NAIROBI, name: 'Nairobi' });

      reply = await shopper.say(String(NAIROBI));
      expect(reply.step).toBe('subcounty');
      expect(reply.subcounties).toContainEqual({ id: WESTLANDS, name: 'Westlands' });
      expect(reply.show_address_form).toBe(false);

      reply = await shopper.say(String(WESTLANDS));
      expect(reply).toMatchObject({ step: 'address', show_address_form: true, checkout: null });

      reply = await shopper.say(`${NAIROBI}:${WESTLANDS}::Westlands:`, { contact: CONTACT });
      expect(reply).toMatchObject({ text: CHAT_ADDRESS_MESSAGE, step: 'address', show_address_form: true });

      reply = await shopper.say(`${NAIROBI}:${WESTLANDS}:12 Moi Avenue:Westlands:Flat 4B`, { contact: CONTACT });
      // The cart stays until the order is paid: a declined payment is tried again on this order.
      expect(reply).toMatchObject({ step: 'payment', cart: [{ id: productNamed(RICE_5KG).id, quantity: 2 }], show_address_form: false });
      expect(reply.checkout).toEqual({
        order_id: expect.any(Number),
        order_number: expect.stringMatching(/^SH-\d{6,}$/),
        // The browser whose conversation placed the order may pay it again from any of its tabs (the /failed page).
        payment_key: expect.stringMatching(/^\S{32,}$/),
        total_amount: 2100,
        payment_url: expect.stringMatching(/^\/api\/site\/v1\/simulator\/[A-Z0-9-]+$/),
      });
      expect(reply.text).toContain(reply.checkout!.order_number);

      const order = await h.shop.db('orders').where({ order_number: reply.checkout!.order_number }).first();
      expect(order).toMatchObject({
        customer_id: null,
        first_name: 'Wanjiku',
        email: 'wanjiku.chat@example.com',
        street: '12 Moi Avenue',
        apartment: 'Flat 4B',
        town: 'Westlands',
        county_id: NAIROBI,
        sub_county_id: WESTLANDS,
        total_cents: 210000,
      });
      expect(await h.shop.count('order_items', { order_id: order.id })).toBe(1);
      expect(reply.checkout!.order_id).toBe(order.id);
      expect(await h.shop.count('payments', { order_id: order.id, method: 'hosted' })).toBe(1);
      // The payment page the reply names is the simulator's page for that order.
      const page = await fetch(`${h.shop.url}${reply.checkout!.payment_url}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(order.order_number);

      // 'Pay' opens a payment page for the same order again; no second order.
      const again = await shopper.say('Pay');
      expect(again.checkout).toEqual({ ...reply.checkout, payment_url: expect.stringMatching(/^\/api\/site\/v1\/simulator\/[A-Z0-9-]+$/) });
      expect(await h.shop.count('orders', { email: 'wanjiku.chat@example.com' })).toBe(1);
    });

    it("places a signed-in customer's order on the account, contact from the profile", async () => {
      const customer = await h.shop.customer();
      const shopper = new Shopper(h, { token: customer.token });
      await shopper.say('add 2 pishori rice 5kg');
      expect(shopper.cart).toMatchObject([{ id: productNamed(RICE_5KG).id, quantity: 2 }]);
      await shopper.say('Checkout');
      // Agreeing in Swahili, typed.
      expect((await shopper.say('Nakubali masharti')).step).toBe('county');
      await shopper.say('Nairobi');
      expect(shopper.last.step).toBe('subcounty');
      await shopper.say('westlands');
      expect(shopper.last.step).toBe('address');
      const reply = await shopper.say(`${NAIROBI}:${WESTLANDS}:Ngong Road:Nairobi:`);
      expect(reply.checkout?.payment_url).toBeTruthy();
      const order = await h.shop.db('orders').where({ order_number: reply.checkout!.order_number }).first();
      expect(order).toMatchObject({
        customer_id: customer.accountId,
        email: customer.email,
        first_name: 'Wanjiku',
        phone: '0722000111',
        apartment: null,
      });
    });

    it("relays the orders service's refusals and stays at the address", async () => {
      const shopper = new Shopper(h);
      await shopper.say('add 2 pishori rice 5kg');
      await shopper.say('Checkout');
      await shopper.say('yes');
      const reply = await shopper.say(`${NAIROBI}:${WESTLANDS}:12 Moi Avenue:Westlands:`, { contact: { ...CONTACT, first_name: '' } });
      expect(reply).toMatchObject({ text: 'First name is required', step: 'address', show_address_form: true, checkout: null });
      const mismatch = await shopper.say(`1:${WESTLANDS}:12 Moi Avenue:Westlands:`, { contact: CONTACT });
      expect(mismatch.text).toBe('The selected sub-county does not belong to the selected county.');
      expect(mismatch.cart).toHaveLength(1);
    });

    it('limits the orders one address places per minute, as the gateway limits the checkout', async () => {
      const limited = await h.startApp({ ordersPerMinute: 1 });
      const place = async (address: string) => {
        const shopper = new Shopper(h, { url: limited.url });
        await shopper.say('add 2 pishori rice 5kg');
        await shopper.say(CHAT_TERMS_AGREE_MESSAGE);
        const answer = await postChat(
          limited.url,
          {
            message: `${NAIROBI}:${WESTLANDS}:12 Moi Avenue:Westlands:`,
            session_id: shopper.sessionId,
            frontend_cart: shopper.cart,
            contact: CONTACT,
          },
          { headers: { 'x-forwarded-for': address } },
        );
        return answer.body;
      };
      expect((await place('198.51.100.7')).checkout?.order_number).toBeTruthy();
      const refused = await place('198.51.100.7');
      expect(refused).toMatchObject({ checkout: null, step: 'address', text: expect.stringContaining('Please wait a minute') });
      expect((await place('198.51.100.8')).checkout?.order_number).toBeTruthy();
    });

    it('answers 401 for a token that is not live, like every service', async () => {
      const shopper = new Shopper(h, { token: 'x'.repeat(43) });
      await shopper.say('add 2 pishori rice 5kg');
      await shopper.say(CHAT_TERMS_AGREE_MESSAGE);
      const answer = await h.post(
        { message: `${NAIROBI}:${WESTLANDS}:12 Moi Avenue:Westlands:`, session_id: shopper.sessionId, frontend_cart: shopper.cart },
        { token: 'x'.repeat(43) },
      );
      expect(answer).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } });
    });
  });

  describe('paying, trying again and changing the cart (issue 14)', () => {
    const PENDING = 1;
    const PAID = 2;
    const CANCELLED = 6;
    const ADDRESS = `${NAIROBI}:${WESTLANDS}:12 Moi Avenue:Westlands:`;

    /** The simulator's page buttons as a browser presses them: the choice, then DPO's redirect back; answers where the shopper lands. */
    const settle = async (paymentUrl: string, action: 'pay' | 'decline' | 'cancel'): Promise<string> => {
      const chosen = await fetch(`${h.shop.url}${paymentUrl}/${action}`, { method: 'POST', redirect: 'manual' });
      expect(chosen.status).toBe(303);
      const back = await fetch(new URL(chosen.headers.get('location')!, h.shop.url), { redirect: 'manual' });
      return back.headers.get('location') ?? '';
    };
    const statusOf = async (orderNumber: string): Promise<number> =>
      Number((await h.shop.db('orders').where({ order_number: orderNumber }).first('status_id')).status_id);
    const ordersFor = (email: string) => h.shop.count('orders', { email });
    /** The conversation's stored state, as the chat service keeps it (never sent to the shopper). */
    const keptOrder = async (sessionId: string) =>
      (JSON.parse((await h.db('chat_sessions').where({ id: sessionId }).first('state')).state) as { order?: { payment_key?: string } })
        .order;

    async function placeOrder(shopper: Shopper, contact: typeof CONTACT): Promise<ChatReply> {
      await shopper.say('Checkout');
      if (shopper.last.step === 'terms') await shopper.say(CHAT_TERMS_AGREE_MESSAGE);
      await shopper.say(String(NAIROBI));
      await shopper.say(String(WESTLANDS));
      const reply = await shopper.say(ADDRESS, { contact });
      if (!reply.checkout) throw new Error(`no order placed: ${reply.text}`);
      return reply;
    }

    it('declined, then Try Again: the same order is paid, exactly one order exists, and the cart goes only once it is paid', async () => {
      const contact = { ...CONTACT, email: 'retry.chat@example.com' };
      const shopper = new Shopper(h);
      await shopper.say('add 2 pishori rice 5kg');

      // No order before the terms: the address alone is refused with the checkout page's message.
      await shopper.say('Checkout');
      const early = await shopper.say(ADDRESS, { contact });
      expect(early).toMatchObject({ step: 'terms', checkout: null, suggestions: [CHAT_TERMS_AGREE_MESSAGE, 'Cancel'] });
      expect(early.text).toContain(TERMS_REQUIRED_MESSAGE);
      expect(await ordersFor(contact.email)).toBe(0);

      const placed = await placeOrder(shopper, contact);
      const orderNumber = placed.checkout!.order_number;
      expect(placed.cart).toMatchObject([{ name: RICE_5KG, quantity: 2 }]);
      // The payment key is stored with the conversation and given to its browser only with the
      // payment box, so /failed pays this same order again from any tab; nowhere else in a reply.
      const key = (await keptOrder(shopper.sessionId))?.payment_key;
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(placed.checkout!.payment_key).toBe(key);
      expect(JSON.stringify({ ...placed, checkout: { ...placed.checkout, payment_key: null } })).not.toContain(key);

      expect(await settle(placed.checkout!.payment_url, 'decline')).toMatch(/^\/failed/);
      expect(await statusOf(orderNumber)).toBe(PENDING);

      // Back in the chat: the cart is still there, and Try Again pays the same order.
      const retry = await shopper.say('Try again');
      expect(retry.text).toContain(`payment page for your order ${orderNumber} again`);
      expect(retry).toMatchObject({ step: 'payment', cart: [{ name: RICE_5KG, quantity: 2 }] });
      expect(retry.checkout).toMatchObject({ order_number: orderNumber, total_amount: 2100 });
      expect(retry.checkout!.payment_url).not.toBe(placed.checkout!.payment_url);
      expect(retry.checkout!.payment_key).toBe(key);
      expect(await ordersFor(contact.email)).toBe(1);

      // Cancelled on the payment page, then Checkout again with the same cart: still that order, not a second one.
      expect(await settle(retry.checkout!.payment_url, 'cancel')).toMatch(/^\/failed/);
      const checkoutAgain = await shopper.say('Checkout');
      expect(checkoutAgain.text).toContain(`Your order ${orderNumber} for this cart is waiting for payment`);
      expect(checkoutAgain.checkout?.order_number).toBe(orderNumber);
      expect(await ordersFor(contact.email)).toBe(1);

      expect(await settle(checkoutAgain.checkout!.payment_url, 'pay')).toMatch(/^\/success/);
      expect(await statusOf(orderNumber)).toBe(PAID);
      const order = await h.shop.db('orders').where({ order_number: orderNumber }).first();
      expect(await h.shop.count('payments', { order_id: order.id })).toBe(3);

      // Paid: the chat says so and the cart is emptied; the next purchase asks for the terms again.
      const after = await shopper.say('Hello');
      expect(after.text).toContain(`Your order ${orderNumber} is paid`);
      expect(after).toMatchObject({ cart: [], checkout: null, step: 'browsing' });
      expect(await keptOrder(shopper.sessionId)).toBeUndefined();
      await shopper.say('add 2 pishori rice 5kg');
      expect((await shopper.say('Checkout')).step).toBe('terms');
      expect(await ordersFor(contact.email)).toBe(1);
    });

    it('a cart changed after an unpaid order places a new order that replaces it; Cancel my order abandons one', async () => {
      const contact = { ...CONTACT, email: 'replace.chat@example.com' };
      const shopper = new Shopper(h);
      await shopper.say('add 2 pishori rice 5kg');
      const first = await placeOrder(shopper, contact);
      expect(await settle(first.checkout!.payment_url, 'decline')).toMatch(/^\/failed/);

      await shopper.say(`Add ${MAIZE_1KG} to cart`);
      const pay = await shopper.say('Pay');
      expect(pay.text).toContain(`Your cart has changed since order ${first.checkout!.order_number}`);
      // The terms were agreed to for this purchase: straight on to where to deliver.
      expect(pay.step).toBe('county');
      await shopper.say(String(NAIROBI));
      await shopper.say(String(WESTLANDS));
      const second = await shopper.say(ADDRESS, { contact });
      expect(second.checkout?.order_number).toBeTruthy();
      expect(second.checkout!.order_number).not.toBe(first.checkout!.order_number);
      expect(second.checkout!.total_amount).toBe(2100 + productNamed(MAIZE_1KG).price_cents / 100);
      expect(await statusOf(first.checkout!.order_number)).toBe(CANCELLED);
      expect(await statusOf(second.checkout!.order_number)).toBe(PENDING);
      expect(second.cart).toHaveLength(2);

      const cancelled = await shopper.say('cancel my order');
      expect(cancelled.text).toContain(`Your order ${second.checkout!.order_number} is cancelled`);
      expect(cancelled.cart).toHaveLength(2);
      expect(await statusOf(second.checkout!.order_number)).toBe(CANCELLED);
      // Nothing unpaid is left: the next checkout is a new order on its own.
      expect(await keptOrder(shopper.sessionId)).toBeUndefined();
      expect(await ordersFor(contact.email)).toBe(2);
    });

    it('tells the shopper when a price changed, and re-prices when the orders service refuses "Prices have changed"', async () => {
      const contact = { ...CONTACT, email: 'reprice.chat@example.com' };
      const rice = productNamed(RICE_5KG);
      const shopper = new Shopper(h);
      await shopper.say('add 2 pishori rice 5kg');
      try {
        // Shown: the cart the shopper holds has yesterday's price; the reply has today's and says what changed.
        await staffChange((trx) => trx('products').where({ id: rice.id }).update({ price_cents: 110_000 }));
        const shown = await shopper.say('view_cart');
        expect(shown.text).toContain(`Prices have changed: ${RICE_5KG} is now KSh 1,100.00 (was KSh 1,050.00).`);
        expect(shown.cart).toMatchObject([{ id: rice.id, price: 1100, product_total: 2200 }]);
        expect((await shopper.say('view_cart')).text).not.toContain('Prices have changed');

        // A staff change lands between the chat's lookup and the orders service's own pricing: the orders service refuses.
        await shopper.say('Checkout');
        await shopper.say(CHAT_TERMS_AGREE_MESSAGE);
        await shopper.say(String(NAIROBI));
        await shopper.say(String(WESTLANDS));
        const catalog = h.app.services.catalog;
        const lookup = catalog.lookup.bind(catalog);
        jest.spyOn(catalog, 'lookup').mockImplementationOnce(async (ids, options) => {
          const answer = await lookup(ids, options);
          await h.shop.changeCatalogue((trx) => trx('products').where({ id: rice.id }).update({ price_cents: 115_000 }));
          return answer;
        });
        const refused = await shopper.say(ADDRESS, { contact });
        expect(refused.text).toContain(`Prices have changed: ${RICE_5KG} is now KSh 1,150.00 (was KSh 1,100.00).`);
        expect(refused.text).toContain('comes to KSh 2,300.00');
        expect(refused).toMatchObject({ step: 'address', show_address_form: true, checkout: null });
        expect(refused.cart).toMatchObject([{ id: rice.id, price: 1150, product_total: 2300 }]);
        expect(await ordersFor(contact.email)).toBe(0);

        // The next try goes through at today's prices.
        const placed = await shopper.say(ADDRESS, { contact });
        expect(placed.checkout).toMatchObject({ total_amount: 2300 });
        expect(await ordersFor(contact.email)).toBe(1);
      } finally {
        jest.restoreAllMocks();
        await staffChange((trx) => trx('products').where({ id: rice.id }).update({ price_cents: rice.price_cents }));
      }
    });

    it.each([
      ['+254 712 345 678', '0712345678'],
      ['254712345678', '0712345678'],
      ['0712 345 678', '0712345678'],
      ['0110-123-456', '0110123456'],
    ])('takes the phone %s in the address details and the order keeps %s', async (written, stored) => {
      const email = `phone.${stored}.${written.length}@example.com`;
      const shopper = new Shopper(h);
      await shopper.say('add 2 pishori rice 5kg');
      const placed = await placeOrder(shopper, { ...CONTACT, email, phone: written });
      const order = await h.shop.db('orders').where({ order_number: placed.checkout!.order_number }).first();
      expect(order.phone).toBe(stored);
    });

    it('answers a phone that is not Kenyan with the checkout message', async () => {
      const shopper = new Shopper(h);
      await shopper.say('add 2 pishori rice 5kg');
      await shopper.say(CHAT_TERMS_AGREE_MESSAGE);
      const refused = await shopper.say(ADDRESS, { contact: { ...CONTACT, phone: '12345' } });
      expect(refused).toMatchObject({ step: 'address', checkout: null });
      expect(refused.text).toMatch(/^Phone number/);
    });
  });

  describe('conversation', () => {
    it('understands typos, Swahili and questions about prices and offers', async () => {
      const shopper = new Shopper(h);
      let reply = await shopper.say('pishory rice');
      expect(reply.products.map((product) => product.name)).toEqual(['Nyota Pishori Rice 1kg', RICE_5KG]);

      reply = await shopper.say('unga ya ugali 2kg');
      expect(reply.products[0]!.name).toMatch(/Maize Meal.*2kg/);
      expect(reply.products.every((product) => /Maize Meal/.test(product.name))).toBe(true);

      reply = await shopper.say('cheapest wheat flour');
      const wheat = h.shop.products.filter((product) => product.category_name === 'Wheat Flour');
      const cheapest = Math.min(...wheat.map((product) => h.shop.unitCents(product.id)));
      expect(h.shop.unitCents(reply.products[0]!.id)).toBeLessThanOrEqual(cheapest);
      expect(reply.text).toMatch(/^The cheapest wheat flour is /);

      reply = await shopper.say('what is on offer?');
      expect(reply.products.length).toBeGreaterThan(0);
      for (const product of reply.products) expect(product.price).toMatch(/^KES [\d,]+\.\d\d On offer: KES [\d,]+\.\d\d$/);

      reply = await shopper.say('Habari yako');
      expect(reply.text).toMatch(/^Habari!/);
      reply = await shopper.say('jambo, mna mchele?');
      expect(reply.text).toMatch(/^Habari!/);
      expect(reply.products.every((product) => /Rice/.test(product.name))).toBe(true);

      // Written in Swahili, answered in Swahili (language.ts); the English messages between are answered in English.
      reply = await shopper.say('bei ya ndengu');
      expect(reply.text).toMatch(/^Bei ya Nyota Green Grams \(Ndengu\) 1kg ni KSh/);
      reply = await shopper.say('ongeza hiyo');
      expect(reply.text).toContain('Nyota Green Grams (Ndengu) 1kg imeongezwa kwenye kikapu');

      reply = await shopper.say('nataka mafuta');
      expect(reply.text).toBe('Ungependa ipi?');
      expect(reply.products.every((product) => /Oil/.test(product.name))).toBe(true);

      reply = await shopper.say('add 3 packets of pishori rice 5kg');
      expect(reply.text).toContain(`3 x ${RICE_5KG} added to cart`);
      reply = await shopper.say('ondoa ndengu');
      expect(reply.text).toContain('Nyota Green Grams (Ndengu) 1kg imetolewa kwenye kikapu');
      reply = await shopper.say('punguza pishori rice');
      expect(reply.cart).toMatchObject([{ name: RICE_5KG, quantity: 2 }]);
      reply = await shopper.say('kikapu changu');
      expect(reply.text).toContain(`2 x ${RICE_5KG}: KSh 2,100.00`);

      expect((await shopper.say('asante sana')).text).toMatch(/^Karibu sana!/);
      expect((await shopper.say('msaada')).text).toMatch(/^Naweza kukusaidia kununua/);
      expect((await shopper.say('help')).text).toContain('Nakuelewa pia kwa Kiswahili');
      expect((await shopper.say('do you deliver to Kisumu?')).text).toContain('free countrywide');
      expect((await shopper.say('can I pay cash on delivery?')).text).toContain('no cash on delivery');
      expect((await shopper.say('where is my order?')).text).toContain("can't track orders");
      expect((await shopper.say('sugar')).text).toMatch(/^Sorry, I couldn't find "sugar" in the shop\. We sell maize meal/);
      const nonsense = await shopper.say('qwxzv plmkj trrrp zzkv');
      expect(nonsense.text).toMatch(/^Sorry, I didn't quite get that/);
      expect(nonsense.suggestions.length).toBeGreaterThan(0);
    });

    it('answers remove_from_cart, removes and decreases lines, and clears the cart', async () => {
      const shopper = new Shopper(h);
      expect((await shopper.say('remove_from_cart')).text).toContain('Your cart is empty');
      await shopper.say(`Add ${MAIZE_1KG} to cart`);
      await shopper.say(`Add ${RICE_5KG} to cart`);
      const menu = await shopper.say('remove_from_cart');
      expect(menu.suggestions).toEqual([`Remove ${MAIZE_1KG} from cart`, `Remove ${RICE_5KG} from cart`]);
      let reply = await shopper.say(`Decrease ${MAIZE_1KG} quantity by 1`);
      expect(reply.text).toContain(`${MAIZE_1KG} removed from cart`);
      reply = await shopper.say(`Remove ${MAIZE_1KG} from cart`);
      expect(reply.text).toContain('is not in your cart');
      reply = await shopper.say(`Remove ${RICE_5KG} from cart`);
      expect(reply).toMatchObject({ cart: [] });
      await shopper.say(`Add ${RICE_5KG} to cart`);
      expect((await shopper.say('clear cart')).cart).toEqual([]);
    });

    it('keeps within quantity limits with the storefront message', async () => {
      const oil = productNamed(OIL_20L);
      const shopper = new Shopper(h);
      let reply = await shopper.say(`add 20 ${OIL_20L}`);
      expect(reply.text).toContain(MAXIMUM_REACHED_MESSAGE);
      expect(reply.cart).toMatchObject([{ id: oil.id, quantity: oil.max_quantity }]);
      reply = await shopper.say(`Add 1 more ${OIL_20L} to cart`);
      expect(reply.text).toContain(MAXIMUM_REACHED_MESSAGE);
      expect(reply.cart[0]!.quantity).toBe(oil.max_quantity);
      // A storefront cart over the limit is brought within it.
      shopper.cart = [{ id: oil.id, quantity: 50 }];
      reply = await shopper.say('view_cart');
      expect(reply.text).toContain(MAXIMUM_REACHED_MESSAGE);
      expect(reply.cart[0]!.quantity).toBe(oil.max_quantity);
    });

    it('re-prices the storefront cart from the catalogue and drops products that are gone', async () => {
      const rice = productNamed(RICE_5KG);
      const maize = productNamed(MAIZE_1KG);
      const shopper = new Shopper(h);
      shopper.cart = [
        { id: rice.id, quantity: 1, price: 1, product_total: 1, name: 'cheap rice' },
        { id: 999_999, quantity: 1, name: 'Old Flour 2kg' },
        { id: maize.id, quantity: 2 },
      ];
      let reply = await shopper.say('view_cart');
      expect(reply.text).toContain('"Old Flour 2kg" is no longer available');
      expect(reply.cart.map((line) => [line.id, line.price, line.product_total])).toEqual([
        [rice.id, 1050, 1050],
        [maize.id, maize.price_cents / 100, (maize.price_cents * 2) / 100],
      ]);
      // Staff archive it: the catalogue's revision moves, and the next message knows.
      await staffChange((trx) => trx('products').where({ id: maize.id }).update({ archived_at: sqlTimestamp() }));
      try {
        reply = await shopper.say('view_cart');
        expect(reply.text).toContain(`"${MAIZE_1KG}" is no longer available`);
        expect(reply.cart.map((line) => line.id)).toEqual([rice.id]);
        expect((await shopper.say('sifted maize meal 1kg')).products.map((product) => product.id)).not.toContain(maize.id);
      } finally {
        await staffChange((trx) => trx('products').where({ id: maize.id }).update({ archived_at: null }));
      }
      // A new price is shown as soon as staff save it.
      await staffChange((trx) => trx('products').where({ id: rice.id }).update({ price_cents: 109_900 }));
      try {
        reply = await shopper.say('view_cart');
        expect(reply.cart.find((line) => line.id === rice.id)).toMatchObject({ price: 1099, product_total: 1099 });
      } finally {
        await staffChange((trx) => trx('products').where({ id: rice.id }).update({ price_cents: rice.price_cents }));
      }
    });

    it('checks the minimum order before offering counties', async () => {
      const shopper = new Shopper(h);
      expect((await shopper.say('Checkout')).text).toContain('Your cart is empty');
      await shopper.say(`Add ${MAIZE_1KG} to cart`);
      const reply = await shopper.say('Checkout');
      expect(reply.text).toContain(MINIMUM_ORDER_MESSAGE);
      expect(reply).toMatchObject({ step: 'browsing', counties: [] });
      // The address alone does not get round it either.
      const direct = await shopper.say(`${NAIROBI}:${WESTLANDS}:12 Moi Avenue:Westlands:`, { contact: CONTACT });
      expect(direct.text).toContain(MINIMUM_ORDER_MESSAGE);
    });

    it('keeps the conversation over a restart, and starts unknown sessions afresh', async () => {
      const shopper = new Shopper(h);
      await shopper.say('add 2 pishori rice 5kg');
      await shopper.say('Checkout');
      await shopper.say(CHAT_TERMS_AGREE_MESSAGE);
      await shopper.say(String(NAIROBI));
      expect(shopper.last.step).toBe('subcounty');
      // A new app instance on the same database: the step and the chosen county are still there.
      const restarted = await h.startApp();
      const reply = await shopper.via(restarted.url).say(String(WESTLANDS));
      expect(reply).toMatchObject({ step: 'address', show_address_form: true });
      // Without a frontend cart, the cart the conversation last answered is used.
      const noCart = await postChat(restarted.url, { message: 'view_cart', session_id: shopper.sessionId });
      expect(noCart.body.cart).toMatchObject([{ name: RICE_5KG, quantity: 2 }]);
      const transcript = await restarted.services.sessions.transcript(shopper.sessionId);
      expect(transcript.filter((line) => line.role === 'shopper').map((line) => line.text)).toEqual([
        'add 2 pishori rice 5kg',
        'Checkout',
        CHAT_TERMS_AGREE_MESSAGE,
        String(NAIROBI),
        String(WESTLANDS),
        'view_cart',
      ]);

      const fresh = await h.post({ message: String(WESTLANDS), session_id: randomUUID(), frontend_cart: [] });
      expect(fresh.status).toBe(200);
      expect(fresh.body.step).toBe('browsing');
      const unnamed = await h.post({ message: 'Hello', frontend_cart: [] });
      expect(unnamed.body.session_id).toMatch(/^[0-9a-f-]{36}$/);

      // Conversations untouched for CHAT_SESSION_TTL_DAYS go, transcript and all.
      expect(await restarted.services.sessions.prune(30)).toBe(0);
      expect(await restarted.services.sessions.prune(30, new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(3);
      expect(await restarted.services.sessions.transcript(shopper.sessionId)).toEqual([]);
      expect(
        (await postChat(restarted.url, { message: String(WESTLANDS), session_id: shopper.sessionId, frontend_cart: [] })).body.step,
      ).toBe('browsing');
    });
  });

  describe('bad input', () => {
    const valid = { message: 'Hello', frontend_cart: [], session_id: randomUUID() };
    const refused = async (body: unknown, field: string, message: string) => {
      const answer = await h.post(body);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ message, errors: { [field]: [message] } });
    };

    it('answers 4xx with a message per field, never 500', async () => {
      await refused({ ...valid, message: undefined }, 'message', CHAT_MESSAGES.messageRequired);
      await refused({ ...valid, message: '   ' }, 'message', CHAT_MESSAGES.messageRequired);
      await refused({ ...valid, message: 42 }, 'message', CHAT_MESSAGES.messageString);
      await refused({ ...valid, message: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }, 'message', CHAT_MESSAGES.messageTooLong);
      await refused({ ...valid, message: 'hi\u0000there' }, 'message', CHAT_MESSAGES.messageControl);
      await refused({ ...valid, message: '\u001b[31mred' }, 'message', CHAT_MESSAGES.messageControl);
      await refused({ ...valid, session_id: 'no spaces allowed' }, 'session_id', CHAT_MESSAGES.sessionId);
      await refused({ ...valid, session_id: 'a'.repeat(65) }, 'session_id', CHAT_MESSAGES.sessionId);
      await refused({ ...valid, session_id: 12345678 }, 'session_id', CHAT_MESSAGES.sessionId);
      await refused({ ...valid, frontend_cart: 'rice' }, 'frontend_cart', CHAT_MESSAGES.cart);
      await refused({ ...valid, frontend_cart: [{ id: 'x', quantity: 1 }] }, 'frontend_cart.0.id', CHAT_MESSAGES.cartId);
      await refused({ ...valid, frontend_cart: [{ id: 1, quantity: 1.5 }] }, 'frontend_cart.0.quantity', CHAT_MESSAGES.cartQuantity);
      await refused(
        { ...valid, frontend_cart: Array.from({ length: 101 }, (_, i) => ({ id: i + 1, quantity: 1 })) },
        'frontend_cart',
        CHAT_MESSAGES.cartTooLong,
      );
      await refused({ ...valid, contact: 'me' }, 'contact', CHAT_MESSAGES.contact);
      await refused({ ...valid, contact: { first_name: 7 } }, 'contact.first_name', CHAT_MESSAGES.contactField);
      await refused([valid], '_', CHAT_MESSAGES.body);

      expect(await h.post(undefined, { raw: '{"message": "Hello"' })).toMatchObject({
        status: 400,
        body: { message: 'The request body is not valid JSON.' },
      });
      expect(
        await h.post(undefined, {
          raw: JSON.stringify({
            ...valid,
            frontend_cart: Array.from({ length: 2000 }, () => ({ id: 1, quantity: 1, name: 'x'.repeat(40) })),
          }),
        }),
      ).toMatchObject({
        status: 413,
        body: { message: 'The request body is too large.' },
      });
      const binary = await h.post(undefined, { raw: '\u0000\u0001\u0002', headers: { 'content-type': 'application/octet-stream' } });
      expect(binary.status).toBe(422);
      expect((await fetch(`${h.app.url}/api/chat`)).status).toBe(405);
    });

    it('reads odd but harmless carts without complaint', async () => {
      const rice = productNamed(RICE_5KG);
      const answer = await h.post({
        ...valid,
        message: 'view_cart',
        frontend_cart: [
          { id: String(rice.id), quantity: '2' },
          { id: rice.id, quantity: 1 },
          { id: rice.id + 1, quantity: 0 },
        ],
      });
      expect(answer.status).toBe(200);
      expect(answer.body.cart).toMatchObject([{ id: rice.id, quantity: 3 }]);
      const emoji = await h.post({ ...valid, message: 'Habari 👋🏾 unga?' });
      expect(emoji.status).toBe(200);
    });
  });

  describe('services that are down', () => {
    it('answers 503 with a clear message naming what cannot be reached', async () => {
      const closed = 'http://127.0.0.1:9';
      const noCatalog = await h.startApp({ catalogUrl: closed });
      expect(await postChat(noCatalog.url, { message: 'maize meal', session_id: randomUUID(), frontend_cart: [] })).toMatchObject({
        status: 503,
        body: { message: UNAVAILABLE_MESSAGES.catalog },
      });
      // What needs no catalogue still works.
      expect((await postChat(noCatalog.url, { message: 'Hello', session_id: randomUUID(), frontend_cart: [] })).status).toBe(200);

      const rice = productNamed(RICE_5KG);
      const cart = [{ id: rice.id, quantity: 2 }];
      const noCustomers = await h.startApp({ customersUrl: closed });
      expect(
        await postChat(noCustomers.url, { message: CHAT_TERMS_AGREE_MESSAGE, session_id: randomUUID(), frontend_cart: cart }),
      ).toMatchObject({
        status: 503,
        body: { message: UNAVAILABLE_MESSAGES.customers },
      });

      const noOrders = await h.startApp({ ordersUrl: closed });
      const agreed = new Shopper(h);
      agreed.cart = cart;
      await agreed.say(CHAT_TERMS_AGREE_MESSAGE);
      const placed = await postChat(noOrders.url, {
        message: `${NAIROBI}:${WESTLANDS}:12 Moi Avenue:Westlands:`,
        session_id: agreed.sessionId,
        frontend_cart: cart,
        contact: CONTACT,
      });
      expect(placed).toMatchObject({ status: 503, body: { message: UNAVAILABLE_MESSAGES.orders } });
    });
  });

  describe('with a language model', () => {
    let llm: FakeLlm;
    let url: string;
    beforeAll(async () => {
      llm = await startFakeLlm();
      url = (await h.startApp({ llm: { url: llm.endpoint, model: 'test-model', apiKey: 'sk-test', timeoutMs: 300 } })).url;
    });
    afterAll(() => llm.close());
    const say = (message: string) => postChat(url, { message, session_id: randomUUID(), frontend_cart: [] });

    it('lets the model read what the rules do not, with prices from the catalogue', async () => {
      llm.answer({ content: 'Sure! {"intent":"search","product":"porridge flour","quantity":1,"sort":null,"offers":false,"topic":null}' });
      const reply = await say('my kids are hungry in the morning, what do you suggest');
      expect(reply.status).toBe(200);
      expect(reply.body.products.length).toBeGreaterThan(0);
      expect(reply.body.products.every((product) => /Porridge|Uji/.test(product.name))).toBe(true);
      const shown = h.shop.products.find((product) => product.id === reply.body.products[0]!.id)!;
      expect(reply.body.products[0]!.price).toContain((shown.price_cents / 100).toFixed(2));
      const request = llm.requests.at(-1)!;
      expect(request).toMatchObject({ authorization: 'Bearer sk-test', body: { model: 'test-model' } });
      expect(request.body.messages.at(-1)).toEqual({ role: 'user', content: 'my kids are hungry in the morning, what do you suggest' });
      // Messages the rules understand never reach the model.
      const before = llm.requests.length;
      expect((await say('pishori rice')).status).toBe(200);
      expect(llm.requests.length).toBe(before);
    });

    it('falls back to the rules when the model is slow, fails or talks nonsense', async () => {
      llm.answer({ content: 'I am not sure' });
      expect((await say('tell me a story about lions')).body.text).toMatch(/^Sorry/);
      llm.answer({ status: 500, raw: '{"error":"overloaded"}' });
      expect((await say('tell me a joke about lions')).body.text).toMatch(/^Sorry/);
      // After a failure the model is left alone for a while: no waiting on it.
      const before = llm.requests.length;
      const started = Date.now();
      expect((await say('sing me a song about lions')).body.text).toMatch(/^Sorry/);
      expect(llm.requests.length).toBe(before);
      expect(Date.now() - started).toBeLessThan(1000);
    });

    it('answers within its time limit when the model hangs', async () => {
      const slow = await h.startApp({ llm: { url: llm.endpoint, model: 'test-model', apiKey: null, timeoutMs: 200 } });
      llm.answer({ content: '{"intent":"help"}', delayMs: 3000 });
      const started = Date.now();
      const reply = await postChat(slow.url, { message: 'what about lions then', session_id: randomUUID(), frontend_cart: [] });
      expect(reply.status).toBe(200);
      expect(reply.body.text).toMatch(/^Sorry/);
      expect(Date.now() - started).toBeLessThan(1500);
    });
  });
});
