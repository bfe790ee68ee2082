import { NUMBER_WORDS, parseCount } from '@shop/api-types';
/**
 * Words as the assistant compares them: lower case, accents and punctuation dropped, sizes
 * written one way ('2 kg', '2kgs', '2 kilo' are all '2kg'; '1 litre', '1 ltr', '1L' are all '1l'),
 * plurals folded ('beans' is 'bean'), and Swahili or English number words read as numbers.
 */

/** Control characters other than tab, line feed and carriage return: a message with them is not text. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's whole job.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/;

const UNIT_ALIASES: Array<[RegExp, string]> = [
  [/(\d+(?:\.\d+)?)\s*(?:kgs?|kilos?|kilograms?|kilogrammes?)\b/g, '$1kg'],
  [/(\d+(?:\.\d+)?)\s*(?:g|gms?|grams?|grammes?)\b/g, '$1g'],
  [/(\d+(?:\.\d+)?)\s*(?:l|ltrs?|litres?|liters?|lita)\b/g, '$1l'],
  [/(\d+(?:\.\d+)?)\s*(?:ml|millilitres?|milliliters?)\b/g, '$1ml'],
  [/\b(?:kilo|kg)\s+(\d+)\b/g, '$1kg'],
];

const NUMBER_WORD = 'moja|mbili|tatu|nne|tano|sita|saba|nane|tisa|kumi|one|two|three|four|five|six|seven|eight|nine|ten';
const SIZE_NUMBER = `(\\d{1,3}|${NUMBER_WORD})`;
const KILO = '(?:kilo|kilos|kg|kgs|kilogram|kilograms)';
const LITRE = '(?:lita|litre|litres|liter|liters|ltr|ltrs)';
/**
 * Sizes as Swahili (and English) shoppers say them, written as the catalogue writes sizes:
 * 'kilo 2', 'kilo mbili', 'two kilos' are '2kg'; 'lita 3', 'lita tatu' are '3l'; 'nusu kilo' and
 * 'half a kilo' are '500g', 'nusu lita' '500ml'. The unit before the number is the Swahili order.
 */
const SPOKEN_SIZES: Array<[RegExp, (match: string, amount: string) => string]> = [
  [/\b(?:nusu\s+(?:ya\s+)?kilo|kilo\s+nusu|half\s+(?:a\s+)?(?:kilo|kg))\b/gi, () => '500g'],
  [/\b(?:nusu\s+(?:ya\s+)?lita|lita\s+nusu|half\s+(?:a\s+)?(?:litre|liter))\b/gi, () => '500ml'],
  [new RegExp(`\\b${KILO}\\s+${SIZE_NUMBER}\\b`, 'gi'), (_, amount) => `${readQuantity(amount)}kg`],
  [new RegExp(`\\b${LITRE}\\s+${SIZE_NUMBER}\\b`, 'gi'), (_, amount) => `${readQuantity(amount)}l`],
  // '2 kg' with digits stays as written here: normalise joins it for comparing, and product names keep theirs.
  [new RegExp(`\\b(${NUMBER_WORD})\\s+${KILO}\\b`, 'gi'), (_, amount) => `${readQuantity(amount)}kg`],
  [new RegExp(`\\b(${NUMBER_WORD})\\s+${LITRE}\\b`, 'gi'), (_, amount) => `${readQuantity(amount)}l`],
];

/** A text with its spoken sizes written as sizes ('unga kilo mbili' is 'unga 2kg'); the rest as it was. */
export function joinSizes(text: string): string {
  let value = text;
  for (const [pattern, replace] of SPOKEN_SIZES) value = value.replace(pattern, replace);
  return value;
}

/**
 * Texts read recently and what they read as. A message is read a dozen times per reply (its
 * intent, its language, its product words, exact names) and the widget's buttons send the same
 * texts again and again: the regular expressions below ran about 50 us per reply. Bounded, and
 * simply emptied when full.
 */
const READ_TEXTS_KEPT = 2000;
const normalised = new Map<string, string>();
const wordLists = new Map<string, readonly string[]>();

function remember<T>(memory: Map<string, T>, text: string, value: T): T {
  if (memory.size >= READ_TEXTS_KEPT) memory.clear();
  memory.set(text, value);
  return value;
}

/** Lower case, no accents, sizes joined to their number. */
export function normalise(text: string): string {
  return normalised.get(text) ?? remember(normalised, text, normaliseNow(text));
}

function normaliseNow(text: string): string {
  let value = joinSizes(
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[’‘`]/g, "'"),
  );
  for (const [pattern, replacement] of UNIT_ALIASES) value = value.replace(pattern, replacement);
  return value;
}

/** One word as it is compared: plural 's' folded for longer words. */
export function stem(word: string): string {
  if (word.length >= 4 && word.endsWith('s') && !word.endsWith('ss') && !/\d/.test(word)) return word.slice(0, -1);
  return word;
}

/** The words of a text: letters and digits (sizes like '2kg' stay one word), apostrophes dropped. */
export function words(text: string): string[] {
  // A copy: callers may change their list.
  return [...(wordLists.get(text) ?? remember(wordLists, text, wordsNow(text)))];
}

function wordsNow(text: string): string[] {
  return normalise(text)
    .replace(/'/g, '')
    .split(/[^\p{L}\p{N}.]+/u)
    .map((word) => word.replace(/^\.+|\.+$/g, ''))
    .filter((word) => word.length > 0);
}

/** Quantities as a shopper says them: the shop's number words, and 'a'/'an' for one. */
const QUANTITY_WORDS: Readonly<Record<string, number>> = { ...NUMBER_WORDS, a: 1, an: 1 };

/** A quantity as a shopper writes it: '3', 'three', 'tatu', 'a' (whole numbers only: no 'half' bag). */
export function readQuantity(word: string | undefined): number | null {
  return word === undefined ? null : parseCount(word, QUANTITY_WORDS);
}

/** Words that say nothing about which product is meant (English and Swahili). */
export const FILLER_WORDS = new Set(
  [
    // English
    'i',
    'im',
    'id',
    'ill',
    'want',
    'wanted',
    'would',
    'like',
    'love',
    'to',
    'the',
    'a',
    'an',
    'of',
    'some',
    'please',
    'pls',
    'plz',
    'kindly',
    'me',
    'my',
    'mine',
    'for',
    'do',
    'does',
    'you',
    'have',
    'has',
    'had',
    'is',
    'are',
    'was',
    'there',
    'any',
    'what',
    'whats',
    'which',
    'show',
    'find',
    'looking',
    'look',
    'search',
    'need',
    'get',
    'got',
    'can',
    'could',
    'buy',
    'purchase',
    'order',
    'with',
    'and',
    'or',
    'in',
    'on',
    'at',
    'your',
    'yours',
    'stock',
    'sell',
    'selling',
    'available',
    'price',
    'prices',
    'how',
    'much',
    'many',
    'cost',
    'costs',
    'it',
    'its',
    'this',
    'that',
    'these',
    'those',
    'packet',
    'packets',
    'pack',
    'packs',
    'piece',
    'pieces',
    'pcs',
    'item',
    'items',
    'unit',
    'units',
    'product',
    'products',
    'tell',
    'about',
    'also',
    'just',
    'only',
    'some',
    'something',
    'anything',
    'we',
    'us',
    'our',
    'shop',
    'store',
    'hi',
    'hello',
    'hey',
    'thanks',
    'thank',
    'add',
    'put',
    'into',
    'cart',
    'basket',
    'more',
    'kindly',
    'good',
    'best',
    'give',
    'list',
    'all',
    'every',
    'kinds',
    'kind',
    'type',
    'types',
    'sort',
    'sorts',
    'offered',
    'sold',
    'now',
    'today',
    'currently',
    'here',
    'again',
    'then',
    'so',
    'be',
    'will',
    'shall',
    'should',
    'much',
    'per',
    'each',
    'x',
    // Swahili
    'ya',
    'wa',
    'la',
    'za',
    'cha',
    'vya',
    'kwa',
    'na',
    'nataka',
    'ninataka',
    'tunataka',
    'nahitaji',
    'ninahitaji',
    'tafadhali',
    'naomba',
    'nipe',
    'niletee',
    'je',
    'mna',
    'mnauza',
    'kuna',
    'una',
    'uko',
    'gani',
    'ni',
    'ngapi',
    'pesa',
    'hii',
    'hiyo',
    'hizo',
    'hizi',
    'yako',
    'yenu',
    'pakiti',
    'ongeza',
    'weka',
    'kwenye',
    'katika',
    'kikapu',
    'nunua',
    'kununua',
    'nauliza',
    'bei',
    'habari',
    'jambo',
    'sasa',
    'mambo',
    'asante',
    'sana',
    'pia',
    'tu',
    'zote',
    'yote',
    'aina',
    'nini',
    'nina',
    'ninauliza',
    'nisaidie',
    'nionyeshe',
    'nioneshe',
    'onyesha',
    'angalia',
    'zipo',
    'ziko',
    'ipo',
    'iko',
    'mnazo',
    'leo',
    'changu',
    'yangu',
  ].map(stem),
);

/** The words that may name a product: filler words and quantities removed. */
export function queryWords(text: string): string[] {
  return words(text)
    .map(stem)
    .filter((word) => !FILLER_WORDS.has(word));
}

/** 'Mlima Gold Sifted Maize Meal 2kg' and 'mlima  gold sifted maize meal 2 kg' are the same name. */
export function nameKey(text: string): string {
  return words(text).join(' ');
}
