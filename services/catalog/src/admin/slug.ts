import type { Knex } from 'knex';

export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'item'
  );
}

/** A slug not yet used in the table (name, name-2, name-3...), keeping a row's own slug on update. */
export async function uniqueSlug(db: Knex | Knex.Transaction, table: string, text: string, exceptId?: number): Promise<string> {
  const base = slugify(text);
  const taken = new Set(
    (await db(table).where('slug', base).orWhere('slug', 'like', `${base}-%`).select('id', 'slug'))
      .filter((row: { id: number }) => row.id !== exceptId)
      .map((row: { slug: string }) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
