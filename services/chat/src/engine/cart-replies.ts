import { lineTotal, meetsMinimum, shortOfMinimum } from '@shop/money';
import { subtotalCents, unitCents } from './cart';
import { nearestSize, resolveProduct } from './resolve-product';
import { isPresent, SHOWN, suggestStart, type Turn } from './turn';

/** Adds the product a shopper names, within its limits, and says what the cart now comes to. */
export function addToCart(turn: Turn, name: string, query: string, quantity: number): void {
  const { draft, copy } = turn;
  const { cart: CART, suggestions: SUGGESTIONS } = copy;
  let found = resolveProduct(turn, name, 'catalogue');
  if (!('product' in found) && query !== name) found = resolveProduct(turn, query, 'catalogue');
  if (!('product' in found)) {
    // A size the shop does not sell ('mafuta lita 2'): the nearest size instead, and the shopper told so.
    const near = turn.index ? nearestSize(turn.index, query) : null;
    const nearest = (near?.products ?? []).map((id) => turn.products.get(id)).filter(isPresent);
    if (near && nearest.length === 1) {
      draft.text.push(CART.closestSize(near.asked, nearest[0]!.name));
      found = { product: nearest[0]! };
    } else if (near && nearest.length > 1) {
      draft.text.push(CART.closestSizes(near.asked));
      found = { choices: nearest.slice(0, SHOWN) };
    }
  }
  if ('none' in found) {
    draft.text.push(CART.notFound(found.none));
    draft.suggestions.push(SUGGESTIONS.offers, SUGGESTIONS.help);
    return;
  }
  if ('choices' in found) {
    draft.text.push(CART.whichToAdd(quantity));
    draft.products.push(...found.choices);
    draft.suggestions.push(...found.choices.slice(0, 4).map((product) => SUGGESTIONS.add(product.name, quantity)));
    return;
  }
  const { product } = found;
  const line = turn.lines.find((candidate) => candidate.product.id === product.id);
  const max = product.max_quantity;
  const wanted = line ? line.quantity + quantity : Math.max(product.min_quantity, quantity);
  draft.products.push(product);
  if (line && line.quantity >= max) {
    draft.text.push(CART.alreadyAtMaximum(max, product.name));
  } else if (wanted > max) {
    if (line) line.quantity = max;
    else turn.lines.push({ product, quantity: max });
    draft.text.push(CART.broughtToMaximum(max, product.name));
  } else if (line) {
    line.quantity = wanted;
    draft.text.push(CART.quantityUpdated(product.name, line.quantity));
  } else {
    turn.lines.push({ product, quantity: wanted });
    draft.text.push(CART.added(product.name, wanted));
  }
  cartSummary(turn);
  draft.suggestions.push(SUGGESTIONS.addOneMore(product.name), SUGGESTIONS.viewCart, SUGGESTIONS.checkout);
}

/** Remove, decrease or set the quantity of a line; zero or less removes it. */
export function changeLine(turn: Turn, name: string, next: (current: number) => number): void {
  const { draft } = turn;
  const { cart: CART, suggestions: SUGGESTIONS } = turn.copy;
  if (turn.lines.length === 0) {
    draft.text.push(CART.empty);
    suggestStart(turn);
    return;
  }
  const found = resolveProduct(turn, name, 'cart');
  if ('none' in found) {
    draft.text.push(CART.notInCart(found.none));
    return showCart(turn, false);
  }
  if ('choices' in found) {
    draft.text.push(CART.whichToChange);
    draft.suggestions.push(...found.choices.slice(0, 4).map((product) => SUGGESTIONS.remove(product.name)));
    return;
  }
  const { product } = found;
  const line = turn.lines.find((candidate) => candidate.product.id === product.id)!;
  const quantity = next(line.quantity);
  if (quantity <= 0) {
    turn.lines = turn.lines.filter((candidate) => candidate !== line);
    draft.text.push(CART.removed(product.name));
  } else if (quantity > product.max_quantity) {
    line.quantity = product.max_quantity;
    draft.text.push(CART.broughtToMaximum(product.max_quantity, product.name));
  } else {
    line.quantity = Math.max(product.min_quantity, quantity);
    draft.text.push(CART.quantityUpdated(product.name, line.quantity));
  }
  cartSummary(turn);
  if (turn.lines.length > 0) draft.suggestions.push(SUGGESTIONS.viewCart, SUGGESTIONS.checkout);
  else suggestStart(turn);
}

export function clearCart(turn: Turn): void {
  turn.lines = [];
  turn.draft.step = 'browsing';
  turn.draft.text.push(turn.copy.cart.nowEmpty);
  suggestStart(turn);
}

/** The cart's lines, subtotal and what is missing to the minimum order. */
export function showCart(turn: Turn, withSuggestions = true): void {
  const { draft, lines } = turn;
  const { cart: CART, suggestions: SUGGESTIONS } = turn.copy;
  if (lines.length === 0) {
    draft.text.push(CART.emptyAskWhat);
    if (withSuggestions) suggestStart(turn);
    return;
  }
  const subtotal = subtotalCents(lines);
  draft.text.push(
    CART.heading,
    ...lines.map((line) => CART.line(line.quantity, line.product.name, lineTotal(unitCents(line.product), line.quantity))),
    CART.total(subtotal),
  );
  if (!meetsMinimum(subtotal)) draft.text.push(CART.belowMinimum(shortOfMinimum(subtotal)));
  if (withSuggestions)
    draft.suggestions.push(SUGGESTIONS.checkout, ...lines.slice(0, 3).map((line) => SUGGESTIONS.remove(line.product.name)));
}

/** A button for each line to take it out. */
export function removeMenu(turn: Turn): void {
  const { draft, lines } = turn;
  const { cart: CART, suggestions: SUGGESTIONS } = turn.copy;
  if (lines.length === 0) {
    draft.text.push(CART.emptyNothingToRemove);
    suggestStart(turn);
    return;
  }
  draft.text.push(CART.whichToRemove);
  draft.suggestions.push(...lines.slice(0, 6).map((line) => SUGGESTIONS.remove(line.product.name)));
}

function cartSummary(turn: Turn): void {
  if (turn.lines.length === 0) {
    turn.draft.text.push(turn.copy.cart.nowEmpty);
    return;
  }
  const subtotal = subtotalCents(turn.lines);
  turn.draft.text.push(turn.copy.cart.subtotal(subtotal, shortOfMinimum(subtotal)));
}
