/**
 * The number words shoppers write quantities, sizes and prices with, in English and Swahili
 * ('kilo mbili', 'lita tano', 'three'): one list for the catalog's search and the assistant.
 */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twenty: 20,
  seventy: 70,
  moja: 1,
  mbili: 2,
  tatu: 3,
  nne: 4,
  tano: 5,
  sita: 6,
  saba: 7,
  nane: 8,
  tisa: 9,
  kumi: 10,
  ishirini: 20,
  sabini: 70,
  nusu: 0.5,
  half: 0.5,
};

/** Digits with at most one decimal part, after a point or a comma ('2.5', '2,5'), as Kenyans write both. */
const DECIMAL_DIGITS = /^\d+(?:[.,]\d+)?$/;
const DIGITS = /^\d+$/;

/** The word's number; own keys only, so 'constructor' or 'toString' typed in a chat is no number. */
function wordValue(words: Readonly<Record<string, number>>, text: string): number | undefined {
  const key = text.trim().toLowerCase();
  return Object.prototype.hasOwnProperty.call(words, key) ? words[key] : undefined;
}

// The readers of numbers shoppers type, one set for the catalog's search and the assistant. Each
// reads the whole text (trimmed), not a number inside it (the callers' patterns find those), and
// answers null for text that is not its kind of number, so a caller never meets NaN.

/** A whole number written in digits only ('7', '0042'), of at most `maxDigits` digits. */
export function parseDigits(text: string, maxDigits = 15): number | null {
  const trimmed = text.trim();
  return DIGITS.test(trimmed) && trimmed.length <= maxDigits ? Number(trimmed) : null;
}

/** An amount: digits with a decimal point or comma ('2', '2,5'), or a number word ('tano', 'nusu'). */
export function parseAmount(text: string, words: Readonly<Record<string, number>> = NUMBER_WORDS): number | null {
  const word = wordValue(words, text);
  if (word !== undefined) return word;
  const trimmed = text.trim();
  return DECIMAL_DIGITS.test(trimmed) ? Number(trimmed.replace(',', '.')) : null;
}

/**
 * A count of things ('3 packets', 'pakiti tatu'): up to four digits, or a whole number word; a
 * half or a fraction is no count. `words` may add a caller's own ('a' for one).
 */
export function parseCount(text: string, words: Readonly<Record<string, number>> = NUMBER_WORDS): number | null {
  const digits = parseDigits(text, 4);
  if (digits !== null) return digits;
  const word = wordValue(words, text);
  return word !== undefined && Number.isInteger(word) ? word : null;
}
