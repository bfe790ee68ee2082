import { CHAT_TERMS_AGREE_MESSAGE } from '@shop/api-types';
import { COPY, ENGLISH, SWAHILI } from './copy';
import { interpret, splitQuantity } from './intents';
import { chooseLanguage, isWidgetMessage, languageScores } from './language';
import { joinSizes, queryWords } from './text';

const PRODUCTS = new Set(['Nyota Pishori Rice 5kg', 'Nyota Sunflower Oil 3L']);
const isProductName = (name: string) => PRODUCTS.has(name);
const answer = (message: string, current: 'en' | 'sw' = 'en') => chooseLanguage(message, current, isWidgetMessage(message, isProductName));

describe('the language a message is answered in', () => {
  it('answers Swahili in Swahili and English in English, whatever the conversation spoke before', () => {
    for (const swahili of [
      'Habari',
      'nataka unga kilo 2',
      'ongeza mafuta lita 3',
      'Nionyeshe kikapu',
      'toa mafuta',
      'lipa',
      'bei gani?',
      'ni ngapi',
      'asante sana',
      'kwaheri',
      'futa kikapu',
      'ofa',
    ])
      expect([swahili, answer(swahili, 'en')]).toEqual([swahili, 'sw']);
    for (const english of [
      'Hello',
      'add 2 pishori rice 5kg',
      'what is on offer?',
      'show my cart',
      'thank you',
      'how much is unga?',
      'help',
    ])
      expect([english, answer(english, 'sw')]).toEqual([english, 'en']);
  });

  it('sends Sheng-mixed messages to the closer language', () => {
    expect(answer('niaje, nataka rice 2')).toBe('sw');
    expect(answer('mambo, niko na budget ya unga')).toBe('sw');
    expect(answer('poa, add rice to my cart please', 'sw')).toBe('en');
    const { sw, en } = languageScores('niaje, nataka rice 2');
    expect(sw).toBeGreaterThan(en);
  });

  it('keeps the conversation language on ties, short acknowledgements and the widget’s own buttons', () => {
    for (const current of ['en', 'sw'] as const) {
      for (const neutral of [
        'sawa',
        'ok',
        'Okay',
        'poa',
        '47',
        '47:274:12 Moi Avenue:Westlands:',
        'Checkout',
        'Try again',
        'view_cart',
        CHAT_TERMS_AGREE_MESSAGE,
        'Add Nyota Pishori Rice 5kg to cart',
        'Add 1 more Nyota Sunflower Oil 3L to cart',
        'Decrease Nyota Pishori Rice 5kg quantity by 1',
        'Remove Nyota Pishori Rice 5kg from cart',
        'Nyota Pishori Rice 5kg',
      ])
        expect([neutral, current, answer(neutral, current)]).toEqual([neutral, current, current]);
    }
    // Typed in the spec's words but naming no product exactly: the shopper wrote English.
    expect(answer('Add rice to cart', 'sw')).toBe('en');
  });

  it('has every text in both languages, English exactly as before', () => {
    expect(COPY.en).toBe(ENGLISH);
    expect(Object.keys(SWAHILI).sort()).toEqual(Object.keys(ENGLISH).sort());
    for (const part of Object.keys(ENGLISH) as Array<keyof typeof ENGLISH>)
      expect([part, Object.keys(SWAHILI[part]).sort()]).toEqual([part, Object.keys(ENGLISH[part]).sort()]);
    expect(ENGLISH.cart.added('Nyota Pishori Rice 5kg', 1)).toBe('Nyota Pishori Rice 5kg added to cart');
    expect(SWAHILI.cart.added('Nyota Pishori Rice 5kg', 1)).toBe('Nyota Pishori Rice 5kg imeongezwa kwenye kikapu');
    expect(ENGLISH.search.extreme('cheapest', null, 'X', 100, 100)).toBe('The cheapest product is X at KSh 1.00.');
    // The Swahili buttons are messages the rules read back.
    expect(interpret(SWAHILI.suggestions.add('Nyota Pishori Rice 5kg'))).toMatchObject({
      kind: 'add',
      name: 'Nyota Pishori Rice 5kg',
      quantity: 1,
    });
    expect(interpret(SWAHILI.suggestions.add('Nyota Pishori Rice 5kg', 3))).toMatchObject({
      kind: 'add',
      query: 'Nyota Pishori Rice 5kg',
      quantity: 3,
    });
    expect(interpret(SWAHILI.suggestions.remove('Nyota Pishori Rice 5kg'))).toEqual({ kind: 'remove', name: 'Nyota Pishori Rice 5kg' });
    expect(interpret(SWAHILI.suggestions.viewCart)).toEqual({ kind: 'view_cart' });
    expect(interpret(SWAHILI.suggestions.checkout)).toEqual({ kind: 'pay' });
    expect(interpret(SWAHILI.suggestions.cancel)).toEqual({ kind: 'cancel' });
    expect(interpret(SWAHILI.suggestions.cancelOrder)).toEqual({ kind: 'policy', topic: 'cancel_order' });
    expect(interpret(SWAHILI.suggestions.offers)).toMatchObject({ kind: 'search', offers: true });
    expect(interpret(SWAHILI.suggestions.help)).toEqual({ kind: 'help' });
  });
});

describe('Swahili quantities, sizes and cart phrases', () => {
  it('writes spoken sizes as sizes', () => {
    expect(joinSizes('unga kilo 2')).toBe('unga 2kg');
    expect(joinSizes('unga kilo mbili')).toBe('unga 2kg');
    expect(joinSizes('mafuta lita 3')).toBe('mafuta 3l');
    expect(joinSizes('mafuta lita tatu')).toBe('mafuta 3l');
    expect(joinSizes('sukari nusu kilo')).toBe('sukari 500g');
    expect(joinSizes('two kilos of rice')).toBe('2kg of rice');
    expect(joinSizes('Mlima Gold Sifted Maize Meal 24kg Bale (12 x 2kg)')).toBe('Mlima Gold Sifted Maize Meal 24kg Bale (12 x 2kg)');
    expect(queryWords('unga kilo mbili')).toEqual(['unga', '2kg']);
    expect(queryWords('mafuta lita 3')).toEqual(['mafuta', '3l']);
    expect(queryWords('2kg')).toEqual(['2kg']);
  });

  it('takes quantities out of product phrases, and leaves sizes in', () => {
    const cases: Array<[string, string, number | null]> = [
      ['unga kilo 2', 'unga 2kg', null],
      ['unga kilo mbili', 'unga 2kg', null],
      ['unga 2kg', 'unga 2kg', null],
      ['mafuta lita 3', 'mafuta 3l', null],
      ['mafuta lita tatu', 'mafuta 3l', null],
      ['unga pakiti mbili', 'unga', 2],
      ['unga pakiti 2', 'unga', 2],
      ['pakiti mbili za unga', 'unga', 2],
      ['mchele pishori kilo 5 pakiti mbili', 'mchele pishori 5kg', 2],
      ['unga kilo 2 mbili', 'unga 2kg', 2],
      ['rice 2', 'rice', 2],
      ['mchele tatu', 'mchele', 3],
      ['mchele nusu kilo', 'mchele 500g', null],
    ];
    for (const [text, query, quantity] of cases) expect([text, splitQuantity(text)]).toEqual([text, { query, quantity }]);
    for (const [word, number] of Object.entries({
      moja: 1,
      mbili: 2,
      tatu: 3,
      nne: 4,
      tano: 5,
      sita: 6,
      saba: 7,
      nane: 8,
      tisa: 9,
      kumi: 10,
    }))
      expect(interpret(`nataka mchele ${word}`)).toMatchObject({ kind: 'add', query: 'mchele', quantity: number });
  });

  it('reads the cart and checkout phrases', () => {
    for (const view of ['Nionyeshe kikapu', 'onyesha kikapu', 'kikapu changu', 'angalia kikapu', 'nionyeshe kikapu changu'])
      expect([view, interpret(view)]).toEqual([view, { kind: 'view_cart' }]);
    expect(interpret('ongeza mafuta lita 3')).toMatchObject({ kind: 'add', query: 'mafuta 3l', quantity: 1 });
    expect(interpret('toa mafuta')).toEqual({ kind: 'remove', name: 'mafuta' });
    expect(interpret('ondoa mchele')).toEqual({ kind: 'remove', name: 'mchele' });
    expect(interpret('punguza unga')).toEqual({ kind: 'decrease', name: 'unga', by: 1 });
    expect(interpret('futa kikapu')).toEqual({ kind: 'clear_cart' });
    for (const pay of ['lipa', 'nataka kulipa', 'Lipa sasa']) expect([pay, interpret(pay)]).toEqual([pay, { kind: 'pay' }]);
    for (const checkout of ['maliza', 'nimemaliza', 'maliza ununuzi'])
      expect([checkout, interpret(checkout)]).toEqual([checkout, { kind: 'checkout' }]);
    expect(interpret('bei gani?')).toMatchObject({ kind: 'search', priceQuestion: true });
    expect(interpret('ni ngapi')).toMatchObject({ kind: 'search', priceQuestion: true });
    expect(interpret('ofa')).toMatchObject({ kind: 'search', offers: true });
    expect(interpret('asante')).toEqual({ kind: 'thanks', swahili: true });
    expect(interpret('kwaheri')).toMatchObject({ kind: 'goodbye' });
    expect(interpret('niaje, nataka rice 2')).toEqual({ kind: 'greeting', swahili: true, rest: 'nataka rice 2' });
    expect(interpret('nataka rice 2')).toMatchObject({ kind: 'add', query: 'rice', quantity: 2 });
  });
});
