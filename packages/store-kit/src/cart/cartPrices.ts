import { useEffect } from 'react';
import type { Product } from '@shop/api-types';
import { formatCents } from '@shop/money';
import { api } from '../api';
import { t } from '../i18n/storeKitCatalog';
import { useAppDispatch } from '../hooks';
import type { AppThunk } from '../store';
import { notify } from '../toasts';
import { cartRepriced, linesAtCurrentPrices, maximumOf, unitPriceCents, type CartLine, type CartProduct } from './cartSlice';

/**
 * GET site/products: every product the shop sells now, as the cart's first-screen renderer reads
 * them. Revalidated on every call (`no-cache`): the catalogue answers with a minute of shared
 * caching and an ETag, and a cart must not be re-priced from a copy older than the server's.
 */
export const cartPricesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCartProducts: build.query<Product[], void>({
      query: () => ({ url: 'site/products', cache: 'no-cache' }),
      keepUnusedDataFor: 0,
    }),
  }),
});

/** What re-pricing changed in one line, as told to the shopper. */
export type CartPriceChange =
  | { kind: 'price'; id: number; name: string; unitCents: number }
  | { kind: 'limit'; id: number; name: string; maximum: number }
  | { kind: 'unavailable'; id: number; name: string };

export const cartChangeMessage = (change: CartPriceChange): string => {
  switch (change.kind) {
    case 'price':
      return t('prices.price', { name: change.name, price: formatCents(change.unitCents) });
    case 'limit':
      return t('prices.limit', { name: change.name, maximum: change.maximum });
    case 'unavailable':
      return t('prices.unavailable', { name: change.name });
  }
};

/** What moving `before` to today's listing changes for the shopper (a line's look alone is not news). */
export function cartPriceChanges(before: CartLine[], after: CartLine[]): CartPriceChange[] {
  const changes: CartPriceChange[] = [];
  before.forEach((old, index) => {
    const now = after[index];
    if (!now || now.id !== old.id) return;
    if (now.unavailable) {
      if (!old.unavailable) changes.push({ kind: 'unavailable', id: now.id, name: now.name });
      return;
    }
    const unitCents = unitPriceCents(now);
    if (old.unavailable || unitCents !== unitPriceCents(old)) changes.push({ kind: 'price', id: now.id, name: now.name, unitCents });
    if (now.quantity < old.quantity) changes.push({ kind: 'limit', id: now.id, name: now.name, maximum: maximumOf(now) });
  });
  return changes;
}

const sameLines = (a: CartLine[], b: CartLine[]): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Re-prices the cart from the catalogue: each line takes today's price, offer and limit, a
 * product no longer sold is marked unavailable, and the shopper is told of each change (one toast
 * per line). Used wherever the cart is shown and when the orders service refuses old prices; the
 * answer is the list of changes (empty when nothing changed or the catalogue did not answer, in
 * which case the cart is left as it is).
 */
export const refreshCartPrices = (): AppThunk<Promise<CartPriceChange[]>> => async (dispatch, getState) => {
  if (getState().cart.items.length === 0) return [];
  const result = await dispatch(cartPricesApi.endpoints.getCartProducts.initiate(undefined, { forceRefetch: true, subscribe: false }));
  if (!result.data || !Array.isArray(result.data)) return [];
  const listed: CartProduct[] = result.data;
  const before = getState().cart.items;
  const after = linesAtCurrentPrices(before, new Map(listed.map((product) => [product.id, product])));
  if (sameLines(before, after)) return [];
  dispatch(cartRepriced(listed.filter((product) => before.some((line) => line.id === product.id))));
  const changes = cartPriceChanges(before, after);
  for (const change of changes) {
    const message = cartChangeMessage(change);
    if (change.kind === 'unavailable') notify.warning(message);
    else notify.info(message);
  }
  return changes;
};

/** Re-prices the cart once when a view of it is shown (cart page, drawer, checkout, assistant). */
export function useCartAtCurrentPrices(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(refreshCartPrices());
  }, [dispatch]);
}
