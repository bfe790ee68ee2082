import type { OrderStoreBody, PaymentMethod } from '@shop/api-types';
import { fromCents, lineTotal } from '@shop/money';
import { unitPriceCents, type CartLine } from '@shop/store-kit';
import { DEPOT_ID, normalizePhone, type CheckoutForm } from './form';
import type { OrderTotals } from '@shop/money';
import type { Payer } from './usePayment';

export interface OrderRequest {
  form: CheckoutForm;
  lines: CartLine[];
  totals: OrderTotals;
  method: PaymentMethod;
  /** The code typed in the coupon box: sent only once the coupon was checked and applied. */
  couponCode: string;
  couponApplied: boolean;
  signedIn: boolean;
}

/**
 * POST /api/site/orders/store's body from the form and the cart: trimmed details, each line at the
 * shop's unit price, the total the summary shows; optional parts only when they apply.
 */
export function buildOrderBody({ form, lines, totals, method, couponCode, couponApplied, signedIn }: OrderRequest): OrderStoreBody {
  const body: OrderStoreBody = {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    phone: normalizePhone(form.phone),
    email: form.email.trim(),
    street: form.street.trim(),
    apartment: form.apartment.trim(),
    county_id: Number(form.county_id),
    subcounty_id: Number(form.subcounty_id),
    town: form.town.trim(),
    depot_id: DEPOT_ID,
    cart_items: lines.map((line) => {
      const unit = unitPriceCents(line);
      return { id: line.id, quantity: line.quantity, price: fromCents(unit), product_total: fromCents(lineTotal(unit, line.quantity)) };
    }),
    total_amount: fromCents(totals.totalCents),
    payment_method: method,
  };
  if (method === 'mpesa') body.mpesa_no = form.mpesa_no;
  if (form.order_notes.trim()) body.order_notes = form.order_notes.trim();
  if (couponApplied && couponCode.trim()) body.coupon = couponCode.trim();
  if (signedIn && totals.pointsApplied > 0) body.redeemed_points = totals.pointsApplied;
  return body;
}

/** Who pays, as the form says now. */
export const payerOf = (form: CheckoutForm): Payer => ({
  first_name: form.first_name.trim(),
  last_name: form.last_name.trim(),
  email: form.email.trim(),
  phone: normalizePhone(form.phone),
  mpesa_no: form.mpesa_no,
});
