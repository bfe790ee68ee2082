import type http from 'node:http';
import type { LookupProduct } from '@shop/api-types';
import { CatalogLookup, type CatalogLookupOptions } from './catalog-lookup';
import { UpstreamUnavailable } from './http-request';
import { json, startService, type TestService } from './test-service';

const SECRET = 'catalogue-secret';

function product(id: number, priceCents: number): LookupProduct {
  return {
    id,
    name: `Unga ${id}`,
    slug: `unga-${id}`,
    unit: '2 kg',
    image: `unga-${id}.png`,
    price_cents: priceCents,
    offer_price_cents: null,
    min_quantity: 1,
    max_quantity: 10,
    brand_id: 1,
    brand_name: 'Nyota',
    category_id: 1,
    category_name: 'Flour',
  };
}

/**
 * A catalogue as the catalog service answers it: the revision and the lookup of whatever it sells.
 * `holdRevision` keeps revision answers waiting until `releaseRevisions()`.
 */
async function startCatalogue() {
  const state = {
    revision: 'r1',
    revisionStatus: 200,
    products: new Map<number, LookupProduct>([
      [1, product(1, 25_000)],
      [2, product(2, 18_000)],
    ]),
    holdRevision: false,
  };
  const held: Array<() => void> = [];
  const answer = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => {
    if (req.headers['x-internal-secret'] !== SECRET) return json(res, 403, { message: 'Forbidden' });
    if (req.method === 'GET' && req.url === '/internal/catalog/revision') {
      const reply = () => json(res, state.revisionStatus, { revision: state.revision });
      return state.holdRevision ? held.push(reply) : reply();
    }
    if (req.method === 'POST' && req.url === '/internal/products/lookup') {
      const { ids } = JSON.parse(body) as { ids: number[] };
      return json(res, 200, { products: ids.flatMap((id) => state.products.get(id) ?? []) });
    }
    json(res, 404, { message: 'Not found' });
  };
  const service = await startService((req, res, _count, body) => answer(req, res, body));
  const revisionChecks = () => service.seen.filter((r) => r.url === '/internal/catalog/revision').length;
  const lookups = () =>
    service.seen.filter((r) => r.url === '/internal/products/lookup').map((r) => (JSON.parse(r.body) as { ids: number[] }).ids);
  const releaseRevisions = () => held.splice(0).forEach((reply) => reply());
  return { service, state, revisionChecks, lookups, releaseRevisions };
}

/** A lookup that counts the revision moves it is told of, as a service that rebuilds on a change does. */
class CountingLookup extends CatalogLookup {
  moves = 0;
  protected override revisionMoved(): void {
    this.moves += 1;
  }
}

const priceOf = async (lookup: CatalogLookup, id: number, fresh = false) => (await lookup.lookup([id], { fresh })).get(id)?.price_cents;

describe('catalog lookup', () => {
  let catalogue: Awaited<ReturnType<typeof startCatalogue>>;
  let service: TestService;
  let clock = 1_000_000;
  const lookupWith = (options: CatalogLookupOptions) => new CountingLookup(service.url, SECRET, options);

  beforeEach(async () => {
    catalogue = await startCatalogue();
    service = catalogue.service;
    clock = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => clock);
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    catalogue.releaseRevisions();
    await service.close();
  });

  it('remembers products, and ids the catalogue does not sell, between lookups within the interval', async () => {
    const lookup = lookupWith({ revisionCheckMs: 500 });
    const first = await lookup.lookup([1, 2, 99, 1]);
    expect([...first.keys()]).toEqual([1, 2]);
    expect(first.get(1)).toEqual(product(1, 25_000));
    clock += 499;
    catalogue.state.products.set(1, product(1, 26_000));
    const again = await lookup.lookup([2, 1, 99]);
    expect(again.get(1)?.price_cents).toBe(25_000);
    expect(again.has(99)).toBe(false);
    expect(catalogue.revisionChecks()).toBe(1);
    expect(catalogue.lookups()).toEqual([[1, 2, 99]]);
    // Only what it has not seen yet is asked.
    await lookup.lookup([1, 3]);
    expect(catalogue.lookups()).toEqual([[1, 2, 99], [3]]);
  });

  it('asks nothing for no ids', async () => {
    const lookup = lookupWith({});
    expect(await lookup.lookup([])).toEqual(new Map());
    expect(await lookup.lookup([], { fresh: true })).toEqual(new Map());
    expect(service.seen).toEqual([]);
  });

  it('checks the revision once the interval passed, and drops what it remembered when the revision moved', async () => {
    const lookup = lookupWith({ revisionCheckMs: 500 });
    expect(await priceOf(lookup, 1)).toBe(25_000);
    catalogue.state.products.set(1, product(1, 26_000));
    clock += 500;
    // Same revision: what was remembered still answers.
    expect(await priceOf(lookup, 1)).toBe(25_000);
    expect(catalogue.revisionChecks()).toBe(2);
    catalogue.state.revision = 'r2';
    clock += 500;
    expect(await priceOf(lookup, 1)).toBe(26_000);
    expect(catalogue.revisionChecks()).toBe(3);
    expect(catalogue.lookups()).toEqual([[1], [1]]);
    // The first revision learnt is no move; r1 to r2 is one.
    expect(lookup.moves).toBe(1);
  });

  it('asks the catalogue itself for a fresh lookup, without a revision check, and remembers the answer', async () => {
    const lookup = lookupWith({ revisionCheckMs: 60_000 });
    expect(await priceOf(lookup, 1)).toBe(25_000);
    catalogue.state.products.set(1, product(1, 26_000));
    catalogue.state.products.delete(2);
    expect(await priceOf(lookup, 1)).toBe(25_000);
    const fresh = await lookup.lookup([1, 2], { fresh: true });
    expect(fresh.get(1)?.price_cents).toBe(26_000);
    expect(fresh.has(2)).toBe(false);
    expect(catalogue.revisionChecks()).toBe(1);
    // What the fresh answer said (a new price, a product gone) is what later lookups answer.
    const later = await lookup.lookup([1, 2]);
    expect(later.get(1)?.price_cents).toBe(26_000);
    expect(later.has(2)).toBe(false);
    expect(catalogue.lookups()).toEqual([[1], [1, 2]]);
  });

  it('with revisionCheckMs 0 asks the catalogue on every lookup and never the revision', async () => {
    const lookup = lookupWith({ revisionCheckMs: 0 });
    expect(await priceOf(lookup, 1)).toBe(25_000);
    catalogue.state.products.set(1, product(1, 26_000));
    expect(await priceOf(lookup, 1)).toBe(26_000);
    await lookup.ensureCurrent();
    expect(catalogue.revisionChecks()).toBe(0);
    expect(catalogue.lookups()).toEqual([[1], [1]]);
  });

  it('lets concurrent lookups share one revision check', async () => {
    const lookup = lookupWith({ revisionCheckMs: 500 });
    catalogue.state.holdRevision = true;
    const answers = Promise.all([lookup.lookup([1]), lookup.lookup([2]), lookup.lookup([1, 2]), lookup.ensureCurrent()]);
    await waitFor(() => catalogue.revisionChecks() === 1);
    catalogue.releaseRevisions();
    const [one, two, both] = await answers;
    expect([...one.keys(), ...two.keys(), ...both.keys()]).toEqual([1, 2, 1, 2]);
    expect(catalogue.revisionChecks()).toBe(1);
  });

  it('by default waits for a due revision check before it answers from memory', async () => {
    const lookup = lookupWith({ revisionCheckMs: 500 });
    expect(await priceOf(lookup, 1)).toBe(25_000);
    catalogue.state.revision = 'r2';
    catalogue.state.products.set(1, product(1, 26_000));
    catalogue.state.holdRevision = true;
    clock += 500;
    let answered = false;
    const price = priceOf(lookup, 1).then((cents) => ((answered = true), cents));
    await waitFor(() => catalogue.revisionChecks() === 2);
    expect(answered).toBe(false);
    catalogue.releaseRevisions();
    expect(await price).toBe(26_000);
  });

  it('checking beside lookups, answers from memory while the check runs, until a quiet spell', async () => {
    const lookup = lookupWith({ revisionCheckMs: 500, checkBesideLookups: true });
    expect(await priceOf(lookup, 1)).toBe(25_000);
    catalogue.state.revision = 'r2';
    catalogue.state.products.set(1, product(1, 26_000));
    catalogue.state.holdRevision = true;
    clock += 500;
    // Lookups keep coming: the due check does not hold this one up.
    expect(await priceOf(lookup, 1)).toBe(25_000);
    await waitFor(() => catalogue.revisionChecks() === 2);
    catalogue.releaseRevisions();
    await waitFor(() => lookup.moves === 1);
    expect(await priceOf(lookup, 1)).toBe(26_000);

    // After four quiet intervals the lookup waits for the check.
    catalogue.state.revision = 'r3';
    catalogue.state.products.set(1, product(1, 27_000));
    clock += 2_000;
    let answered = false;
    const price = priceOf(lookup, 1).then((cents) => ((answered = true), cents));
    await waitFor(() => catalogue.revisionChecks() === 3);
    expect(answered).toBe(false);
    catalogue.releaseRevisions();
    expect(await price).toBe(27_000);
    expect(lookup.moves).toBe(2);
  });

  it('answers a revision it cannot read with a 503 naming the catalogue, and asks again on the next lookup', async () => {
    const lookup = lookupWith({ revisionCheckMs: 500 });
    catalogue.state.revisionStatus = 500;
    const failed = lookup.lookup([1]);
    await expect(failed).rejects.toBeInstanceOf(UpstreamUnavailable);
    await expect(failed).rejects.toMatchObject({
      status: 503,
      message: 'The catalogue is unavailable right now. Please try again shortly.',
    });
    catalogue.state.revisionStatus = 200;
    expect(await priceOf(lookup, 1)).toBe(25_000);
    expect(catalogue.revisionChecks()).toBe(2);
  });
});

/** Waits (on real time, a few ms a turn) until `done` holds: for what the catalogue has been asked. */
async function waitFor(done: () => boolean): Promise<void> {
  for (let turn = 0; !done(); turn += 1) {
    if (turn > 200) throw new Error('waited in vain');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
