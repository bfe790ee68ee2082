/**
 * Search synonyms: the words and phrases shoppers type (Swahili, Sheng, common misspellings) and
 * the catalogue's own English terms they mean. The catalog service owns the table; its site search
 * and the assistant's product search both expand queries with it, and staff edit it in the back
 * office.
 */

/** A synonym as staff see it (GET /api/admin/products/synonyms). */
export interface SearchSynonym {
  id: number;
  /** What shoppers type, normalised (see normaliseSearchPhrase): 'unga wa ngano', 'mcele'. */
  phrase: string;
  /** The catalogue terms it means, any one of them: ['wheat flour', 'baking flour']. */
  terms: string[];
  created_at: string;
  updated_at: string;
}

/** One synonym as the searches use it. */
export interface SearchSynonymEntry {
  phrase: string;
  terms: string[];
}

/**
 * GET /internal/catalog/synonyms on the catalog service: the whole table, with the catalogue
 * revision it was read at (a synonym change writes an audit row, so it moves the revision like
 * any other staff change).
 */
export interface SearchSynonymsResponse {
  revision: string;
  synonyms: SearchSynonymEntry[];
}

/** The answer to a staff change of a synonym. */
export interface SearchSynonymSaved {
  message: string;
  synonym: SearchSynonym;
}

export const SEARCH_SYNONYM_LIMITS = {
  /** Characters of a phrase or of one term. */
  textMax: 60,
  /** Words of a phrase or of one term (a longer one would never be typed as such). */
  wordsMax: 5,
  /** Terms of one synonym: each is one more alternative in the search's SQL. */
  termsMax: 8,
} as const;

/**
 * Text as phrases are compared: accents dropped ('é' is 'e'), lower case, apostrophes removed
 * ("ng'ombe" and 'ngombe' are one word, as shoppers type them either way), anything else that is
 * not a letter or digit a space, spaces collapsed.
 */
export function normaliseSearchPhrase(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`´ʼ]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Swahili's "of" takes the noun class's form (unga wa ngano, chakula cha kuku, mbegu za mahindi)
 * and shoppers use them loosely ('chakula ya kuku', 'unga ya ngano'): within a phrase they are
 * one word, so one row matches every form.
 */
export const SWAHILI_OF_WORDS: ReadonlySet<string> = new Set(['wa', 'ya', 'cha', 'za', 'la', 'vya']);

/** A normalised phrase's words as they are matched: every form of "of" the same. */
export function phraseMatchWords(normalised: string): string[] {
  return normalised
    .split(' ')
    .filter((word) => word.length > 0)
    .map((word) => (SWAHILI_OF_WORDS.has(word) ? 'wa' : word));
}
