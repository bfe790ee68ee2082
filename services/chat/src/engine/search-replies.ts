import type { LookupProduct } from '@shop/api-types';
import { unitCents } from './cart';
import { MODIFIER_WORDS, type Intent } from './intents';
import { queryWords } from './text';
import { isPresent, SHOWN, suggestStart, type Turn } from './turn';

/** Query words without the ones that only sort or filter. */
export function searchWords(text: string): string[] {
  return queryWords(text).filter((word) => !MODIFIER_WORDS.has(word));
}

/** How much of its price an offer takes off, for showing the best offers first. */
const offerShare = (product: LookupProduct): number => (product.price_cents - unitCents(product)) / Math.max(1, product.price_cents);

/**
 * The products a search names, best first, with today's prices (gone products left out).
 * False when the search found nothing to answer with, so the message can be read another way.
 */
export function answerSearch(turn: Turn, intent: Extract<Intent, { kind: 'search' }>): boolean {
  const { draft, index } = turn;
  const SEARCH = turn.copy.search;
  if (!index) return false;
  const query = searchWords(intent.query);
  const phrase = query.join(' ');
  const current = (ids: number[]) => ids.map((id) => turn.products.get(id)).filter(isPresent);

  if (intent.offers) {
    const named = query.length > 0 ? phrase : null;
    const onOffer = new Set(index.products.filter((product) => product.offerPercent > 0).map((product) => product.id));
    const ids =
      query.length > 0
        ? index
            .search(query)
            .matches.map((match) => match.product.id)
            .filter((id) => onOffer.has(id))
        : [...onOffer];
    const found = current(ids)
      .filter((product) => unitCents(product) < product.price_cents)
      .sort((a, b) => offerShare(b) - offerShare(a));
    if (found.length === 0) {
      draft.text.push(SEARCH.nothingOnOffer(named));
      suggestStart(turn);
      return true;
    }
    draft.text.push(SEARCH.onOffer(found.length, named));
    show(turn, found);
    return true;
  }

  if (intent.sort) {
    const pool = query.length > 0 ? index.search(query) : null;
    if (pool && pool.matches.length === 0) return false;
    const found = current(pool ? pool.matches.map((match) => match.product.id) : index.products.map((product) => product.id)).sort(
      (a, b) => (intent.sort === 'cheapest' ? unitCents(a) - unitCents(b) : unitCents(b) - unitCents(a)),
    );
    if (found.length === 0) return false;
    const top = found[0]!;
    draft.text.push(SEARCH.extreme(intent.sort, query.length > 0 ? phrase : null, top.name, unitCents(top), top.price_cents));
    show(turn, found.slice(0, 3));
    return true;
  }

  if (query.length === 0) {
    // 'how much is it?' after products were shown.
    const last = current(turn.state.lastProducts ?? []);
    if (intent.priceQuestion && last.length > 0) {
      draft.text.push(last.map((product) => SEARCH.priceOfShown(product.name, unitCents(product), product.price_cents)).join('\n'));
      show(turn, last);
      return true;
    }
    return false;
  }

  const result = index.search(query);
  const found = current(result.matches.map((match) => match.product.id));
  if (found.length === 0) return false;
  if (intent.priceQuestion && found.length <= 2) {
    draft.text.push(found.map((product) => SEARCH.priceOfNamed(product.name, unitCents(product), product.price_cents)).join('\n'));
  } else if (result.partial) {
    draft.text.push(SEARCH.close(found.length, phrase));
  } else if (found.length > SHOWN) {
    draft.text.push(SEARCH.many(found.length, SHOWN, phrase));
  } else {
    draft.text.push(SEARCH.found(phrase));
  }
  show(turn, found.slice(0, SHOWN));
  return true;
}

/** Shows products with a button to add each. */
function show(turn: Turn, products: LookupProduct[]): void {
  const suggestions = turn.copy.suggestions;
  turn.draft.products.push(...products);
  turn.draft.suggestions.push(...products.slice(0, 3).map((product) => suggestions.add(product.name)), suggestions.viewCart);
}
