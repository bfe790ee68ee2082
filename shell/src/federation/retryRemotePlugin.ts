import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * A phone on a bad network loses a request now and then: the remote's manifest and its entry
 * script are asked again with back-off (0.4 s, 1.2 s) before the area gives up and shows its
 * fallback. (@module-federation/retry-plugin on npm stops at 0.17, for the 0.x runtime, not the 2.x
 * one the shop uses; this is the same idea on the runtime's own hooks.) The remote's later chunks and
 * stylesheets load through its own webpack runtime, not these hooks: its build retries them with the
 * same delays (ChunkRetryPlugin in @shop/mf-config).
 */
export const RETRY_DELAYS_MS = [400, 1200];

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A network error or a server error is worth asking again; a 404 is not (the release is gone). */
const worthRetrying = (response: Response) => response.status >= 500 || response.status === 408 || response.status === 429;

export async function fetchWithRetries(url: string, init: RequestInit | undefined, delays = RETRY_DELAYS_MS): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(url, init);
      if (!worthRetrying(response) || attempt >= delays.length) return response;
    } catch (error) {
      if (attempt >= delays.length) throw error;
    }
    await wait(delays[attempt]!);
  }
}

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;

/**
 * The entry script failed: the runtime keeps the failed load under uniqueKey, so each attempt
 * drops it first; after the last, it is dropped too, so the area's own Try again starts afresh.
 */
function retryEntry(delays: number[]): LoadEntryError {
  const retry = async ({
    getRemoteEntry,
    origin,
    remoteInfo,
    remoteEntryExports,
    globalLoading,
    uniqueKey,
  }: Parameters<LoadEntryError>[0]) => {
    for (const delay of delays) {
      await wait(delay);
      delete globalLoading[uniqueKey];
      try {
        const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
        if (entry) return entry;
      } catch {
        // The next attempt, or the area's fallback after the last.
      }
    }
    delete globalLoading[uniqueKey];
    return undefined;
  };
  // The runtime's type asks for a promise of a promise; promises flatten, and the runtime awaits
  // what arrives, so the one promise is what it gets either way.
  return retry as unknown as LoadEntryError;
}

/**
 * The runtime puts a remote page's stylesheet in ahead of its code (read from the manifest) and
 * leaves the element in place when its request is lost; the page's own CSS loading then takes that
 * element for a loaded stylesheet, and the page showed unstyled. A lost one is taken out (so the
 * remote's own loading, which retries, does not take it for loaded) and put in again after each delay.
 */
function stylesheet(url: string, delays: number[], attempt = 0): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = url;
  // The runtime calls this before its own error callback.
  link.onerror = () => {
    link.remove();
    if (attempt < delays.length) setTimeout(() => document.head.appendChild(stylesheet(url, delays, attempt + 1)), delays[attempt]);
  };
  return link;
}

export const retryRemotePluginWith = (delays: number[]): ModuleFederationRuntimePlugin => ({
  name: 'shop-retry-remote',
  // The manifest (mf-manifest.json) is fetched through this hook.
  fetch(url, init) {
    return fetchWithRetries(url, init, delays);
  },
  loadEntryError: retryEntry(delays),
  createLink: ({ url, attrs }) => (attrs?.rel === 'stylesheet' ? stylesheet(url, delays) : undefined),
});

/** What the build names in runtimePlugins (webpack.config.js): the runtime calls it with its own arguments, none of them ours. */
const retryRemotePlugin = (): ModuleFederationRuntimePlugin => retryRemotePluginWith(RETRY_DELAYS_MS);

export default retryRemotePlugin;
