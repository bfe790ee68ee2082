import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { STORAGE_KEYS, type Product } from '@shop/api-types';
import { readStored } from '../storage';
import type { AppThunk, RootState } from '../store';
import { notify } from '../toasts';

export interface WishlistState {
  items: Product[];
}

const isProducts = (value: unknown): value is Product[] =>
  Array.isArray(value) &&
  value.every((item) => typeof item === 'object' && item !== null && Number.isInteger((item as Product).id) && typeof (item as Product).name === 'string');

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

export const selectWishlist = (state: RootState) => state.wishlist.items;
export const selectWishlistCount = (state: RootState) => state.wishlist.items.length;
export const selectInWishlist = (productId: number) => (state: RootState) => state.wishlist.items.some((item) => item.id === productId);

/** The heart button: present means removed, otherwise added, with the spec's toasts. */
export const toggleWishlist =
  (product: Product): AppThunk =>
  (dispatch, getState) => {
    if (getState().wishlist.items.some((item) => item.id === product.id)) {
      dispatch(wishlistRemoved(product.id));
      notify.warning(`${product.name} removed from wishlist`);
    } else {
      dispatch(wishlistAdded(product));
      notify.success(`${product.name} added to wishlist`);
    }
  };
