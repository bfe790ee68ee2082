import type { Product } from '@shop/api-types';
import { createShopStore } from '../store';
import { mockApi, resetShopState, respond } from '../testing';
import { onToast, type ToastRequest } from '../toasts';
import { refreshCartPrices } from './cartPrices';
import { cartReplaced, type CartLine, type CartProduct } from './cartSlice';
import { selectCartSubtotalCents, selectUnavailableLines } from './selectors';

const raised: ToastRequest[] = [];
onToast((request) => raised.push(request));
const messages = (kind: ToastRequest['kind']) => raised.filter((request) => request.kind === kind).map((request) => request.message);

const maize: CartProduct = {
  id: 1,
  name: 'Mlima Gold Sifted Maize Meal 2kg',
  slug: 'mlima-gold-sifted-maize-meal-2kg',
  image: '/media/products/maize.svg',
  unit: '2 kg',
  price: 180,
  offer: null,
  limit: { minimum_quantity: 1, maximum_quantity: 5 },
};
const rice: CartProduct = { ...maize, id: 2, name: 'Nyota Basmati Rice 1kg', slug: 'nyota-basmati-rice-1kg', price: 269.5 };

const listed = (product: CartProduct, changes: Partial<Product> = {}): Product => ({
  ...product,
  description: '',
  short_description: '',
  brand: { id: 1, name: 'Mlima Gold', slug: 'mlima-gold' },
  category: { id: 1, name: 'Flour', slug: 'flour' },
  sku: { id: 1, name: '2 kg' },
  created_at: '2025-01-01T00:00:00.000Z',
  ...changes,
});

const lineOf = (product: CartProduct, quantity: number): CartLine => ({ ...product, quantity, product_total: 0 });

let catalogueCalls = 0;
function catalogue(products: Product[] | (() => unknown)): void {
  mockApi({
    'GET /site/products': () => {
      catalogueCalls += 1;
      return typeof products === 'function' ? products() : products;
    },
  });
}

beforeEach(() => {
  raised.length = 0;
  catalogueCalls = 0;
});
afterEach(resetShopState);

describe('refreshCartPrices: the cart follows the catalogue', () => {
  it("takes today's price and offer, keeps the quantity, stores it and tells the shopper once", async () => {
    catalogue([listed(maize, { price: 200, offer: { offer_price: 190, discount: { name: '5.00%', percent: 5 } } }), listed(rice)]);
    const store = createShopStore();
    store.dispatch(cartReplaced([lineOf(maize, 2), lineOf(rice, 1)]));

    const changes = await store.dispatch(refreshCartPrices());

    expect(changes).toEqual([{ kind: 'price', id: 1, name: maize.name, unitCents: 19000 }]);
    expect(store.getState().cart.items[0]).toMatchObject({
      id: 1,
      price: 200,
      offer: { offer_price: 190 },
      quantity: 2,
      product_total: 380,
    });
    expect(store.getState().cart.items[1]).toMatchObject({ id: 2, price: 269.5, quantity: 1 });
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')[0]).toMatchObject({ price: 200, product_total: 380 });
    expect(messages('info')).toEqual(['The price of Mlima Gold Sifted Maize Meal 2kg is now KSh 190.00']);

    // Shown again with nothing new: no second message, nothing rewritten.
    const items = store.getState().cart.items;
    expect(await store.dispatch(refreshCartPrices())).toEqual([]);
    expect(store.getState().cart.items).toBe(items);
    expect(raised).toHaveLength(1);
  });

  it('caps a quantity above a lowered maximum and says so', async () => {
    catalogue([listed(maize, { limit: { minimum_quantity: 1, maximum_quantity: 2 } })]);
    const store = createShopStore();
    store.dispatch(cartReplaced([lineOf(maize, 4)]));
    await store.dispatch(refreshCartPrices());
    expect(store.getState().cart.items[0]).toMatchObject({ quantity: 2, product_total: 360 });
    expect(messages('info')).toEqual(['You can order at most 2 of Mlima Gold Sifted Maize Meal 2kg: your cart was updated']);
  });

  it('marks a product no longer sold as unavailable, out of the subtotal, until it is listed again', async () => {
    let products = [listed(rice)];
    catalogue(() => products);
    const store = createShopStore();
    store.dispatch(cartReplaced([lineOf(maize, 2), lineOf(rice, 1)]));
    await store.dispatch(refreshCartPrices());
    expect(selectUnavailableLines(store.getState()).map((line) => line.id)).toEqual([1]);
    expect(selectCartSubtotalCents(store.getState())).toBe(26950);
    expect(messages('warning')).toEqual(['Mlima Gold Sifted Maize Meal 2kg is no longer available. Please remove it from your cart.']);

    products = [listed(maize), listed(rice)];
    await store.dispatch(refreshCartPrices());
    expect(selectUnavailableLines(store.getState())).toEqual([]);
    expect(store.getState().cart.items[0]).not.toHaveProperty('unavailable');
    expect(selectCartSubtotalCents(store.getState())).toBe(36000 + 26950);
  });

  it('leaves the cart alone when the catalogue does not answer, and asks nothing for an empty cart', async () => {
    catalogue(() => respond(503, { message: 'The catalogue is unavailable.' }));
    const store = createShopStore();
    expect(await store.dispatch(refreshCartPrices())).toEqual([]);
    expect(catalogueCalls).toBe(0);
    store.dispatch(cartReplaced([lineOf(maize, 2)]));
    const items = store.getState().cart.items;
    expect(await store.dispatch(refreshCartPrices())).toEqual([]);
    expect(catalogueCalls).toBe(1);
    expect(store.getState().cart.items).toBe(items);
    expect(raised).toEqual([]);
  });
});
