import { z } from 'zod';
import { normaliseSearchPhrase, SEARCH_SYNONYM_LIMITS } from '../synonyms';

const { textMax, wordsMax, termsMax } = SEARCH_SYNONYM_LIMITS;

const wordCount = (text: string): number => text.split(' ').filter(Boolean).length;

/** A phrase or term: required, normalised, with letters or digits in it and not too long. */
const searchText = (label: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `The ${label} field is required.` : `The ${label} field must be a string.`,
    })
    .max(textMax * 2, `The ${label} must not be greater than ${textMax} characters.`)
    .transform(normaliseSearchPhrase)
    .pipe(
      z
        .string()
        .min(1, `The ${label} field is required.`)
        .max(textMax, `The ${label} must not be greater than ${textMax} characters.`)
        .refine((text) => wordCount(text) <= wordsMax, `The ${label} may have at most ${wordsMax} words.`),
    );

/**
 * The terms as the back office's form sends them: a list, or one text with a term a line or
 * comma-separated ('wheat flour, baking flour'). Blank entries are dropped and repeats kept once.
 */
const termList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(/[,\n;]/) : value),
  z
    .array(z.unknown(), { error: 'The terms field is required.' })
    .transform((items) => items.filter((item) => !(typeof item === 'string' && item.trim() === '')))
    .pipe(
      z
        .array(searchText('term'))
        .min(1, 'The terms field is required.')
        .transform((terms) => [...new Set(terms)])
        .pipe(z.array(z.string()).max(termsMax, `A synonym may have at most ${termsMax} terms.`)),
    ),
);

/** POST /api/admin/products/synonyms/store and /update/{id}. */
export const adminSearchSynonymFormSchema = z.object({
  phrase: searchText('phrase'),
  terms: termList,
});
export type AdminSearchSynonymForm = z.infer<typeof adminSearchSynonymFormSchema>;

export const adminSearchSynonymListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
});
