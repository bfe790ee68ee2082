import type { Knex } from 'knex';

/**
 * The payable unit price as SQL, for sorting by what a shopper pays: the offer price when it is
 * below the price, else the price (a missing offer compares as null, so the price). The same rule
 * as @shop/money's offerOf/payableUnitCents, which price every product the API answers; a plain
 * coalesce() would sort an offer left above the price by that offer.
 */
export const payablePriceSql = (db: Knex, table = 'p'): Knex.Raw =>
  db.raw('case when ??.offer_price_cents < ??.price_cents then ??.offer_price_cents else ??.price_cents end', [table, table, table, table]);
