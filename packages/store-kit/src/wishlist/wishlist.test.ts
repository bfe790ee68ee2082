import { onToast, type ToastRequest } from '../toasts';
import type { Product } from '@shop/api-types';
import { createShopStore } from '../store';
import { selectWishlistCount, toggleWishlist } from './wishlistSlice';

const raised: ToastRequest[] = [];
onToast((request) => raised.push(request));
/** The toasts of one kind as [message, options] pairs, so assertions read like calls. */
const toasts = (kind: ToastRequest['kind']) =>
  raised.filter((request) => request.kind === kind).map((request) => [request.message, request.options]);

const product = { id: 3, name: 'Nyota Pishori Rice 5kg' } as Product;

it('toggles a product in the wishlist, with toasts, persisted under "wishlists"', () => {
  localStorage.clear();
  const store = createShopStore();
  store.dispatch(toggleWishlist(product));
  expect(toasts('success')).toContainEqual(['Nyota Pishori Rice 5kg added to wishlist', expect.anything()]);
  expect(JSON.parse(localStorage.getItem('wishlists') ?? '[]')).toEqual([product]);
  expect(selectWishlistCount(createShopStore().getState())).toBe(1);
  store.dispatch(toggleWishlist(product));
  expect(toasts('warning')).toContainEqual(['Nyota Pishori Rice 5kg removed from wishlist', expect.anything()]);
  expect(selectWishlistCount(store.getState())).toBe(0);
});
