import { NUMBER_WORDS, normaliseSearchPhrase, parseAmount } from '@shop/api-types';

/** A size as the shop sells it: kilograms or litres. */
export interface Size {
  amount: number;
  unit: 'kg' | 'l';
}

/** What a search asked for besides the product: these narrow or sort, and never match on their own. */
export interface QueryLimits {
  size: Size | null;
  /** SKU names the pack word means ('gunia' is a sack: a bag or a bale). */
  packs: string[] | null;
  /** The pack word as typed, to say it back. */
  packWord: string | null;
  /** Highest price in KSh ('under 200', 'chini ya 500'). */
  maxPrice: number | null;
  /** Cheapest first ('bei nafuu', 'cheapest'). */
  cheapestFirst: boolean;
}

export interface UnderstoodQuery extends QueryLimits {
  /** The words that name the product, in order (size, price and pack words taken out). */
  productText: string;
}

const KILO_WORDS = 'kg|kgs|kilo|kilos|kilogram|kilograms|kilogramu';
const LITRE_WORDS = 'l|lt|ltr|ltrs|litre|litres|liter|liters|lita';
const GRAM_WORDS = 'g|gm|gms|gram|grams|gramu';
const NUMBER = `\\d+(?:[.,]\\d+)?|${Object.keys(NUMBER_WORDS).join('|')}`;

/** '2kg', '2 kg', '5 litres', '500g', 'lita tano', 'kilo 2': number then unit, or unit then number. */
const SIZE_PATTERN = new RegExp(
  `(?:^|\\s)(?:(${NUMBER})\\s*(${KILO_WORDS}|${LITRE_WORDS}|${GRAM_WORDS})|(${KILO_WORDS}|${LITRE_WORDS})\\s+(${NUMBER}))(?=\\s|$)`,
);

/** 'under 200', 'below 400 bob', 'chini ya 500', 'less than ksh 300', 'max 250'. */
const MAX_PRICE_PATTERN =
  /(?:^|\s)(?:under|below|less than|cheaper than|not more than|max|maximum|up to|upto|within|chini ya|isiyozidi|si zaidi ya|bila kuzidi)\s+(?:ksh|kes|sh|shs|shilingi|bob\s)?\s*(\d+(?:[.,]\d+)?)(?:\s*(?:bob|ksh|kes|shillings|shilingi|sh|shs|bei))?(?=\s|$)/;

/** Cheap first: English, Swahili and the Sheng shoppers use. */
const CHEAP_PATTERN =
  /(?:^|\s)(?:bei nafuu|bei rahisi|bei ya chini|cheapest|cheaper|cheap|affordable|lowest price|low price|nafuu|rahisi)(?=\s|$)/;

/** Pack words to the SKU names (as staff name them) they lead to. */
const PACK_WORDS: Array<[RegExp, string[]]> = [
  [/(?:^|\s)(bales?|bunda|robota)(?=\s|$)/, ['Bale']],
  [/(?:^|\s)(gunia|magunia|sacks?|bags?|mfuko|bulk|jumla|wholesale)(?=\s|$)/, ['Bag', 'Bale']],
  // A debe is the 20-litre tin of the market: the tins.
  [/(?:^|\s)(debe|madebe|tins?|mkebe)(?=\s|$)/, ['Tin']],
  [/(?:^|\s)(jerricans?|jerrycans?|jeri|mtungi)(?=\s|$)/, ['Jerrican']],
  [/(?:^|\s)(packets?|pakiti|paketi)(?=\s|$)/, ['Packet']],
  [/(?:^|\s)(bottles?|chupa)(?=\s|$)/, ['Bottle']],
];

function unitOf(word: string): Size['unit'] | 'g' {
  if (new RegExp(`^(?:${KILO_WORDS})$`).test(word)) return 'kg';
  if (new RegExp(`^(?:${GRAM_WORDS})$`).test(word)) return 'g';
  return 'l';
}

/**
 * Splits a search into the product it names and the limits around it. Sizes, prices and pack
 * words are taken out of the text, so they never find a product by themselves: 'basmati 2kg'
 * searches 'basmati' and then keeps the 2 kg ones, if there are any.
 */
export function understandQuery(search: string): UnderstoodQuery {
  // Digits glued to words are split ('2kg' is '2 kg', 'ksh200' is 'ksh 200'), after normalising.
  let text = ` ${normaliseSearchPhrase(search)
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/([a-z])(\d)/g, '$1 $2')} `;
  const limits: QueryLimits = { size: null, packs: null, packWord: null, maxPrice: null, cheapestFirst: false };

  const price = MAX_PRICE_PATTERN.exec(text);
  if (price) {
    limits.maxPrice = parseAmount(price[1]!);
    text = text.replace(price[0], ' ');
  }
  const size = SIZE_PATTERN.exec(text);
  const amount = size && parseAmount((size[1] ?? size[4])!);
  if (size && amount !== null) {
    const unit = unitOf((size[2] ?? size[3])!);
    limits.size = unit === 'g' ? { amount: amount / 1000, unit: 'kg' } : { amount, unit };
    text = text.replace(size[0], ' ');
  }
  const cheap = CHEAP_PATTERN.exec(text);
  if (cheap) {
    limits.cheapestFirst = true;
    text = text.replace(cheap[0], ' ');
  }
  for (const [pattern, packs] of PACK_WORDS) {
    const pack = pattern.exec(text);
    if (!pack) continue;
    limits.packs = packs;
    limits.packWord = pack[1]!;
    text = text.replace(pack[0], ' ');
    break;
  }
  // Currency words left without a number ('bob', 'ksh') and a bare 'bei' name nothing to find.
  text = text.replace(/(?:^|\s)(?:ksh|kes|bob|shillings|shilingi|bei|price|prices)(?=\s|$)/g, ' ');
  return { ...limits, productText: text.replace(/\s+/g, ' ').trim() };
}

/**
 * A product's size from its unit as staff write it: '2 kg', '1 L', '24 kg (12 x 2 kg)' (the first
 * amount is the pack's), '500 g'. Null when the unit names no weight or volume.
 */
export function sizeOfUnit(unit: string): Size | null {
  const match = /(\d+(?:[.,]\d+)?)\s*(kg|g|l|ml)\b/i.exec(unit);
  if (!match) return null;
  const amount = parseAmount(match[1]!);
  if (amount === null) return null;
  const kind = match[2]!.toLowerCase();
  if (kind === 'g') return { amount: amount / 1000, unit: 'kg' };
  if (kind === 'ml') return { amount: amount / 1000, unit: 'l' };
  return { amount, unit: kind === 'kg' ? 'kg' : 'l' };
}

export const sameSize = (a: Size, b: Size): boolean => a.unit === b.unit && Math.abs(a.amount - b.amount) < 1e-9;

/** '2 kg', '1 L', '0.5 kg' as the shop writes units. */
export const sizeLabel = (size: Size): string => `${size.amount} ${size.unit === 'kg' ? 'kg' : 'L'}`;
