import type { Knex } from 'knex';
import type { AdminSearchSynonymForm, SearchSynonym, SearchSynonymEntry } from '@shop/api-types';
import { sqlTimestamp, toIso } from '@shop/service-kit';

const TABLE = 'search_synonyms';

/** An integer id is a number on both drivers. */
interface SynonymRow {
  id: number;
  phrase: string;
  terms: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const parseTerms = (stored: string): string[] => {
  const terms: unknown = JSON.parse(stored);
  return Array.isArray(terms) ? terms.filter((term): term is string => typeof term === 'string') : [];
};

const toSynonym = (row: SynonymRow): SearchSynonym => ({
  id: row.id,
  phrase: row.phrase,
  terms: parseTerms(row.terms),
  created_at: toIso(row.created_at) ?? '',
  updated_at: toIso(row.updated_at) ?? '',
});

/** A unique index refused the row: MySQL/MariaDB ER_DUP_ENTRY or SQLite's UNIQUE constraint. */
export function isDuplicate(error: unknown): boolean {
  const { code, errno } = error as { code?: string; errno?: number };
  return code === 'ER_DUP_ENTRY' || errno === 1062 || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * The search synonym table: staff's reads and writes, and the entries the search engine is built
 * with (SearchIndex rebuilds it when a change moves the catalogue revision).
 */
export class SearchSynonyms {
  constructor(private readonly db: Knex) {}

  async list(query: { q?: string } = {}): Promise<SearchSynonym[]> {
    const rows: SynonymRow[] = await this.db(TABLE)
      .orderBy('phrase')
      .orderBy('id')
      .select('id', 'phrase', 'terms', 'created_at', 'updated_at');
    const synonyms = rows.map(toSynonym);
    const needle = query.q?.trim().toLowerCase();
    if (!needle) return synonyms;
    return synonyms.filter((synonym) => synonym.phrase.includes(needle) || synonym.terms.some((term) => term.includes(needle)));
  }

  async byId(id: number, db: Knex | Knex.Transaction = this.db): Promise<SearchSynonym | undefined> {
    const row: SynonymRow | undefined = await db(TABLE).where({ id }).first('id', 'phrase', 'terms', 'created_at', 'updated_at');
    return row ? toSynonym(row) : undefined;
  }

  async phraseTaken(phrase: string, exceptId?: number, db: Knex | Knex.Transaction = this.db): Promise<boolean> {
    const query = db(TABLE).where({ phrase });
    if (exceptId !== undefined) query.whereNot({ id: exceptId });
    return (await query.first('id')) !== undefined;
  }

  /** Adds (no id) or changes a synonym; returns its id. */
  async save(trx: Knex.Transaction, form: AdminSearchSynonymForm, id?: number): Promise<number> {
    const now = sqlTimestamp();
    const values = { phrase: form.phrase, terms: JSON.stringify(form.terms), updated_at: now };
    if (id !== undefined) {
      await trx(TABLE).where({ id }).update(values);
      return id;
    }
    const [created] = await trx(TABLE).insert({ ...values, created_at: now });
    // Both drivers answer a one-row insert with the new row's id.
    return created!;
  }

  async remove(trx: Knex.Transaction, id: number): Promise<void> {
    await trx(TABLE).where({ id }).delete();
  }

  /** Every phrase and its terms, as the searches use them. */
  async entries(): Promise<SearchSynonymEntry[]> {
    const rows: Array<Pick<SynonymRow, 'phrase' | 'terms'>> = await this.db(TABLE).orderBy('id').select('phrase', 'terms');
    return rows.map((row) => ({ phrase: row.phrase, terms: parseTerms(row.terms) }));
  }
}
