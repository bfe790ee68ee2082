import { testDatabases } from '@shop/service-kit/testing';
import { startHarness, type Harness } from '../testing/harness';
import { KENYA_COUNTIES } from './kenya';
import { syncPlaces } from './seed';

describe('the Kenyan places data', () => {
  it('has the 47 counties in code order and the 290 constituencies numbered 1..290 without gaps', () => {
    expect(KENYA_COUNTIES.map((county) => county.id)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
    expect(KENYA_COUNTIES[0]?.name).toBe('Mombasa');
    expect(KENYA_COUNTIES[46]?.name).toBe('Nairobi');
    const ids = KENYA_COUNTIES.flatMap((county) => county.subCounties.map(([id]) => id));
    expect(ids).toEqual(Array.from({ length: 290 }, (_, i) => i + 1));
    for (const county of KENYA_COUNTIES) {
      expect(county.subCounties.length).toBeGreaterThanOrEqual(2);
      const names = county.subCounties.map(([, name]) => name);
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(name).toMatch(/^[A-Z][A-Za-z'./ -]+[a-z]$/);
    }
  });
});

describe.each(testDatabases('customers'))('counties and sub-counties on $dialect', (database) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(database);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists the 47 counties by id, cacheable for a day', async () => {
    const answer = await h.request('GET', '/api/site/counties');
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(47);
    expect(answer.body[0]).toEqual({ id: 1, name: 'Mombasa' });
    expect(answer.body[46]).toEqual({ id: 47, name: 'Nairobi' });
    expect(answer.body.map((county: { id: number }) => county.id)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
    expect(answer.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('lists a county’s sub-counties sorted by name', async () => {
    const mombasa = await h.request('GET', '/api/site/counties/subcounty/1');
    expect(mombasa.body.map((s: { name: string }) => s.name)).toEqual(['Changamwe', 'Jomvu', 'Kisauni', 'Likoni', 'Mvita', 'Nyali']);
    expect(mombasa.headers.get('cache-control')).toBe('public, max-age=86400');
    const nairobi = (await h.request('GET', '/api/site/counties/subcounty/47')).body as Array<{ id: number; name: string }>;
    expect(nairobi.map((s) => s.name).sort()).toEqual(
      [
        'Westlands',
        'Dagoretti North',
        'Dagoretti South',
        'Langata',
        'Kibra',
        'Roysambu',
        'Kasarani',
        'Ruaraka',
        'Embakasi South',
        'Embakasi North',
        'Embakasi Central',
        'Embakasi East',
        'Embakasi West',
        'Makadara',
        'Kamukunji',
        'Starehe',
        'Mathare',
      ].sort(),
    );
    expect(nairobi.find((s) => s.name === 'Westlands')?.id).toBe(274);
    expect(nairobi.map((s) => s.name)).toEqual([...nairobi.map((s) => s.name)].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('answers 400 for a malformed id and 404 for an unknown county', async () => {
    const bad = await h.request('GET', '/api/site/counties/subcounty/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.countyId).toBeDefined();
    expect((await h.request('GET', '/api/site/counties/subcounty/-1')).status).toBe(400);
    expect(await h.request('GET', '/api/site/counties/subcounty/48')).toMatchObject({
      status: 404,
      body: { message: 'County not found.' },
    });
    expect((await h.request('GET', '/api/site/counties/subcounty/0')).status).toBe(404);
  });

  it('holds all 290 sub-counties and repairs a wrong spelling on the next start', async () => {
    const [row] = await h.db('sub_counties').count({ count: '*' });
    expect(Number(row?.count)).toBe(290);
    await h.db('sub_counties').where({ id: 4 }).update({ name: 'Nyalli' });
    await h.db('sub_counties').where({ id: 290 }).delete();
    expect(await syncPlaces(h.db)).toEqual({ added: 1, renamed: 1 });
    expect((await h.db('sub_counties').where({ id: 4 }).first()).name).toBe('Nyali');
    expect(await syncPlaces(h.db)).toEqual({ added: 0, renamed: 0 });
  });
});
