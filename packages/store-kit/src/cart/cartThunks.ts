import { t } from '../i18n/storeKitCatalog';
import type { AppThunk } from '../store';
import { notify } from '../toasts';
import { lineAdded, lineRemoved, maximumOf, quantitySet, type CartProduct } from './cartSlice';

/** Add to Cart: a new line of one, or one more of a line already there, with the spec's toasts. */
export const addToCart =
  (product: CartProduct): AppThunk =>
  (dispatch, getState) => {
    const line = getState().cart.items.find((item) => item.id === product.id);
    if (!line) {
      dispatch(lineAdded(product));
      notify.success(t('cart.added', { name: product.name }));
      return;
    }
    if (line.quantity >= maximumOf(line)) {
      notify.info(t('cart.maximum'));
      return;
    }
    dispatch(quantitySet({ id: product.id, quantity: line.quantity + 1 }));
    notify.info(t('cart.updated', { name: product.name }));
  };

/** The minus / plus stepper: capped at the maximum with a toast; zero removes the line. */
export const changeQuantity =
  (productId: number, quantity: number): AppThunk =>
  (dispatch, getState) => {
    const line = getState().cart.items.find((item) => item.id === productId);
    if (!line) return;
    if (quantity > maximumOf(line)) {
      notify.info(t('cart.maximum'));
      if (line.quantity >= maximumOf(line)) return;
    }
    if (quantity <= 0) {
      dispatch(removeFromCart(productId));
      return;
    }
    dispatch(quantitySet({ id: productId, quantity }));
  };

export const removeFromCart =
  (productId: number): AppThunk =>
  (dispatch, getState) => {
    const line = getState().cart.items.find((item) => item.id === productId);
    if (!line) return;
    dispatch(lineRemoved(productId));
    notify.warning(t('cart.removed', { name: line.name }));
  };
