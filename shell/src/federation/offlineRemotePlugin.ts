import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * When a remote cannot be fetched (its server is down, the network dropped), the runtime would
 * throw deep inside webpack. This turns it into an ordinary rejected import, which the area's
 * error boundary shows as a friendly message, while the rest of the shop keeps working.
 */
const offlineRemotePlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'shop-offline-remote',
  errorLoadRemote({ id, error }) {
    console.warn(`Remote module ${id} is unavailable`, error);
    return undefined;
  },
});

export default offlineRemotePlugin;
