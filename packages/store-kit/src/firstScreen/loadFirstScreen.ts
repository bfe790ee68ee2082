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
 * Makes the calls the drawn page was made from and waits for their answers (preloaded by the
 * page's hints, so usually already on their way), so the browser's first render of the page has
 * its data at once and draws exactly what the shopper already sees, instead of a loading state
 * and then the page again. Call once the remote that owns the page has loaded: its endpoints must
 * be known. A call this version does not have is skipped (the page then makes its own).
 */
export async function loadFirstScreenQueries(store: ShopStore, queries: FirstScreenQuery[]): Promise<void> {
  // Endpoints are injected at run time by the remotes, so their names are not known to the api's type.
  const endpoints = api.endpoints as unknown as Record<
    string,
    { initiate(args: unknown, options: { subscribe: boolean }): Parameters<ShopStore['dispatch']>[0] }
  >;
  await Promise.all(
    queries
      .filter((query) => query.endpointName in endpoints)
      .map(async (query) => {
        try {
          await store.dispatch(endpoints[query.endpointName]!.initiate(query.originalArgs, { subscribe: false }));
        } catch {
          // The page makes the call itself.
        }
      }),
  );
}
