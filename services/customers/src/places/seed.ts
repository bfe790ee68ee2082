import type { Knex } from 'knex';
import { KENYA_COUNTIES } from './kenya';

/**
 * Counties and sub-counties are reference data: written on every start, in one transaction. Missing
 * rows are added and a corrected spelling in kenya.ts reaches existing databases; ids never move.
 */
export async function syncPlaces(db: Knex): Promise<{ added: number; renamed: number }> {
  return db.transaction(async (trx) => {
    let added = 0;
    let renamed = 0;
    const counties = new Map<number, string>(
      (await trx('counties').select('id', 'name')).map((row: { id: number; name: string }) => [row.id, row.name]),
    );
    const subCounties = new Map<number, string>(
      (await trx('sub_counties').select('id', 'name')).map((row: { id: number; name: string }) => [row.id, row.name]),
    );
    for (const county of KENYA_COUNTIES) {
      const existing = counties.get(county.id);
      if (existing === undefined) {
        await trx('counties').insert({ id: county.id, name: county.name });
        added += 1;
      } else if (existing !== county.name) {
        await trx('counties').where({ id: county.id }).update({ name: county.name });
        renamed += 1;
      }
    }
    const missing: Array<{ id: number; county_id: number; name: string }> = [];
    for (const county of KENYA_COUNTIES) {
      for (const [id, name] of county.subCounties) {
        const existing = subCounties.get(id);
        if (existing === undefined) missing.push({ id, county_id: county.id, name });
        else if (existing !== name) {
          await trx('sub_counties').where({ id }).update({ name, county_id: county.id });
          renamed += 1;
        }
      }
    }
    if (missing.length) await trx.batchInsert('sub_counties', missing, 100);
    added += missing.length;
    return { added, renamed };
  });
}
