import { CHAT_TERMS_AGREE_MESSAGE, type Product } from '@shop/api-types';
import { chatProduct, priceCart, priceChangeNotes, sameCart } from './cart';
import { MAXIMUM_REACHED_MESSAGE } from './copy';
import { interpret, splitQuantity } from './intents';
import { ProductIndex } from './product-index';
import { normalise, queryWords } from './text';

describe('reading messages', () => {
  it("reads the spec's own messages exactly", () => {
    expect(interpret('Hello')).toEqual({ kind: 'greeting', swahili: false, rest: '' });
    expect(interpret('Add Mlima Gold Sifted Maize Meal 2kg to cart')).toEqual({
      kind: 'add',
      name: 'Mlima Gold Sifted Maize Meal 2kg',
      query: 'Mlima Gold Sifted Maize Meal 2kg',
      quantity: 1,
    });
    expect(interpret('Add 1 more Nyota Pishori Rice 5kg to cart')).toEqual({
      kind: 'add',
      name: 'Nyota Pishori Rice 5kg',
      query: 'Nyota Pishori Rice 5kg',
      quantity: 1,
    });
    expect(interpret('Remove Nyota Pishori Rice 5kg from cart')).toEqual({ kind: 'remove', name: 'Nyota Pishori Rice 5kg' });
    expect(interpret('Decrease Nyota Pishori Rice 5kg quantity by 1')).toEqual({ kind: 'decrease', name: 'Nyota Pishori Rice 5kg', by: 1 });
    expect(interpret('view_cart')).toEqual({ kind: 'view_cart' });
    expect(interpret('Checkout')).toEqual({ kind: 'checkout' });
    expect(interpret('remove_from_cart')).toEqual({ kind: 'remove_menu' });
    expect(interpret('47')).toEqual({ kind: 'place', id: 47 });
    expect(interpret('47:274:12 Moi Avenue:Westlands:Flat 4B')).toEqual({
      kind: 'address',
      countyId: 47,
      subCountyId: 274,
      street: '12 Moi Avenue',
      town: 'Westlands',
      apartment: 'Flat 4B',
    });
    expect(interpret('47:274:12 Moi Avenue:Westlands:')).toMatchObject({ street: '12 Moi Avenue', town: 'Westlands', apartment: '' });
    expect(interpret('47:274:::')).toMatchObject({ kind: 'address', street: '', town: '' });
  });

  it('reads agreeing to the terms in English and Swahili, and a bare yes only as a yes', () => {
    for (const agreed of [
      CHAT_TERMS_AGREE_MESSAGE,
      'I agree',
      'i accept the terms',
      'Agree.',
      'I agree to the T&Cs',
      'Yes, I agree',
      'nakubali',
      'Nakubali masharti',
      'ninakubaliana na masharti na vigezo',
      'Ndiyo, nakubali',
    ])
      expect([agreed, interpret(agreed)]).toEqual([agreed, { kind: 'agree', explicit: true }]);
    for (const yes of ['yes', 'OK', 'sawa', 'Ndiyo', 'sure'])
      expect([yes, interpret(yes)]).toEqual([yes, { kind: 'agree', explicit: false }]);
    for (const no of ['no', 'hapana', "I don't agree", 'sikubali', 'Cancel']) expect([no, interpret(no)]).toEqual([no, { kind: 'cancel' }]);
    // Agreeing is its own message: a product question that mentions terms is still a product question.
    expect(interpret('add rice and I agree')).toMatchObject({ kind: 'add' });
    expect(interpret('cancel my order')).toEqual({ kind: 'policy', topic: 'cancel_order' });
    expect(interpret('Try again')).toEqual({ kind: 'pay' });
  });

  it('keeps product names with numbers whole (Atta Mark 1, sizes)', () => {
    expect(interpret('Add Pwani Bora Atta Mark 1 Whole Wheat Flour 2kg to cart')).toMatchObject({
      kind: 'add',
      quantity: 1,
      name: 'Pwani Bora Atta Mark 1 Whole Wheat Flour 2kg',
    });
    expect(splitQuantity('2kg maize meal')).toEqual({ query: '2kg maize meal', quantity: null });
    expect(splitQuantity('2 kg maize meal')).toEqual({ query: '2 kg maize meal', quantity: null });
  });

  it('reads quantities in English and Swahili', () => {
    expect(interpret('add 3 packets of pishori rice')).toMatchObject({ kind: 'add', query: 'pishori rice', quantity: 3 });
    expect(interpret('Please add two bottles of sunflower oil to my cart')).toMatchObject({
      kind: 'add',
      query: 'sunflower oil',
      quantity: 2,
    });
    expect(interpret('ongeza unga wa ngano mbili')).toMatchObject({ kind: 'add', query: 'unga wa ngano', quantity: 2 });
    expect(interpret('nataka pakiti tatu za sembe')).toMatchObject({ kind: 'add' });
    expect(interpret('I want maize meal x4')).toMatchObject({ kind: 'add', query: 'maize meal', quantity: 4 });
    expect(interpret('add a packet of rice')).toMatchObject({ kind: 'add', query: 'rice', quantity: 1 });
    expect(interpret('change pishori rice to 4')).toEqual({ kind: 'set_quantity', name: 'pishori rice', quantity: 4 });
    expect(interpret('ondoa mchele')).toEqual({ kind: 'remove', name: 'mchele' });
    expect(interpret('punguza mafuta')).toEqual({ kind: 'decrease', name: 'mafuta', by: 1 });
    expect(interpret('reduce the rice by 2')).toMatchObject({ kind: 'decrease', by: 2 });
  });

  it('reads greetings, thanks, help and questions in English and Swahili', () => {
    expect(interpret('habari yako')).toEqual({ kind: 'greeting', swahili: true, rest: '' });
    expect(interpret('Jambo!')).toEqual({ kind: 'greeting', swahili: true, rest: '' });
    expect(interpret('hi, do you have rice?')).toEqual({ kind: 'greeting', swahili: false, rest: 'do you have rice?' });
    expect(interpret('asante sana')).toEqual({ kind: 'thanks', swahili: true });
    expect(interpret('thank you')).toEqual({ kind: 'thanks', swahili: false });
    expect(interpret('kwaheri')).toMatchObject({ kind: 'goodbye', swahili: true });
    expect(interpret('msaada')).toEqual({ kind: 'help' });
    expect(interpret('what can you do?')).toEqual({ kind: 'help' });
    expect(interpret('kikapu changu')).toEqual({ kind: 'view_cart' });
    expect(interpret('what is on offer')).toMatchObject({ kind: 'search', offers: true });
    expect(interpret('cheapest wheat flour')).toMatchObject({ kind: 'search', sort: 'cheapest', query: 'cheapest wheat flour' });
    expect(interpret('bei ya mchele')).toMatchObject({ kind: 'search', priceQuestion: true });
    expect(interpret('how much is pishori rice 5kg?')).toMatchObject({ kind: 'search', priceQuestion: true });
    expect(interpret('do you deliver to Kisumu?')).toEqual({ kind: 'policy', topic: 'delivery' });
    expect(interpret('can I pay cash on delivery')).toEqual({ kind: 'policy', topic: 'payment' });
    expect(interpret('where is my order')).toEqual({ kind: 'policy', topic: 'track' });
    expect(interpret('I want to talk to a human')).toEqual({ kind: 'policy', topic: 'person' });
    expect(interpret('cancel')).toEqual({ kind: 'cancel' });
  });

  it('normalises sizes, case and plurals the same way for products and queries', () => {
    expect(normalise('Maize Meal 2 KG')).toBe('maize meal 2kg');
    expect(normalise('1 litre of oil')).toBe('1l of oil');
    expect(queryWords('I want some Rosecoco beans please')).toEqual(['rosecoco', 'bean']);
    expect(queryWords('unga ya ugali 2 kilos')).toEqual(['unga', 'ugali', '2kg']);
  });
});

const product = (id: number, name: string, category: string, cents: number, offer: number | null = null, max = 10): Product => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  image: `/media/products/${id}.svg`,
  unit: name.match(/\d+\s?(kg|l)\b/i)?.[0] ?? '1 kg',
  price: cents / 100,
  description: '',
  short_description: '',
  offer: offer === null ? null : { offer_price: offer / 100, discount: { name: '5.00%', percent: 5 } },
  limit: { minimum_quantity: 1, maximum_quantity: max },
  brand: { id: 1, name: name.split(' ').slice(0, 2).join(' '), slug: 'brand' },
  category: { id: 1, name: category, slug: category.toLowerCase().replace(/\W+/g, '-') },
  sku: { id: 1, name: 'Packet' },
  created_at: '',
});

describe('finding products', () => {
  const catalogue = [
    product(1, 'Mlima Gold Sifted Maize Meal 2kg', 'Maize Meal', 17950, 16500),
    product(2, 'Mlima Gold Sifted Maize Meal 24kg Bale (12 x 2kg)', 'Maize Meal', 198000),
    product(4, 'Nyota Pishori Rice 1kg', 'Rice', 21950, 19950),
    product(5, 'Nyota Pishori Rice 5kg', 'Rice', 105000),
  ];
  const asked: string[] = [];
  // The catalog's search stands in here; services/catalog tests the engine itself.
  const index = new ProductIndex(catalogue, async (text) => {
    asked.push(text);
    const found = text.includes('pishori') ? [catalogue[2]!, catalogue[3]!] : [];
    return { query: text, products: found, notice: null, complete: !text.includes('3kg') };
  });

  it('knows exact names, and reads the catalog search once per query, in its order', async () => {
    expect(index.exact('mlima gold sifted maize meal 2 kg')?.id).toBe(1);
    const query = (text: string) => ({ words: queryWords(text), text });
    await index.prepare([query('pishori rice'), query('Pishori rice!'), query('pishori rice 3kg')]);
    await index.prepare([query('pishori rice')]);
    expect(asked).toEqual(['pishori rice', 'pishori rice 3kg']);
    expect(index.search(queryWords('pishori rice')).matches.map((match) => match.product.id)).toEqual([4, 5]);
    expect(index.search(queryWords('pishori rice')).partial).toBe(false);
    expect(index.search(queryWords('pishori rice 3kg')).partial).toBe(true);
    expect(index.search(queryWords('Nyota Pishori Rice 1kg')).matches).toEqual([]);
  });
});

describe('prices and carts', () => {
  it('prices chat products and carts from the lookup, within limits', () => {
    const lookup = {
      id: 9,
      name: 'Oil',
      slug: 'oil',
      unit: '1 L',
      image: '/x.svg',
      price_cents: 123456,
      offer_price_cents: 120000,
      min_quantity: 1,
      max_quantity: 3,
      brand_id: 1,
      brand_name: 'B',
      category_id: 1,
      category_name: 'C',
    };
    expect(chatProduct(lookup).price).toBe('KES 1,234.56 On offer: KES 1,200.00');
    expect(chatProduct({ ...lookup, offer_price_cents: null }).price).toBe('KES 1,234.56');
    const { lines, notes } = priceCart(
      [
        { id: 9, quantity: 7 },
        { id: 404, quantity: 1, name: 'Old flour' },
      ],
      new Map([[9, lookup]]),
    );
    expect(lines).toEqual([{ product: lookup, quantity: 3 }]);
    expect(notes).toEqual(['"Old flour" is no longer available, so I took it out of your cart.', `Oil: ${MAXIMUM_REACHED_MESSAGE} (3).`]);

    // A price the shopper was shown that is not today's is told; the same price says nothing.
    expect(priceChangeNotes(lines, new Map([[9, 123456]]))).toEqual(['Prices have changed: Oil is now KSh 1,200.00 (was KSh 1,234.56).']);
    expect(priceChangeNotes(lines, new Map([[9, 120000]]))).toEqual([]);
    expect(priceChangeNotes(lines, new Map())).toEqual([]);
  });

  it('knows a cart by its products and quantities, in any order', () => {
    const placed = [
      { id: 1, quantity: 2 },
      { id: 5, quantity: 1 },
    ];
    expect(sameCart(placed, [...placed].reverse())).toBe(true);
    expect(sameCart(placed, [{ id: 1, quantity: 2 }])).toBe(false);
    expect(
      sameCart(placed, [
        { id: 1, quantity: 3 },
        { id: 5, quantity: 1 },
      ]),
    ).toBe(false);
    expect(
      sameCart(placed, [
        { id: 1, quantity: 2 },
        { id: 6, quantity: 1 },
      ]),
    ).toBe(false);
  });
});
