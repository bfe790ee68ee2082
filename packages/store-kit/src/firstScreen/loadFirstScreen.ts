import { FIRST_SCREEN_STATE_ID, type FirstScreenQuery, type FirstScreenState } from '@shop/api-types';
import { api } from '../api';
import type { ShopStore } from '../store';

/** The first screen the gateway drew into the page (services/gateway/src/ssr), if it drew one. */
export function readFirstScreenState(doc: Document | undefined = globalThis.document): FirstScreenState | null {
  const text = doc?.getElementById(FIRST_SCREEN_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as FirstScreenState;
    return typeof state.remote === 'string' && typeof state.module === 'string' && Array.isArray(state.queries) ? state : null;
  } catch {
    return null;
  }
}

/**
 * Puts the answers the drawn page was made from into the store, so the browser's first render of
 * the page has its data at once and draws exactly what the shopper already sees (instead of a
 * loading state, then the page again). Call once the remote that owns the page has loaded: its
 * endpoints must be known. An answer for an endpoint this version does not have is skipped (the
 * page then asks for it itself).
 */
export async function adoptFirstScreenQueries(store: ShopStore, queries: FirstScreenQuery[]): Promise<void> {
  // Endpoints are injected at run time by the remotes, so their names are not known to the api's type.
  const upsert = api.util.upsertQueryData as unknown as (endpointName: string, args: unknown, data: unknown) => Parameters<ShopStore['dispatch']>[0];
  await Promise.all(
    queries
      .filter((query) => query.endpointName in api.endpoints)
      .map(async (query) => {
        try {
          await store.dispatch(upsert(query.endpointName, query.originalArgs, query.data));
        } catch {
          // The page asks for it itself.
        }
      }),
  );
}
