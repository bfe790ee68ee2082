import { createSelector } from '@reduxjs/toolkit';
import { lineTotal } from '@shop/money';
import type { RootState } from '../store';
import { unitPriceCents } from './cartSlice';

export const selectCartLines = (state: RootState) => state.cart.items;
export const selectCartOpen = (state: RootState) => state.cart.open;

/** Number of units in the cart (the header badge). */
export const selectCartCount = createSelector(selectCartLines, (lines) => lines.reduce((sum, line) => sum + line.quantity, 0));

/** What the shopper can buy now: a line the catalogue no longer sells counts for nothing. */
export const selectCartSubtotalCents = createSelector(selectCartLines, (lines) =>
  lines.reduce((sum, line) => (line.unavailable ? sum : sum + lineTotal(unitPriceCents(line), line.quantity)), 0),
);

/** Lines the catalogue no longer sells: they must be removed before the cart can be paid for. */
export const selectUnavailableLines = createSelector(selectCartLines, (lines) => lines.filter((line) => line.unavailable));

export const selectCartLine = (productId: number) => (state: RootState) => state.cart.items.find((line) => line.id === productId);
