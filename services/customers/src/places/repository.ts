import type { Knex } from 'knex';
import type { County, SubCounty } from '@shop/api-types';

export class PlacesRepository {
  constructor(private readonly db: Knex) {}

  async counties(): Promise<County[]> {
    const rows: County[] = await this.db('counties').orderBy('id').select('id', 'name');
    return rows.map((row) => ({ id: Number(row.id), name: row.name }));
  }

  async county(id: number): Promise<County | undefined> {
    const row: County | undefined = await this.db('counties').where({ id }).first('id', 'name');
    return row && { id: Number(row.id), name: row.name };
  }

  async subCounties(countyId: number): Promise<SubCounty[]> {
    const rows: SubCounty[] = await this.db('sub_counties').where({ county_id: countyId }).select('id', 'name');
    // Sorted here rather than by SQL so the order is the same under SQLite's and MySQL's collations.
    return rows.map((row) => ({ id: Number(row.id), name: row.name })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }

  async subCounty(id: number): Promise<{ id: number; county_id: number; name: string } | undefined> {
    const row: { id: number; county_id: number; name: string } | undefined = await this.db('sub_counties')
      .where({ id })
      .first('id', 'county_id', 'name');
    return row && { id: Number(row.id), county_id: Number(row.county_id), name: row.name };
  }
}
