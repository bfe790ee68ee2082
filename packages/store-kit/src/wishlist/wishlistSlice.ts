import { createSlice, type PayloadAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import type { Product } from '@shop/api-types';
import { readStored } from '../storage';
import { STORAGE_KEYS } from '../storageKeys';
import { t } from '../i18n/storeKitCatalog';
import { notify } from '../toasts';

export interface WishlistState {
  items: Product[];
}

/** Any state with the wishlist in it (the store's root state): the slice does not import the store, which imports it. */
interface WithWishlist {
  wishlist: WishlistState;
}

const isProducts = (value: unknown): value is Product[] =>
  Array.isArray(value) &&
  value.every(
    (item) =>
      typeof item === 'object' && item !== null && Number.isInteger((item as Product).id) && typeof (item as Product).name === 'string',
  );

const load = (): Product[] => readStored(STORAGE_KEYS.wishlist, [], isProducts);

export const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState: (): WishlistState => ({ items: load() }),
  reducers: {
    wishlistAdded(state, action: PayloadAction<Product>) {
      if (!state.items.some((item) => item.id === action.payload.id)) state.items.push(action.payload);
    },
    wishlistRemoved(state, action: PayloadAction<number>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
    wishlistHydrated(state) {
      state.items = load();
    },
  },
});

export const { wishlistAdded, wishlistRemoved, wishlistHydrated } = wishlistSlice.actions;

export const selectWishlist = (state: WithWishlist) => state.wishlist.items;
export const selectWishlistCount = (state: WithWishlist) => state.wishlist.items.length;
export const selectInWishlist = (productId: number) => (state: WithWishlist) => state.wishlist.items.some((item) => item.id === productId);

/** The heart button: present means removed, otherwise added, with the spec's toasts. */
export const toggleWishlist =
  (product: Product): ThunkAction<void, WithWishlist, unknown, UnknownAction> =>
  (dispatch, getState) => {
    if (getState().wishlist.items.some((item) => item.id === product.id)) {
      dispatch(wishlistRemoved(product.id));
      notify.warning(t('wishlist.removed', { name: product.name }));
    } else {
      dispatch(wishlistAdded(product));
      notify.success(t('wishlist.added', { name: product.name }));
    }
  };
