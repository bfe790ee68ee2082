import evaluationSet from './queries.json';

/** One query of the evaluation set: what a shopper types and the products of which one must come first. */
export interface EvaluationQuery {
  query: string;
  language: 'en' | 'sw' | 'sheng' | 'typo' | 'prefix' | 'size' | 'pack' | 'price';
  kind: string;
  /** Slugs of the seeded products; the first result must be one of them. */
  first: string[];
}

export const evaluationQueries: readonly EvaluationQuery[] = evaluationSet.queries as EvaluationQuery[];

export interface EvaluationMiss {
  query: string;
  expected: string[];
  /** The first product's slug, or null when nothing was found. */
  got: string | null;
}

export interface EvaluationResult {
  total: number;
  right: number;
  /** Share of queries whose first result is right, 0..1. */
  share: number;
  misses: EvaluationMiss[];
}

/** Asks every query of the set and counts those whose first product is one that must come first. */
export async function evaluate(firstSlug: (query: string) => Promise<string | null> | string | null): Promise<EvaluationResult> {
  const misses: EvaluationMiss[] = [];
  for (const { query, first } of evaluationQueries) {
    const got = await firstSlug(query);
    if (got === null || !first.includes(got)) misses.push({ query, expected: first, got });
  }
  const total = evaluationQueries.length;
  return { total, right: total - misses.length, share: (total - misses.length) / total, misses };
}
