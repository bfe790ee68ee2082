// Stands in for the runtime core's SnapshotHandler (plugins/snapshot/SnapshotHandler.js) in the
// shell's build. That class fetches and reads remotes' mf-manifest.json files; the shop registers
// each remote by its remoteEntry.js instead (experiments.optimization.disableSnapshot), yet the core
// still constructs the class and imports one helper of its file, so its 4.8 KB stayed in main.js.
// What the core uses of it when no remote has a manifest: hooks to apply plugins to, the manifest
// cache removeRemote clears, and the helper that finds no manifest-derived snapshot.
import { DisabledSnapshotHandler } from 'federation-runtime-core-dist/plugins/snapshot/disabled.js';

export class SnapshotHandler extends DisabledSnapshotHandler {
  constructor() {
    super();
    this.manifestCache = new Map();
  }

  loadRemoteSnapshotInfo() {
    throw new Error('Remotes are registered by their remoteEntry.js: the shop does not read federation manifests in the browser');
  }
}

/** No remote comes with a snapshot of its manifest. */
export function getGlobalRemoteInfo() {
  return {};
}
