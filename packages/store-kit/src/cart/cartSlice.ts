import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Product } from '@shop/api-types';
import { fromCents, lineTotal, payableUnitCents, toCents } from '@shop/money';
import { readStored } from '../storage';
import { STORAGE_KEYS } from '../storageKeys';

/** What a cart line keeps of a product: enough to show it and to re-price it on the server. */
export type CartProduct = Pick<Product, 'id' | 'name' | 'slug' | 'image' | 'unit' | 'price' | 'offer' | 'limit'>;

export interface CartLine extends CartProduct {
  quantity: number;
  /** Line total in KSh (unit price, offer price when on offer, times quantity). */
  product_total: number;
  /** The catalogue no longer sells it (found when the cart was re-priced): it must be removed before paying. */
  unavailable?: boolean;
}

export type CouponType = 'value' | 'percent';

export interface CartState {
  items: CartLine[];
  open: boolean;
  redeemedPoints: number;
  coupon: boolean;
  coupon_type: CouponType | null;
  coupon_value: number;
}

/** The price a shopper pays for one unit of a product, by the shop's one rule (@shop/money's payableUnitCents). */
export const unitPriceCents = (product: Pick<CartProduct, 'price' | 'offer'>): number =>
  payableUnitCents(toCents(product.price), product.offer ? toCents(product.offer.offer_price) : null);

const withTotal = (product: CartProduct, quantity: number, unavailable = false): CartLine => ({
  id: product.id,
  name: product.name,
  slug: product.slug,
  image: product.image,
  unit: product.unit,
  price: product.price,
  offer: product.offer,
  limit: product.limit,
  quantity,
  product_total: fromCents(lineTotal(unitPriceCents(product), quantity)),
  ...(unavailable ? { unavailable: true } : {}),
});

const isCartLines = (value: unknown): value is CartLine[] =>
  Array.isArray(value) &&
  value.every(
    (line) =>
      typeof line === 'object' &&
      line !== null &&
      Number.isInteger((line as CartLine).id) &&
      Number.isInteger((line as CartLine).quantity) &&
      typeof (line as CartLine).price === 'number' &&
      typeof (line as CartLine).limit === 'object',
  );

const isPoints = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

export const loadStoredCart = (): CartLine[] => readStored(STORAGE_KEYS.cart, [], isCartLines);

const initialState = (): CartState => ({
  items: loadStoredCart(),
  open: false,
  redeemedPoints: readStored(STORAGE_KEYS.redeemedPoints, 0, isPoints),
  coupon: false,
  coupon_type: null,
  coupon_value: 0,
});

export const maximumOf = (line: Pick<CartProduct, 'limit'>): number => Math.max(1, line.limit?.maximum_quantity ?? 1);

/**
 * The cart's lines at the catalogue's current listing: each product still sold takes today's
 * name, price, offer and limit (its quantity capped at the new maximum); a product the catalogue
 * no longer lists is kept, marked unavailable, for the shopper to see and remove.
 */
export function linesAtCurrentPrices(lines: CartLine[], current: ReadonlyMap<number, CartProduct>): CartLine[] {
  return lines.map((line) => {
    const product = current.get(line.id);
    if (!product) return withTotal(line, line.quantity, true);
    return withTotal(product, Math.min(line.quantity, maximumOf(product)));
  });
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    lineAdded(state, action: PayloadAction<CartProduct>) {
      if (state.items.some((line) => line.id === action.payload.id)) return;
      state.items.push(withTotal(action.payload, 1));
    },
    /** Sets a line's quantity, capped at the product's maximum; zero or less removes the line. */
    quantitySet(state, action: PayloadAction<{ id: number; quantity: number }>) {
      const index = state.items.findIndex((line) => line.id === action.payload.id);
      const line = state.items[index];
      if (!line) return;
      const quantity = Math.min(Math.trunc(action.payload.quantity), maximumOf(line));
      if (quantity <= 0) state.items.splice(index, 1);
      else state.items[index] = withTotal(line, quantity);
    },
    lineRemoved(state, action: PayloadAction<number>) {
      state.items = state.items.filter((line) => line.id !== action.payload);
      state.redeemedPoints = 0;
    },
    cartCleared(state) {
      state.items = [];
      state.redeemedPoints = 0;
      state.coupon = false;
      state.coupon_type = null;
      state.coupon_value = 0;
    },
    /**
     * Every line at once, as another part of the shop priced them (the chat assistant's reply);
     * persisted like any other change. Anything that is not a list of cart lines is ignored.
     */
    cartReplaced(state, action: PayloadAction<CartLine[]>) {
      if (!isCartLines(action.payload)) return;
      state.items = action.payload.filter((line) => line.quantity > 0).map((line) => withTotal(line, line.quantity));
    },
    /** The catalogue's current products (see refreshCartPrices): every line follows today's listing. */
    cartRepriced(state, action: PayloadAction<CartProduct[]>) {
      const current = new Map(action.payload.map((product) => [product.id, product]));
      state.items = linesAtCurrentPrices(state.items, current);
    },
    /** Re-read from storage (another tab changed it). */
    cartHydrated(state) {
      state.items = loadStoredCart();
    },
    cartDrawerToggled(state, action: PayloadAction<boolean | undefined>) {
      state.open = action.payload ?? !state.open;
    },
    couponApplied(state, action: PayloadAction<{ type: CouponType; value: number }>) {
      state.coupon = true;
      state.coupon_type = action.payload.type;
      state.coupon_value = action.payload.value;
    },
    couponCleared(state) {
      state.coupon = false;
      state.coupon_type = null;
      state.coupon_value = 0;
    },
    pointsRedeemed(state, action: PayloadAction<number>) {
      if (Number.isInteger(action.payload) && action.payload > 0) state.redeemedPoints += action.payload;
    },
    pointsCleared(state) {
      state.redeemedPoints = 0;
    },
  },
});

export const {
  lineAdded,
  quantitySet,
  lineRemoved,
  cartCleared,
  cartReplaced,
  cartRepriced,
  cartHydrated,
  cartDrawerToggled,
  couponApplied,
  couponCleared,
  pointsRedeemed,
  pointsCleared,
} = cartSlice.actions;
