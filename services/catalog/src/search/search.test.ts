import type { Knex } from 'knex';
import type {
  AuditEntry,
  Page,
  Product,
  SearchAnswer,
  SearchSuggestAnswer,
  SearchSynonym,
  SearchSynonymSaved,
  SearchSynonymsResponse,
} from '@shop/api-types';
import { createLogger, listen, sqlTimestamp, type AuthContext, type RunningServer } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import { createCatalogApp } from '../app';
import { audit } from '../audit';
import { prepareCatalogDatabase } from '../db/setup';
import { products as seedProducts } from '../db/seed/data';

const STAFF = 's'.repeat(43);
const CUSTOMER = 'c'.repeat(43);
const SECRET = 'test-secret';
const person = (kind: 'staff' | 'customer', accountId: number): AuthContext => ({
  tokenId: null,
  accountId,
  kind,
  firstName: kind === 'staff' ? 'Amina' : 'Juma',
  lastName: kind === 'staff' ? 'Wanjiru' : 'Otieno',
  email: `${kind}@example.com`,
  phone: null,
  expiresAt: '2099-01-01T00:00:00.000Z',
});

/** The seeded products of these categories, by name, sorted. */
const namesIn = (...categories: string[]): string[] =>
  seedProducts
    .filter((product) => categories.includes(product.category))
    .map((product) => product.name)
    .sort();

describe.each(testDatabases('catalog-search'))('search with synonyms on $dialect', ({ create }) => {
  let server: RunningServer;
  let db: Knex;
  let drop: () => Promise<void>;

  const call = async <T>(method: string, url: string, options: { token?: string; json?: unknown; secret?: string } = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.secret) headers['x-internal-secret'] = options.secret;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };

  /** The names the site search (the header search and /search?q=) finds, sorted. */
  const search = async (text: string): Promise<string[]> => {
    const { status, body } = await call<Product[]>('POST', '/api/site/products/search', { json: { search: text } });
    expect(status).toBe(200);
    return body.map((product) => product.name).sort();
  };

  const revision = async (): Promise<string> =>
    (await call<{ revision: string }>('GET', '/internal/catalog/revision', { secret: SECRET })).body.revision;

  beforeAll(async () => {
    ({ db, drop } = await create());
    await prepareCatalogDatabase(db);
    server = await listen(
      createCatalogApp({
        db,
        logger: createLogger('catalog'),
        internalSecret: SECRET,
        resolveToken: async (token) => (token === STAFF ? person('staff', 1) : token === CUSTOMER ? person('customer', 2) : null),
        orderLines: async () => [],
        // Changes written straight to the database in these tests are searched at once.
        searchRevisionCheckMs: 0,
      }),
      0,
    );
  });

  afterAll(async () => {
    await server?.close();
    await drop?.();
  });

  it('finds the catalogue by its Swahili names', async () => {
    expect(await search('mchele')).toEqual(namesIn('rice'));
    expect(await search('mafuta')).toEqual(namesIn('cooking-oil'));
    expect(await search('ngano')).toEqual(namesIn('wheat-flour', 'baking-flour'));
    expect(await search('unga')).toEqual(namesIn('maize-meal', 'wheat-flour', 'baking-flour', 'porridge-flour'));
    expect(await search('maharagwe')).toEqual(['Nyota Njahi Black Beans 1kg', 'Nyota Rosecoco Beans 1kg']);
    expect(await search('uji')).toEqual(namesIn('porridge-flour'));
    expect(await search('mtama')).toEqual(['Afya Bora Millet & Sorghum Porridge Flour 1kg', 'Afya Bora Sorghum Porridge Flour 1kg']);
  });

  it('reads a phrase before its words, whichever form of "of" the shopper uses', async () => {
    const wheat = namesIn('wheat-flour', 'baking-flour');
    expect(await search('unga wa ngano')).toEqual(wheat);
    expect(await search('Unga ya ngano')).toEqual(wheat);
    expect(await search('unga wa ugali')).toEqual(namesIn('maize-meal'));
    const poultry = ['Shamba Bora Chick Mash 10kg', 'Shamba Bora Growers Mash 70kg', 'Shamba Bora Layers Mash 70kg'];
    expect(await search('chakula cha kuku')).toEqual(poultry);
    expect(await search('chakula ya kuku')).toEqual(poultry);
    expect(await search('kuku feed')).toEqual(poultry);
    expect(await search("chakula cha ng'ombe")).toEqual(['Shamba Bora Dairy Meal 70kg']);
    expect(await search('chakula cha mbwa')).toEqual(['Shamba Bora Dog Meal 10kg']);
  });

  it('finds what common misspellings, capitals, accents and apostrophes mean', async () => {
    expect(await search('mchere')).toEqual(namesIn('rice'));
    expect(await search('MCELE')).toEqual(namesIn('rice'));
    expect(await search('mchéle')).toEqual(namesIn('rice'));
    expect(await search('mafta')).toEqual(namesIn('cooking-oil'));
    expect(await search('maharage')).toEqual(['Nyota Njahi Black Beans 1kg', 'Nyota Rosecoco Beans 1kg']);
    expect(await search('pishory')).toEqual(['Nyota Pishori Rice 1kg', 'Nyota Pishori Rice 5kg']);
    expect(await search('NGOMBE')).toEqual(['Shamba Bora Dairy Meal 70kg']);
    expect(await search('ng’ombe')).toEqual(['Shamba Bora Dairy Meal 70kg']);
  });

  it('keeps sizes and other words as they are, and drops the words of a Swahili request around the product', async () => {
    expect(await search('mchele 5kg')).toEqual(['Nyota Long Grain White Rice 5kg', 'Nyota Pishori Rice 5kg']);
    expect(await search('nataka mchele wa pishori')).toEqual(['Nyota Pishori Rice 1kg', 'Nyota Pishori Rice 5kg']);
    expect(await search('unga mlima')).toEqual(namesIn('maize-meal'));
    // A size narrows to the packs of that size: a 24 kg bale of 2 kg packets is not a 2 kg pack.
    expect(await search('maize meal 2kg')).toEqual(namesIn('maize-meal').filter((name) => name.endsWith(' 2kg')));
    expect(await search('rice wa')).toEqual(namesIn('rice'));
    expect(await search('zzzz')).toEqual([]);
  });

  /** GET /api/site/search: the products' names in order and the notice. */
  const ask = async (text: string) => {
    const { status, body } = await call<SearchAnswer>('GET', `/api/site/search?q=${encodeURIComponent(text)}`);
    expect(status).toBe(200);
    return { names: body.products.map((product) => product.name), notice: body.notice };
  };

  it('lets the product word decide and a size, pack or price only narrow or sort, saying so when nothing meets it', async () => {
    // The size does not exist: the product in the sizes there are, said plainly in both languages.
    const basmati = await ask('basmati 2kg');
    expect(basmati.names).toEqual(['Nyota Basmati Rice 1kg']);
    expect(basmati.notice).toEqual({
      en: 'No basmati in 2 kg; here it is in 1 kg.',
      sw: 'Hakuna basmati ya kilo 2; hii hapa ya kilo 1.',
    });
    const rice = await ask('pishori kilo 3');
    expect(rice.names).toEqual(['Nyota Pishori Rice 1kg', 'Nyota Pishori Rice 5kg']);
    expect(rice.notice?.en).toBe('No pishori in 3 kg; here it is in 1 kg and 5 kg.');
    // Sizes in words and in either order, Swahili too.
    expect((await ask('mafuta lita tano')).names).toEqual(['Nyota Vegetable Oil 5L']);
    expect((await ask('unga wa ugali kilo mbili')).names.sort()).toEqual(namesIn('maize-meal').filter((name) => name.endsWith(' 2kg')));
    // A size alone never finds basmati's neighbours: only the product word matches.
    expect((await ask('basmati 2kg')).names.some((name) => name.includes('Maize'))).toBe(false);
    // Prices: a limit narrows; nothing under it shows the cheapest first and says so.
    const oil = await ask('oil below 400 bob');
    expect(oil.names).toEqual(expect.arrayContaining(['Nyota Sunflower Oil 1L', 'Nyota Corn Oil 1L']));
    expect(oil.names).toHaveLength(2);
    expect(oil.notice).toBeNull();
    expect((await ask('mafuta chini ya 400')).names.sort()).toEqual([...oil.names].sort());
    const cheapOil = await ask('mafuta chini ya 100');
    expect(cheapOil.names[0]).toBe('Nyota Sunflower Oil 1L');
    expect(cheapOil.notice).toEqual({
      en: 'No mafuta under KSh 100.00; the cheapest is KSh 309.50, shown first.',
      sw: 'Hakuna mafuta chini ya KSh 100.00; ya bei nafuu zaidi ni KSh 309.50, iko kwanza.',
    });
    expect((await ask('mchele bei nafuu')).names[0]).toBe('Nyota Long Grain White Rice 1kg');
    // Pack words lead to the bales and tins.
    expect((await ask('gunia ya unga')).names.every((name) => name.includes('Bale'))).toBe(true);
    expect((await ask('mafuta debe')).names).toEqual(['Nyota Vegetable Oil 10L Tin']);
    // Typos and as-you-type prefixes.
    expect((await ask('pishroi')).names).toEqual(['Nyota Pishori Rice 1kg', 'Nyota Pishori Rice 5kg'].sort());
    expect((await ask('maize flor')).names[0]).toContain('Maize Meal');
    expect((await ask('mche')).names.every((name) => name.includes('Rice'))).toBe(true);
  });

  it('suggests as the shopper types, from the same search, and refuses an empty or long text per field', async () => {
    const { status, body } = await call<SearchSuggestAnswer>('GET', '/api/site/search/suggest?q=basm');
    expect(status).toBe(200);
    expect(body.suggestions[0]).toMatchObject({ slug: 'nyota-basmati-rice-1kg', name: 'Nyota Basmati Rice 1kg', unit: '1 kg' });
    const page = await ask('mchele');
    const suggested = await call<SearchSuggestAnswer>('GET', '/api/site/search/suggest?q=mchele');
    expect(suggested.body.suggestions.map((suggestion) => suggestion.name)).toEqual(page.names.slice(0, 6));
    expect(await call('GET', '/api/site/search/suggest?q=%20')).toMatchObject({
      status: 400,
      body: { errors: { q: ['The search field is required.'] } },
    });
    expect(await call('GET', `/api/site/search?q=${'x'.repeat(101)}`)).toMatchObject({
      status: 400,
      body: { errors: { q: ['The search may not be longer than 100 characters.'] } },
    });
  });

  it('finds sugar for sukari once the shop sells it', async () => {
    expect(await search('sukari')).toEqual([]);
    const now = sqlTimestamp();
    await db('products').insert({
      name: 'Nyota Brown Sugar 2kg',
      slug: 'nyota-brown-sugar-2kg',
      brand_id: 3,
      category_id: 8,
      sku_id: 1,
      unit: '2 kg',
      price_cents: 39900,
      min_quantity: 1,
      max_quantity: 10,
      short_description: '<p>Brown sugar.</p>',
      description: '<p>Brown sugar.</p>',
      image: '/media/products/nyota-brown-sugar-2kg.svg',
      status: 'published',
      created_at: now,
      updated_at: now,
    });
    // Written straight to the table here, so the change is announced as the admin routes do: an audit row.
    await audit.record(db, person('staff', 1), { action: 'product.created', entity: 'product', entityId: null, summary: 'sugar' });
    expect(await search('sukari')).toEqual(['Nyota Brown Sugar 2kg']);
    expect(await search('sukar')).toEqual(['Nyota Brown Sugar 2kg']);
    // A word the shop knows nothing of ('kahawia', brown in Swahili) does not hide what it knows.
    expect(await search('sukari ya kahawia')).toEqual(['Nyota Brown Sugar 2kg']);
    await db('products').where({ slug: 'nyota-brown-sugar-2kg' }).delete();
    await audit.record(db, person('staff', 1), { action: 'product.deleted', entity: 'product', entityId: null, summary: 'sugar' });
  });

  it('lets staff add, change and delete synonyms, audited, the search following at once and the revision moving', async () => {
    const synonymsPath = '/api/admin/products/synonyms';
    expect((await call('GET', synonymsPath)).status).toBe(401);
    expect((await call('GET', synonymsPath, { token: CUSTOMER })).status).toBe(403);
    expect((await call('POST', `${synonymsPath}/store`, { token: CUSTOMER, json: { phrase: 'mkate', terms: ['bread'] } })).status).toBe(
      403,
    );

    const listed = await call<SearchSynonym[]>('GET', `${synonymsPath}?q=mchele`, { token: STAFF });
    expect(listed.status).toBe(200);
    expect(listed.body.find((synonym) => synonym.phrase === 'mchele')).toMatchObject({ terms: ['rice'] });

    expect(await search('chakula cha sherehe')).toEqual([]);
    const before = await revision();
    const added = await call<SearchSynonymSaved>('POST', `${synonymsPath}/store`, {
      token: STAFF,
      json: { phrase: '  Chakula cha SHEREHE ', terms: 'pishori rice, basmati' },
    });
    expect(added.status).toBe(201);
    expect(added.body.synonym).toMatchObject({ phrase: 'chakula cha sherehe', terms: ['pishori rice', 'basmati'] });
    const id = added.body.synonym.id;
    expect(await search('chakula cha sherehe')).toEqual(['Nyota Basmati Rice 1kg', 'Nyota Pishori Rice 1kg', 'Nyota Pishori Rice 5kg']);
    const afterAdd = await revision();
    expect(afterAdd).not.toBe(before);

    const internal = await call<SearchSynonymsResponse>('GET', '/internal/catalog/synonyms', { secret: SECRET });
    expect(internal.status).toBe(200);
    expect(internal.body.revision).toBe(afterAdd);
    expect(internal.body.synonyms).toContainEqual({ phrase: 'chakula cha sherehe', terms: ['pishori rice', 'basmati'] });
    expect(internal.body.synonyms).toContainEqual({ phrase: 'mchele', terms: ['rice'] });
    expect((await call('GET', '/internal/catalog/synonyms')).status).toBe(403);

    const changed = await call<SearchSynonymSaved>('POST', `${synonymsPath}/update/${id}`, {
      token: STAFF,
      json: { phrase: 'chakula cha sherehe', terms: ['long grain'] },
    });
    expect(changed.status).toBe(200);
    expect(await search('chakula ya sherehe')).toEqual(['Nyota Long Grain White Rice 1kg', 'Nyota Long Grain White Rice 5kg']);
    const afterChange = await revision();
    expect(afterChange).not.toBe(afterAdd);

    expect((await call('POST', `${synonymsPath}/delete/${id}`, { token: CUSTOMER })).status).toBe(403);
    const deleted = await call<{ message: string }>('POST', `${synonymsPath}/delete/${id}`, { token: STAFF });
    expect(deleted).toMatchObject({ status: 200, body: { message: 'chakula cha sherehe deleted.' } });
    expect(await search('chakula cha sherehe')).toEqual([]);
    expect(await revision()).not.toBe(afterChange);
    expect((await call('POST', `${synonymsPath}/delete/${id}`, { token: STAFF })).status).toBe(404);
    expect((await call('POST', `${synonymsPath}/update/${id}`, { token: STAFF, json: { phrase: 'x', terms: ['y'] } })).status).toBe(404);

    const audit = (await call<Page<AuditEntry>>('GET', '/api/admin/audit/catalog', { token: STAFF })).body;
    expect(audit.data.slice(0, 3).map((entry) => [entry.action, entry.entity, entry.entity_id, entry.actor.name])).toEqual([
      ['synonym.deleted', 'synonym', id, 'Amina Wanjiru'],
      ['synonym.updated', 'synonym', id, 'Amina Wanjiru'],
      ['synonym.created', 'synonym', id, 'Amina Wanjiru'],
    ]);
    expect(audit.data[1]!.summary).toBe('Changed chakula cha sherehe → pishori rice, basmati to chakula cha sherehe → long grain');
  });

  it('refuses a synonym without a phrase or terms, a phrase already in the table, or too many terms', async () => {
    const store = (json: unknown) =>
      call<{ errors: Record<string, string[]> }>('POST', '/api/admin/products/synonyms/store', { token: STAFF, json });
    expect(await store({ phrase: ' ', terms: ['rice'] })).toMatchObject({
      status: 422,
      body: { errors: { phrase: ['The phrase field is required.'] } },
    });
    expect(await store({ phrase: 'mkate', terms: ' , ' })).toMatchObject({
      status: 422,
      body: { errors: { terms: ['The terms field is required.'] } },
    });
    expect(await store({ phrase: 'mkate' })).toMatchObject({ status: 422, body: { errors: { terms: ['The terms field is required.'] } } });
    expect(await store({ phrase: 'MCHELE', terms: ['rice'] })).toMatchObject({
      status: 422,
      body: { errors: { phrase: ['The phrase "mchele" is already in the table.'] } },
    });
    expect(await store({ phrase: 'mkate', terms: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] })).toMatchObject({
      status: 422,
      body: { errors: { terms: ['A synonym may have at most 8 terms.'] } },
    });
    expect(await store({ phrase: 'moja mbili tatu nne tano sita', terms: ['rice'] })).toMatchObject({
      status: 422,
      body: { errors: { phrase: ['The phrase may have at most 5 words.'] } },
    });
    const mchele = (await call<SearchSynonym[]>('GET', '/api/admin/products/synonyms?q=mchele', { token: STAFF })).body.find(
      (synonym) => synonym.phrase === 'mchele',
    )!;
    const mcele = (await call<SearchSynonym[]>('GET', '/api/admin/products/synonyms?q=mcele', { token: STAFF })).body.find(
      (synonym) => synonym.phrase === 'mcele',
    )!;
    // Renaming one phrase to another already there is refused; saving a row under its own phrase is not.
    expect(
      (await call('POST', `/api/admin/products/synonyms/update/${mcele.id}`, { token: STAFF, json: { phrase: 'mchele', terms: ['rice'] } }))
        .status,
    ).toBe(422);
    expect(
      (
        await call('POST', `/api/admin/products/synonyms/update/${mchele.id}`, {
          token: STAFF,
          json: { phrase: 'mchele', terms: ['rice'] },
        })
      ).status,
    ).toBe(200);
  });
});
