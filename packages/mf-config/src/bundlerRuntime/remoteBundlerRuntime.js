// A remote's federation entry without its own copy of the webpack bundler runtime (how a remote
// loads remotes, consumes shared modules and initialises sharing: ~3 KB compressed of every
// remoteEntry.js, the same code as the shell's). It stands in for
// @module-federation/webpack-bundler-runtime/dist/bundler.js and builds the same object from the
// shell's functions. Those keep no state of their own: every call is handed the calling build's
// __webpack_require__. What is per build stays the remote's: the runtime's init (it finds the
// remote's own instance by the remote's build id), the share scope object, the options, and
// initContainerEntry (a container's own; the shell, which exposes nothing, is built without it).
// Of the runtime, the bundler runtime calls init and (for a shared fallback) getRemoteEntry only:
// the rest of it (loadRemote, preloadRemote, ... and their error texts) is left out of the entry.
import { getRemoteEntry, init } from '@module-federation/runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { BUNDLER_RUNTIME_GLOBAL } from './global';

const provided = globalThis[BUNDLER_RUNTIME_GLOBAL];
if (!provided)
  // As with the runtime core (experiments.externalRuntime), only the shop's shell can host a remote.
  throw new Error("The shell's federation bundler runtime is missing: a remote runs only on the shop's shell.");

const federation = {
  runtime: { init, getRemoteEntry },
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...provided.bundlerRuntime, S: {}, initContainerEntry },
  attachShareScopeMap: provided.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};

export default federation;
