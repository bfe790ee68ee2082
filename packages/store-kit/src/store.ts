import { combineSlices, configureStore, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query/react';
import { api } from './api';
import { cartSlice, cartHydrated } from './cart/cartSlice';
import { wishlistSlice, wishlistHydrated } from './wishlist/wishlistSlice';
import { sessionSlice, sessionHydrated } from './session/sessionSlice';
import { forgetCustomer } from './session/forgetCustomer';
import { writeCartCookie, writeSignedInCookie } from './firstScreen/shopCookies';
import { writeStored } from './storage';
import { STORAGE_KEYS } from './storageKeys';
import type { SessionState } from './session/sessionSlice';

/** Raw strings under the spec's keys (not JSON), as other parts of the shop read them. */
function persistSession(session: SessionState): void {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return;
    if (session.token) {
      storage.setItem(STORAGE_KEYS.customerToken, session.token);
      storage.setItem(STORAGE_KEYS.customerName, session.name ?? '');
      storage.setItem(STORAGE_KEYS.customerEmail, session.email ?? '');
    } else {
      storage.removeItem(STORAGE_KEYS.customerToken);
      storage.removeItem(STORAGE_KEYS.customerName);
      storage.removeItem(STORAGE_KEYS.customerEmail);
    }
  } catch {
    // Storage blocked: the session lasts for this page only.
  }
}

/**
 * The root reducer. Remotes add their own slices at run time with rootReducer.inject(slice),
 * so the shell never needs to know them at build time.
 */
export const rootReducer = combineSlices(api, cartSlice, wishlistSlice, sessionSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function createShopStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  setupListeners(store.dispatch);

  // Persist after every change, by reference: writes happen only when the cart or wishlist changed.
  let previous = store.getState();
  // The cookies the gateway draws the cart and checkout from follow the stored cart and session,
  // including a cart stored before they existed.
  writeCartCookie(previous.cart.items);
  writeSignedInCookie(previous.session.token !== null);
  store.subscribe(() => {
    const next = store.getState();
    const before = previous;
    // Set first: forgetting the customer below dispatches, which runs this listener again.
    previous = next;
    if (next.cart.items !== before.cart.items) {
      writeStored(STORAGE_KEYS.cart, next.cart.items);
      writeCartCookie(next.cart.items);
    }
    if (next.cart.redeemedPoints !== before.cart.redeemedPoints) writeStored(STORAGE_KEYS.redeemedPoints, next.cart.redeemedPoints || null);
    if (next.wishlist.items !== before.wishlist.items) writeStored(STORAGE_KEYS.wishlist, next.wishlist.items);
    if (next.session !== before.session) {
      persistSession(next.session);
      writeSignedInCookie(next.session.token !== null);
    }
    // However the customer's session ended (Log Out, a 401, another tab), what is theirs goes with it.
    if (before.session.token !== null && next.session.token !== before.session.token) forgetCustomer(store.dispatch);
  });

  // Another tab changed the cart or wishlist: follow it.
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.cart) store.dispatch(cartHydrated());
    if (event.key === STORAGE_KEYS.wishlist) store.dispatch(wishlistHydrated());
    if (event.key === STORAGE_KEYS.customerToken) store.dispatch(sessionHydrated());
  });
  return store;
}

export type ShopStore = ReturnType<typeof createShopStore>;
export type AppDispatch = ShopStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;
