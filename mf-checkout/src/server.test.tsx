/**
 * @jest-environment node
 */
/**
 * The renderer the gateway runs (server.tsx): a guest's cart and checkout drawn from the cart
 * cookie, in the language the gateway chose.
 */
import type { FirstScreenPageRequest, ShopLanguage } from '@shop/api-types';
import { mockApi } from '@shop/store-kit/testing';
import { renderPage } from './server';
import { listed, OIL, MAIZE } from './testFixtures';

// webpack's public path: set by the gateway when it loads the built renderer, absent under jest.
jest.mock('@shop/store-kit/firstScreen/publicPath', () => ({}));

const request = (module: string, pattern: string, language?: ShopLanguage): FirstScreenPageRequest => ({
  module,
  pattern,
  url: pattern,
  viewportWidth: 412,
  cart: [
    { id: OIL.id, quantity: 2 },
    { id: MAIZE.id, quantity: 1 },
  ],
  language,
});

// The gateway runs the renderer with the shop's address as location (services/gateway/src/ssr).
beforeAll(() => {
  Object.defineProperty(globalThis, 'location', { value: new URL('http://shop.test/'), configurable: true });
});
beforeEach(() => mockApi({ 'GET /site/products': () => [listed(OIL), listed(MAIZE)] }));
afterEach(() => jest.restoreAllMocks());

describe('the first screens of the cart and the checkout', () => {
  it('draws the cart in English by default, and in Swahili when asked, prices as KSh 3,065.00 in both', async () => {
    const english = await renderPage(request('CartPage', '/cart'));
    expect(english?.html).toContain('Cart Totals');
    expect(english?.html).toContain('Proceed to Checkout');
    const swahili = await renderPage(request('CartPage', '/cart', 'sw'));
    expect(swahili?.html).toContain('Jumla ya kikapu');
    expect(swahili?.html).toContain('Endelea kulipia');
    expect(swahili?.html).not.toContain('Cart Totals');
    for (const page of [english, swahili]) expect(page?.html).toContain('KSh 3,065.00');
  });

  it('draws the checkout form in Swahili', async () => {
    const page = await renderPage(request('CheckoutPage', '/checkout', 'sw'));
    for (const label of ['Jina la kwanza', 'Nambari ya simu', 'Anwani ya mtaa', 'Kaunti ndogo', 'Weka oda'])
      expect(page?.html).toContain(label);
  });
});
