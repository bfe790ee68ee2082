import { onToast, type ToastRequest } from '../toasts';
import type { CartProduct } from './cartSlice';
import { createShopStore } from '../store';
import { addToCart, changeQuantity, removeFromCart } from './cartThunks';
import { cartCleared, cartReplaced, pointsRedeemed, type CartLine } from './cartSlice';
import { selectCartCount, selectCartSubtotalCents } from './selectors';

/** The spec's words for the maximum quantity. */
const MAXIMUM_REACHED_MESSAGE = 'You have reached the maximum you can add to cart for this product';
const raised: ToastRequest[] = [];
onToast((request) => raised.push(request));
/** The toasts of one kind as [message, options] pairs, so assertions read like calls. */
const toasts = (kind: ToastRequest['kind']) =>
  raised.filter((request) => request.kind === kind).map((request) => [request.message, request.options]);

const flour: CartProduct = {
  id: 7,
  name: 'Mlima Gold Sifted Maize Meal 2kg',
  slug: 'mlima-gold-sifted-2kg',
  image: '/media/products/x.svg',
  unit: '2 kg',
  price: 180,
  offer: { offer_price: 165.5, discount: { name: '8.06%', percent: 8.06 } },
  limit: { minimum_quantity: 1, maximum_quantity: 3 },
};

beforeEach(() => {
  localStorage.clear();
  raised.length = 0;
});

describe('cart', () => {
  it('adds a new line of one, then one more, with the spec toasts', () => {
    const store = createShopStore();
    store.dispatch(addToCart(flour));
    expect(toasts('success')).toContainEqual([
      'Mlima Gold Sifted Maize Meal 2kg added to cart',
      expect.objectContaining({ autoClose: 3000, position: 'bottom-center' }),
    ]);
    store.dispatch(addToCart(flour));
    expect(toasts('info')).toContainEqual(['Mlima Gold Sifted Maize Meal 2kg updated cart quantity', expect.anything()]);
    expect(store.getState().cart.items[0]).toMatchObject({ quantity: 2, product_total: 331 });
    expect(selectCartCount(store.getState())).toBe(2);
  });

  it('prices a line at the offer only when the offer is lower than the price, as the orders service charges', () => {
    const store = createShopStore();
    store.dispatch(addToCart({ ...flour, offer: { offer_price: 190, discount: { name: '-5.56%', percent: -5.56 } } }));
    store.dispatch(changeQuantity(flour.id, 2));
    expect(store.getState().cart.items[0]).toMatchObject({ quantity: 2, product_total: 360 });
    expect(selectCartSubtotalCents(store.getState())).toBe(36000);
  });

  it('stops at the maximum quantity with the spec message', () => {
    const store = createShopStore();
    store.dispatch(addToCart(flour));
    store.dispatch(changeQuantity(flour.id, 3));
    store.dispatch(changeQuantity(flour.id, 4));
    expect(toasts('info').at(-1)).toEqual([MAXIMUM_REACHED_MESSAGE, expect.anything()]);
    expect(store.getState().cart.items[0]?.quantity).toBe(3);
    store.dispatch(addToCart(flour));
    expect(store.getState().cart.items[0]?.quantity).toBe(3);
  });

  it('removes the line at zero, warns, and clears redeemed points', () => {
    const store = createShopStore();
    store.dispatch(addToCart(flour));
    store.dispatch(pointsRedeemed(10));
    store.dispatch(changeQuantity(flour.id, 0));
    expect(store.getState().cart.items).toHaveLength(0);
    expect(store.getState().cart.redeemedPoints).toBe(0);
    expect(toasts('warning')).toContainEqual(['Mlima Gold Sifted Maize Meal 2kg removed from cart', expect.anything()]);
    store.dispatch(removeFromCart(999));
    expect(toasts('warning')).toHaveLength(1);
  });

  it('persists under the cart key after every change and restores on a new store', () => {
    const store = createShopStore();
    store.dispatch(addToCart(flour));
    store.dispatch(changeQuantity(flour.id, 2));
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toEqual([expect.objectContaining({ id: 7, quantity: 2, product_total: 331 })]);
    const reloaded = createShopStore();
    expect(selectCartCount(reloaded.getState())).toBe(2);
    reloaded.dispatch(cartCleared());
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toEqual([]);
  });

  it('ignores a corrupt stored cart instead of crashing', () => {
    localStorage.setItem('cart', '{not json');
    expect(createShopStore().getState().cart.items).toEqual([]);
    localStorage.setItem('cart', JSON.stringify([{ id: 'x' }]));
    expect(createShopStore().getState().cart.items).toEqual([]);
  });

  it('sums the subtotal exactly in cents', () => {
    const store = createShopStore();
    store.dispatch(addToCart({ ...flour, offer: null, price: 0.1, limit: { minimum_quantity: 1, maximum_quantity: 10 } }));
    store.dispatch(changeQuantity(flour.id, 3));
    expect(selectCartSubtotalCents(store.getState())).toBe(30);
  });

  it("replaces every line at once (the chat assistant's cart), persists it, and ignores what is not a cart", () => {
    const store = createShopStore();
    store.dispatch(addToCart(flour));
    const rice: CartLine = {
      ...flour,
      id: 8,
      name: 'Nyota Basmati Rice 1kg',
      slug: 'nyota-basmati-rice-1kg',
      offer: null,
      price: 269.5,
      quantity: 2,
      product_total: 539,
    };
    const maize: CartLine = { ...flour, quantity: 3, product_total: 496.5 };
    store.dispatch(cartReplaced([rice, maize, { ...rice, id: 9, quantity: 0, product_total: 0 }]));
    expect(store.getState().cart.items).toEqual([
      expect.objectContaining({ id: 8, quantity: 2, product_total: 539 }),
      expect.objectContaining({ id: 7, quantity: 3, product_total: 496.5 }),
    ]);
    expect(selectCartCount(store.getState())).toBe(5);
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toEqual([
      expect.objectContaining({ id: 8, quantity: 2 }),
      expect.objectContaining({ id: 7, quantity: 3 }),
    ]);
    expect(selectCartCount(createShopStore().getState())).toBe(5);
    // No toasts: the chat says what it did.
    expect(raised.filter((request) => /rice/i.test(request.message))).toEqual([]);

    store.dispatch(cartReplaced([{ id: 'x' } as unknown as CartLine]));
    expect(selectCartCount(store.getState())).toBe(5);
    store.dispatch(cartReplaced([]));
    expect(store.getState().cart.items).toEqual([]);
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toEqual([]);
  });
});
