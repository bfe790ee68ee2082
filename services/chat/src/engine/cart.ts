import type { ChatCartLine, ChatProduct, LookupProduct } from '@shop/api-types';
import { formatCents, fromCents, lineTotal, offerOf, payableUnitCents, productOffer } from '@shop/money';
import { CART, type Copy } from './copy';

/** A cart line as the assistant keeps it while answering: the product as the catalog answers it now. */
export interface Line {
  product: LookupProduct;
  quantity: number;
}

/** The price a shopper pays for one unit of a catalogue row (the shop's one rule, in @shop/money, as the orders service prices it). */
export const unitCents = (product: Pick<LookupProduct, 'price_cents' | 'offer_price_cents'>): number =>
  payableUnitCents(product.price_cents, product.offer_price_cents);

/** 'KES 1,980.00' */
export const kes = (cents: number): string => formatCents(cents).replace(/^KSh/, 'KES');

/** The spec's chat product: 'KES 230.00', or 'KES 230.00 On offer: KES 210.00'. */
export function chatProduct(product: LookupProduct): ChatProduct {
  const offer = offerOf(product.price_cents, product.offer_price_cents);
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    image: product.image,
    price: offer !== null ? `${kes(product.price_cents)} On offer: ${kes(offer)}` : kes(product.price_cents),
  };
}

/** A line exactly as the storefront's cart keeps it (store kit CartLine). */
export function chatCartLine(line: Line): ChatCartLine {
  const { product, quantity } = line;
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    image: product.image,
    unit: product.unit,
    price: fromCents(product.price_cents),
    offer: productOffer(product.price_cents, product.offer_price_cents),
    limit: { minimum_quantity: product.min_quantity, maximum_quantity: product.max_quantity },
    quantity,
    product_total: fromCents(lineTotal(unitCents(product), quantity)),
  };
}

export const subtotalCents = (lines: Line[]): number =>
  lines.reduce((sum, line) => sum + lineTotal(unitCents(line.product), line.quantity), 0);

/**
 * The shopper's cart priced from the catalogue as it is now. Only ids and quantities are read
 * from the storefront; a product that is gone is dropped and a quantity outside the product's
 * limits is brought within them, each with a note the reply tells the shopper.
 */
export function priceCart(
  requested: Array<{ id: number; quantity: number; name?: string }>,
  products: Map<number, LookupProduct>,
  words: Copy['cart'] = CART,
): { lines: Line[]; notes: string[] } {
  const lines: Line[] = [];
  const notes: string[] = [];
  const seen = new Map<number, Line>();
  for (const item of requested) {
    const product = products.get(item.id);
    if (!product) {
      notes.push(words.gone(item.id, item.name));
      continue;
    }
    const quantity = Math.trunc(item.quantity);
    if (!Number.isFinite(quantity) || quantity <= 0) continue;
    const existing = seen.get(product.id);
    if (existing) {
      existing.quantity += quantity;
      continue;
    }
    const line = { product, quantity };
    seen.set(product.id, line);
    lines.push(line);
  }
  for (const line of lines) {
    const { min_quantity: min, max_quantity: max } = line.product;
    if (line.quantity > max) {
      line.quantity = max;
      notes.push(words.loweredToMaximum(line.product.name, max));
    } else if (line.quantity < min) {
      line.quantity = min;
      notes.push(words.raisedToMinimum(line.product.name, min));
    }
  }
  return { lines, notes };
}

/** The cart as the conversation keeps it: ids and quantities, and the unit price the shopper was told. */
export const keptCart = (lines: Line[]): Array<{ id: number; quantity: number; unit_cents: number }> =>
  lines.map((line) => ({ id: line.product.id, quantity: line.quantity, unit_cents: unitCents(line.product) }));

/** Whether two carts hold the same products in the same quantities (in any order). */
export function sameCart(a: Array<{ id: number; quantity: number }>, b: Array<{ id: number; quantity: number }>): boolean {
  if (a.length !== b.length) return false;
  const quantities = new Map(a.map((line) => [line.id, line.quantity]));
  return b.every((line) => quantities.get(line.id) === line.quantity);
}

/** One note per line whose price is not the one the shopper was shown (`seen`: unit cents by product id). */
export function priceChangeNotes(lines: Line[], seen: Map<number, number>, words: Copy['cart'] = CART): string[] {
  const notes: string[] = [];
  for (const line of lines) {
    const was = seen.get(line.product.id);
    const now = unitCents(line.product);
    if (was !== undefined && was !== now) notes.push(words.priceChanged(line.product.name, was, now));
  }
  return notes;
}
