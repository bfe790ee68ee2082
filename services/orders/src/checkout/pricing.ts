import type { LookupProduct, OrderStoreInput } from '@shop/api-types';
import { formatCents, payableUnitCents, toCents } from '@shop/money';
import { unprocessable } from '@shop/service-kit';

export interface PricedLine {
  product: LookupProduct;
  quantity: number;
  /** The offer price when the product is on offer, else its price. */
  unitCents: number;
  lineCents: number;
}

/** What a shopper pays for one unit of a catalogue row now (the shop's one rule, in @shop/money). */
export const unitPriceCents = (product: Pick<LookupProduct, 'price_cents' | 'offer_price_cents'>): number =>
  payableUnitCents(product.price_cents, product.offer_price_cents);

/**
 * The cart at today's prices. Every product must still be buyable and every quantity a whole
 * number within the product's limits (422 on cart_items otherwise).
 */
export function priceCart(items: OrderStoreInput['cart_items'], products: Map<number, LookupProduct>): PricedLine[] {
  return items.map((item) => {
    const product = products.get(item.id);
    if (!product) throw unprocessable({ cart_items: [`Product ${item.id} is no longer available.`] });
    const { quantity } = item;
    if (!Number.isInteger(quantity) || quantity < product.min_quantity || quantity > product.max_quantity) {
      throw unprocessable({
        cart_items: [`The quantity of ${product.name} must be between ${product.min_quantity} and ${product.max_quantity}.`],
      });
    }
    const unitCents = unitPriceCents(product);
    return { product, quantity, unitCents, lineCents: unitCents * quantity };
  });
}

/**
 * The prices the shopper saw must be today's: a unit price (or line total) that differs names the
 * product and its current price, and nothing is written.
 */
export function checkClientPrices(items: OrderStoreInput['cart_items'], lines: PricedLine[]): void {
  items.forEach((item, index) => {
    const line = lines[index]!;
    const priceDiffers = item.price !== undefined && toCents(item.price) !== line.unitCents;
    const totalDiffers = item.product_total !== undefined && toCents(item.product_total) !== line.lineCents;
    if (priceDiffers || totalDiffers) {
      throw unprocessable({
        cart_items: [`Prices have changed: ${line.product.name} is now ${formatCents(line.unitCents)}. Please review your cart.`],
      });
    }
  });
}
