import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * A phone on a bad network loses a request now and then: a remote's entry script is asked again
 * with back-off (0.4 s, 1.2 s) before the area gives up and shows its fallback.
 * (@module-federation/retry-plugin on npm stops at 0.17, for the 0.x runtime, not the 2.x one the
 * shop uses; this is the same idea on the runtime's own hook.) The page registers each remote by
 * that script, so it is the only request the runtime makes (no manifest: see remotes.ts); the
 * remote's later chunks and stylesheets load through its own webpack runtime, which its build
 * retries with the same delays (ChunkRetryPlugin in @shop/mf-config).
 */
export const RETRY_DELAYS_MS = [400, 1200];

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

export const retryRemotePluginWith = (delays: number[]): ModuleFederationRuntimePlugin => ({
  name: 'shop-retry-remote',
  loadEntryError: retryEntry(delays),
});

/** What the build names in runtimePlugins (webpack.config.js): the runtime calls it with its own arguments, none of them ours. */
const retryRemotePlugin = (): ModuleFederationRuntimePlugin => retryRemotePluginWith(RETRY_DELAYS_MS);

export default retryRemotePlugin;
