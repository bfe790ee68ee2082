import { CART_COOKIE, SIGNED_IN_COOKIE, type Product } from '@shop/api-types';
import { cartReplaced, lineAdded } from '../cart/cartSlice';
import { signedIn, signedOut } from '../session/sessionSlice';
import { createShopStore } from '../store';
import { resetShopState } from '../testing';

const cookie = (name: string) =>
  document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];

const product = (id: number): Product =>
  ({
    id,
    name: `Unga ${id}`,
    slug: `unga-${id}`,
    image: '/media/unga.svg',
    unit: '2 kg',
    price: 150,
    description: '',
    short_description: '',
    offer: null,
    limit: { minimum_quantity: 1, maximum_quantity: 10 },
  }) as Product;

afterEach(() => {
  resetShopState();
  document.cookie = `${CART_COOKIE}=; Path=/; Max-Age=0`;
  document.cookie = `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0`;
});

describe('the cookies the gateway draws the cart and checkout from', () => {
  it('follow the cart (ids and quantities only) and whether someone is signed in, never the token', () => {
    const store = createShopStore();
    expect(cookie(CART_COOKIE)).toBeUndefined();
    store.dispatch(lineAdded(product(12)));
    store.dispatch(lineAdded(product(7)));
    expect(cookie(CART_COOKIE)).toBe('12x1.7x1');
    store.dispatch(cartReplaced([{ ...product(12), quantity: 3, product_total: 0 }]));
    expect(cookie(CART_COOKIE)).toBe('12x3');
    store.dispatch(signedIn({ token: 'secret-token', name: 'Wanjiru Kamau', email: 'wanjiru@example.com' }));
    expect(cookie(SIGNED_IN_COOKIE)).toBe('1');
    expect(document.cookie).not.toContain('secret-token');
    store.dispatch(signedOut());
    expect(cookie(SIGNED_IN_COOKIE)).toBeUndefined();
  });

  it('are written for a cart stored before they existed', () => {
    localStorage.setItem('cart', JSON.stringify([{ ...product(3), quantity: 4, product_total: 600 }]));
    createShopStore();
    expect(cookie(CART_COOKIE)).toBe('3x4');
  });
});
