import { parseAmount, type LookupProduct } from '@shop/api-types';
import type { Size } from './copy';
import type { Match, ProductIndex } from './product-index';
import { queryWords, readQuantity, words } from './text';
import { isPresent, SHOWN, type Turn } from './turn';

/** Words that point back at the products just shown (English and Swahili): their place in the list, -1 the last. */
// prettier-ignore
const REFERENCES: Record<string, number> = {
  it: 0, this: 0, that: 0, hiyo: 0, hii: 0, them: 0, one: 0, same: 0, first: 0, '1st': 0, kwanza: 0,
  second: 1, '2nd': 1, pili: 1, third: 2, '3rd': 2, tatu: 2, fourth: 3, '4th': 3, fifth: 4, '5th': 4, sixth: 5, last: -1, mwisho: -1,
};

export type Resolved = { product: LookupProduct } | { choices: LookupProduct[] } | { none: string };

/**
 * The one product a shopper means: an exact name (the widget's buttons), a word pointing back
 * at what was shown ('add it', 'the second one'), or the clear best match of a search. When
 * several fit equally, they are shown to choose from.
 */
export function resolveProduct(turn: Turn, name: string, scope: 'catalogue' | 'cart'): Resolved {
  const { index } = turn;
  if (!index) return { none: name };
  const inCart = new Set(turn.lines.map((line) => line.product.id));
  const allowed = (id: number) => scope === 'catalogue' || inCart.has(id);
  const exact = index.exact(name);
  if (exact && allowed(exact.id)) {
    const product = turn.products.get(exact.id);
    return product ? { product } : { none: exact.name };
  }
  const list = words(name);
  const last = (turn.state.lastProducts ?? []).filter(allowed);
  const pointer =
    list.length > 0 && list.length <= 3 ? list.map((word) => REFERENCES[word]).find((value) => value !== undefined) : undefined;
  if (
    pointer !== undefined &&
    last.length > 0 &&
    queryWords(name).filter((word) => REFERENCES[word] === undefined && readQuantity(word) === null).length === 0
  ) {
    const id = pointer === -1 ? last.at(-1) : last[pointer];
    const product = id === undefined ? undefined : turn.products.get(id);
    if (product) return { product };
  }
  const query = queryWords(name);
  if (query.length === 0) return { none: name };
  const result = index.search(query);
  const matches = result.matches.filter((match) => allowed(match.product.id) && turn.products.has(match.product.id));
  if (matches.length === 0 || (result.partial && scope === 'catalogue')) {
    const choices = matches.map((match) => turn.products.get(match.product.id)).filter(isPresent);
    return choices.length > 0 ? { choices: choices.slice(0, SHOWN) } : { none: name };
  }
  if (namesOne(matches)) return { product: turn.products.get(matches[0]!.product.id)! };
  return { choices: matches.slice(0, SHOWN).map((match) => turn.products.get(match.product.id)!) };
}

/**
 * Whether the shopper named one product: it is the only match, or its whole name was typed and
 * no other's was. 'Nataka unga' names a dozen flours and 'unga wa ugali 2kg' three: those are
 * asked about, never chosen for the shopper by rank alone.
 */
function namesOne(matches: Match[]): boolean {
  const [first, second] = matches;
  if (!first) return false;
  if (!second) return true;
  return first.nameShare === 1 && matches.slice(1).every((match) => match.nameShare < 1);
}

/** '2kg', '3l', '500g' as a size; null for any other word. */
export function readSize(word: string): Size | null {
  const match = /^(\d+(?:\.\d+)?)(kg|g|l|ml)$/.exec(word);
  const amount = match && parseAmount(match[1]!);
  return match && amount !== null ? { amount, unit: match[2] as Size['unit'] } : null;
}

/** A size in grams or millilitres, with which of the two, so only like sizes are compared. */
function measure(size: Size): { base: number; kind: 'weight' | 'volume' } {
  switch (size.unit) {
    case 'kg':
      return { base: size.amount * 1000, kind: 'weight' };
    case 'g':
      return { base: size.amount, kind: 'weight' };
    case 'l':
      return { base: size.amount * 1000, kind: 'volume' };
    case 'ml':
      return { base: size.amount, kind: 'volume' };
  }
}

/** A product's own pack size: the first size in its name ('Nyota Sunflower Oil 3L' is 3 L; '24kg Bale (12 x 2kg)' is 24 kg). */
function packSize(nameWords: string[]): Size | null {
  for (const word of nameWords) {
    const size = readSize(word);
    if (size) return size;
  }
  return null;
}

/**
 * The products of the nearest size when the shop has none of the size asked for ('mafuta lita 2'
 * where the oils come in 1, 3, 5, 10 and 20 L: the 1 L and 3 L). The catalog's search already
 * answers with the product in the sizes there are (its notice says so); the nearest of them are
 * chosen here. Null when the query has no size, or the size is sold, or nothing else in it names
 * a product.
 */
export function nearestSize(index: ProductIndex, query: string): { asked: Size; products: number[] } | null {
  const words = queryWords(query);
  const asked = words.map(readSize).find((size) => size !== null);
  if (!asked) return null;
  const result = index.search(words);
  if (!result.partial || result.matches.length === 0) return null;
  const wanted = measure(asked);
  const distances = result.matches
    .map((match) => {
      const size = packSize(match.product.nameWords);
      const own = size ? measure(size) : null;
      return { id: match.product.id, distance: own && own.kind === wanted.kind ? Math.abs(own.base - wanted.base) : Infinity };
    })
    .filter((entry) => Number.isFinite(entry.distance));
  if (distances.length === 0) return null;
  const nearest = Math.min(...distances.map((entry) => entry.distance));
  return { asked, products: distances.filter((entry) => entry.distance === nearest).map((entry) => entry.id) };
}
