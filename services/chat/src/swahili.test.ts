import { randomUUID } from 'node:crypto';
import { CHAT_TERMS_AGREE_MESSAGE, type ChatCartLine, type ChatReply } from '@shop/api-types';
import { testDatabases } from '@shop/service-kit/testing';
import { languageScores } from './engine/language';
import { NAIROBI, WESTLANDS, startChatHarness, type ChatHarness } from './testing/harness';

const CONTACT = { first_name: 'Achieng', last_name: 'Otieno', phone: '0712345678', email: 'achieng.chat@example.com' };
const OIL_3L = 'Nyota Sunflower Oil 3L';
const RICE_5KG = 'Nyota Pishori Rice 5kg';

/**
 * The assistant in the shopper's language (issue 18), over real HTTP with the real catalog,
 * customers and orders services: a whole purchase in Swahili, English left exactly as it was,
 * Sheng answered in Swahili, and Swahili sizes and quantities.
 */
describe.each(testDatabases('chat-swahili'))('the assistant in Swahili on $dialect', (database) => {
  let h: ChatHarness;

  beforeAll(async () => {
    h = await startChatHarness(database);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  /** A shopper's side: the session and the cart each reply answers, sent back as the widget does. */
  const shopper = () => {
    const sessionId = randomUUID();
    let cart: Array<Pick<ChatCartLine, 'id' | 'quantity'>> = [];
    return async (message: string, extra: Record<string, unknown> = {}): Promise<ChatReply> => {
      const answer = await h.post({ message, session_id: sessionId, frontend_cart: cart, ...extra });
      if (answer.status !== 200) throw new Error(`"${message}" answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      cart = answer.body.cart;
      return answer.body;
    };
  };

  /** Reads as Swahili once product names and order numbers are taken out, and so do its buttons (the terms control aside). */
  const expectSwahili = (reply: ChatReply) => {
    const plain = (text: string) =>
      h.shop.products
        .map((product) => product.name)
        .sort((a, b) => b.length - a.length)
        .reduce((rest, name) => rest.split(name).join(' '), text)
        .replace(/SH-\d+/g, ' ');
    const text = plain(reply.text);
    const { sw, en } = languageScores(text);
    expect([reply.text, sw > en]).toEqual([reply.text, true]);
    expect([reply.text, /\b(the|your|cart|added|removed|order|please|is|and|which|delivery)\b/i.test(text)]).toEqual([reply.text, false]);
    for (const suggestion of reply.suggestions.filter((text) => text !== CHAT_TERMS_AGREE_MESSAGE)) {
      const scores = languageScores(plain(suggestion));
      expect([suggestion, scores.sw > scores.en]).toEqual([suggestion, true]);
    }
  };

  it('takes a Swahili shopper from "Habari" to the payment page, every reply in Swahili', async () => {
    const say = shopper();
    let reply = await say('Habari');
    expectSwahili(reply);
    expect(reply.text).toMatch(/^Habari! Karibu Shwari Shop\. Mimi ni msaidizi wako wa ununuzi/);

    // 'kilo 2' is the 2 kg pack: only 2 kg flours are offered.
    reply = await say('nataka unga kilo 2');
    expectSwahili(reply);
    expect(reply.text).toBe('Ungependa ipi?');
    expect(reply.products.length).toBeGreaterThan(1);
    for (const product of reply.products) expect(product.name).toMatch(/\b2kg\b/);
    const maize = reply.products.find((product) => /Maize Meal 2kg$/.test(product.name)) ?? reply.products[0]!;
    expect(reply.suggestions).toContain(`Ongeza ${reply.products[0]!.name} kwenye kikapu`);

    // The product card's button sends the spec's English message: the answer stays in Swahili.
    reply = await say(`Add ${maize.name} to cart`);
    expectSwahili(reply);
    expect(reply.text).toMatch(new RegExp(`^${escape(maize.name)} imeongezwa kwenye kikapu\\nJumla ya kikapu: KSh [\\d,.]+\\. Ongeza KSh`));

    reply = await say('ongeza mafuta lita 3');
    expectSwahili(reply);
    expect(reply.text).toMatch(new RegExp(`^${escape(OIL_3L)} imeongezwa kwenye kikapu\\n`));
    expect(reply.cart.map((line) => line.name)).toEqual([maize.name, OIL_3L]);

    reply = await say('ongeza mchele pishori kilo 5 pakiti mbili');
    expectSwahili(reply);
    expect(reply.text).toBe(`2 x ${RICE_5KG} zimeongezwa kwenye kikapu\nJumla ya kikapu: ${ksh(reply.cart)}.`);
    expect(reply.cart).toMatchObject([{ name: maize.name }, { name: OIL_3L, quantity: 1 }, { name: RICE_5KG, quantity: 2 }]);

    reply = await say('Nionyeshe kikapu');
    expectSwahili(reply);
    expect(reply.text.split('\n')).toEqual([
      'Kikapu chako:',
      `1 x ${maize.name}: KSh ${money(reply.cart[0]!.product_total)}`,
      `1 x ${OIL_3L}: KSh 955.00`,
      `2 x ${RICE_5KG}: KSh 2,100.00`,
      `Jumla: ${ksh(reply.cart)}. Usafirishaji: bure kote nchini.`,
    ]);
    expect(reply.suggestions).toEqual(['Lipa', ...reply.cart.map((line) => `Ondoa ${line.name} kwenye kikapu`)]);

    reply = await say('toa mafuta');
    expectSwahili(reply);
    expect(reply.text).toBe(`${OIL_3L} imetolewa kwenye kikapu\nJumla ya kikapu: ${ksh(reply.cart)}.`);
    expect(reply.cart.map((line) => line.name)).toEqual([maize.name, RICE_5KG]);

    reply = await say('lipa');
    expectSwahili(reply);
    expect(reply).toMatchObject({ step: 'terms', checkout: null });
    expect(reply.text).toBe(
      `Oda yako ni ${ksh(reply.cart)} na usafirishaji ni bure. Kabla sijaichukua, tafadhali soma masharti na vigezo vyetu (/terms): unakubaliana navyo? Bonyeza kitufe cha kukubali au andika "Nakubali", au sema "Sitisha".`,
    );
    expect(reply.suggestions).toEqual([CHAT_TERMS_AGREE_MESSAGE, 'Sitisha']);

    // The widget's agree control sends the English words; the conversation stays in Swahili.
    reply = await say(CHAT_TERMS_AGREE_MESSAGE);
    expectSwahili(reply);
    expect(reply.step).toBe('county');
    expect(reply.counties).toContainEqual({ id: NAIROBI, name: 'Nairobi' });
    expect(reply.text).toBe(
      `Asante kwa kukubali masharti na vigezo.\nOda yako ni ${ksh(reply.cart)} na usafirishaji ni bure. Tukuletee kaunti gani?`,
    );

    reply = await say(String(NAIROBI));
    expectSwahili(reply);
    expect(reply).toMatchObject({ step: 'subcounty', text: 'Nairobi, sawa. Kaunti ndogo gani?', suggestions: ['Sitisha'] });

    reply = await say(String(WESTLANDS));
    expectSwahili(reply);
    expect(reply).toMatchObject({ step: 'address', show_address_form: true });
    expect(reply.text).toMatch(/^Westlands\. Tafadhali jaza anwani ya kukuletea/);

    reply = await say(`${NAIROBI}:${WESTLANDS}::Westlands:`, { contact: CONTACT });
    expectSwahili(reply);
    expect(reply).toMatchObject({ step: 'address', text: 'Tafadhali jaza sehemu zote za anwani zinazohitajika' });

    reply = await say(`${NAIROBI}:${WESTLANDS}:Moi Avenue:Westlands:`, { contact: CONTACT });
    expectSwahili(reply);
    expect(reply.step).toBe('payment');
    const orderNumber = reply.checkout!.order_number;
    expect(reply.text).toBe(
      `Asante Achieng! Oda yako ${orderNumber} ya ${ksh(reply.cart)} imewekwa, na tutakuletea bure ndani ya saa 24-48 ikishalipwa.\n` +
        'Lipa kwa usalama kwenye ukurasa wa malipo (M-Pesa, Airtel Money au kadi) ili kuithibitisha.',
    );
    const order = await h.shop.db('orders').where({ order_number: orderNumber }).first();
    expect(order).toMatchObject({
      first_name: 'Achieng',
      street: 'Moi Avenue',
      total_cents: Math.round(reply.checkout!.total_amount * 100),
    });
    expect(await h.shop.count('order_items', { order_id: order.id })).toBe(2);

    reply = await say('Lipa');
    expectSwahili(reply);
    expect(reply.text).toMatch(new RegExp(`^Huu hapa ukurasa wa malipo wa oda yako ${orderNumber} tena`));
    expect(reply.checkout?.order_number).toBe(orderNumber);

    // Short replies keep the conversation's language.
    reply = await say('sawa');
    expect(reply.text).toBe('Sawa. Nikusaidie na nini kingine?');
    reply = await say('asante');
    expect(reply.text).toBe('Karibu sana! Kuna kitu kingine nikuletee?');
    reply = await say('kwaheri');
    expect(reply.text).toBe('Kwaheri! Kikapu chako kitakusubiri ukirudi.');
  });

  it('answers an English shopper exactly as before, and follows a shopper who changes language', async () => {
    const say = shopper();
    let reply = await say('Hello');
    expect(reply.text).toBe(
      'Hello! I am the Shwari Shop shopping assistant. I can find flour and groceries, tell you prices and offers, fill your cart and check you out. Delivery is free countrywide.',
    );
    expect(reply.suggestions).toEqual(['What is on offer?', 'Maize meal', 'Cheapest wheat flour', 'Help']);
    reply = await say('add 2 pishori rice 5kg');
    expect(reply.text).toBe(`2 x ${RICE_5KG} added to cart\nCart subtotal: KSh 2,100.00.`);
    expect(reply.suggestions).toEqual([`Add 1 more ${RICE_5KG} to cart`, 'View cart', 'Checkout']);
    reply = await say('ok');
    expect(reply.text).toBe('Okay. What else can I help you with?');
    reply = await say('Checkout');
    expect(reply.text).toBe(
      `Your order comes to KSh 2,100.00 and delivery is free. Before I take it, please read our terms and conditions (/terms): do you agree to them? Tap "${CHAT_TERMS_AGREE_MESSAGE}", or say Cancel.`,
    );
    reply = await say('ok');
    expect(reply.text).toBe(
      'Thank you for agreeing to the terms and conditions.\nYour order comes to KSh 2,100.00 and delivery is free. Which county should we deliver to?',
    );
    reply = await say('cancel');
    expect(reply.text).toBe('No problem, I stopped the checkout. Your cart is kept; say Checkout whenever you are ready.');

    // The same conversation in Swahili, then back.
    reply = await say('Nionyeshe kikapu');
    expectSwahili(reply);
    expect(reply.text).toBe(`Kikapu chako:\n2 x ${RICE_5KG}: KSh 2,100.00\nJumla: KSh 2,100.00. Usafirishaji: bure kote nchini.`);
    // The cart's button; the terms were agreed to for this purchase already.
    reply = await say('Checkout');
    expectSwahili(reply);
    expect(reply).toMatchObject({ step: 'county', text: 'Oda yako ni KSh 2,100.00 na usafirishaji ni bure. Tukuletee kaunti gani?' });
    reply = await say('show my cart');
    expect(reply.text).toBe(`Your cart:\n2 x ${RICE_5KG}: KSh 2,100.00\nSubtotal: KSh 2,100.00. Delivery: free countrywide.`);
  });

  it('answers a Sheng-mixed message in Swahili, with its quantity', async () => {
    const say = shopper();
    let reply = await say('niaje, nataka rice 2');
    expectSwahili(reply);
    expect(reply.text).toBe('Habari! Karibu Shwari Shop.\nUngependa ipi (2)?');
    expect(reply.products.length).toBeGreaterThan(1);
    for (const product of reply.products) expect(product.name).toMatch(/Rice/);
    const first = reply.products[0]!.name;
    expect(reply.suggestions[0]).toBe(`Ongeza ${first} pakiti 2 kwenye kikapu`);
    reply = await say(reply.suggestions[0]!);
    expectSwahili(reply);
    expect(reply.text).toMatch(new RegExp(`^2 x ${escape(first)} zimeongezwa kwenye kikapu\\n`));
    expect(reply.cart).toMatchObject([{ name: first, quantity: 2 }]);
  });

  it('asks which one when "I want X" names several products, and adds only a product the shopper named (issue 24)', async () => {
    const say = shopper();
    // 'Nataka unga' (I want flour) names a dozen flours: nothing goes into the cart by itself.
    let reply = await say('nataka unga');
    expect(reply.cart).toEqual([]);
    expect(reply.text).toContain('Ungependa ipi?');
    expect(reply.products.length).toBeGreaterThan(1);
    // Three maize meals come in 2 kg: still a question, and the cart is unchanged.
    reply = await say('nataka unga wa ugali 2kg');
    expect(reply.cart).toEqual([]);
    expect(reply.text).toContain('Ungependa ipi?');
    expect(reply.products.map((product) => product.name).sort()).toEqual([
      'Mlima Gold Fortified Maize Meal 2kg',
      'Mlima Gold Sifted Maize Meal 2kg',
      'Mlima Gold Whole Maize Meal (Dona) 2kg',
    ]);
    // One product named (or its card picked): added, and said what.
    reply = await say('nataka basmati');
    expect(reply.cart.map((line) => [line.name, line.quantity])).toEqual([['Nyota Basmati Rice 1kg', 1]]);
    expect(reply.text).toContain('Nyota Basmati Rice 1kg');
    reply = await say('Weka Mlima Gold Sifted Maize Meal 2kg kwenye kikapu');
    expect(reply.cart.map((line) => line.name)).toContain('Mlima Gold Sifted Maize Meal 2kg');
  });

  it("finds first what the shop's search box finds first, typos and Swahili sizes too", async () => {
    const say = shopper();
    for (const query of ['pishroi', 'maize flor', 'mchele 5kg', 'mafuta lita tano', 'unga wa ugali kilo mbili']) {
      const site = (await (await fetch(`${h.shop.catalog.url}/api/site/search?q=${encodeURIComponent(query)}`)).json()) as {
        products: Array<{ name: string }>;
      };
      const reply = await say(query);
      expect([query, reply.products[0]?.name]).toEqual([query, site.products[0]?.name]);
    }
  });

  it('reads Swahili sizes and quantities, and offers the nearest size when one is not sold', async () => {
    const say = shopper();
    let reply = await say('nataka mafuta lita tatu');
    expect(reply.text).toMatch(new RegExp(`^${escape(OIL_3L)} imeongezwa kwenye kikapu`));

    // No 2 L oil: the 1 L and 3 L bottles, and the shopper is told.
    reply = await say('nataka mafuta lita 2');
    expectSwahili(reply);
    expect(reply.text).toBe('Hatuna ya lita 2; hizi ndizo saizi zilizo karibu zaidi:\nUngependa ipi?');
    expect(reply.products.length).toBeGreaterThan(1);
    for (const product of reply.products) expect(product.name).toMatch(/ (1L|3L)$/);

    // One product is nearest: it is added, and the reply says it is not the size asked for.
    reply = await say('ongeza mafuta lita 25');
    expectSwahili(reply);
    expect(reply.text).toMatch(
      /^Hatuna ya lita 25; iliyo karibu zaidi ni Nyota Vegetable Oil 20L\.\nNyota Vegetable Oil 20L imeongezwa kwenye kikapu/,
    );

    reply = await say('nataka mchele nusu kilo');
    expect(reply.text).toMatch(/^Hatuna ya gramu 500; /);
    for (const product of reply.products) expect(product.name).toMatch(/Rice 1kg$/);

    reply = await say('nataka pakiti tatu za mchele pishori kilo 1');
    expect(reply.text).toMatch(/^3 x Nyota Pishori Rice 1kg zimeongezwa kwenye kikapu/);
    reply = await say('ongeza unga wa ugali kilo mbili pakiti 2');
    expect(reply.text).toBe('Ungependa ipi (2)?');
    for (const product of reply.products) expect(product.name).toMatch(/Maize Meal.*\b2kg\b/);

    reply = await say('punguza mchele');
    expect(reply.cart).toContainEqual(expect.objectContaining({ name: 'Nyota Pishori Rice 1kg', quantity: 2 }));
    reply = await say('bei gani?');
    expect(reply.products.length).toBeGreaterThan(0);
    for (const line of reply.text.split('\n'))
      expect(line).toMatch(/^.+: KSh [\d,]+\.\d\d(?: \(iko kwenye ofa, ilikuwa KSh [\d,]+\.\d\d\))?$/);
    reply = await say('futa kikapu');
    expect(reply).toMatchObject({ text: 'Kikapu chako sasa hakina kitu.', cart: [] });

    // The same in English: the nearest size, said in English.
    reply = await say('add 2 litres of oil');
    expect(reply.text).toBe("We don't have that in 2 L; these are the closest sizes:\nWhich one would you like?");
  });
});

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const money = (ksh: number): string => ksh.toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const ksh = (cart: ChatCartLine[]): string => `KSh ${money(cart.reduce((sum, line) => sum + line.product_total, 0))}`;
