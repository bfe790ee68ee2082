import type { LookupProduct } from '@shop/api-types';
import type { Match } from './product-index';
import { queryWords, readNumber, words } from './text';
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
    queryWords(name).filter((word) => REFERENCES[word] === undefined && readNumber(word) === null).length === 0
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
  if (clearBest(matches)) return { product: turn.products.get(matches[0]!.product.id)! };
  return { choices: matches.slice(0, SHOWN).map((match) => turn.products.get(match.product.id)!) };
}

/** Whether the first match is clearly the one meant (not one of several alike). */
function clearBest(matches: Match[]): boolean {
  const [first, second] = matches;
  if (!first) return false;
  if (!second) return true;
  if (first.score > second.score + 0.25) return true;
  return first.nameShare === 1 && second.nameShare < 1;
}
