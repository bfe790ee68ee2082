import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_MANIFEST_FILE } from '@shop/api-types';
import type { GatewayConfig, RemoteEntry } from '../config';

/** How long a remote's manifest may take to answer before it counts as unreachable. */
const MANIFEST_TIMEOUT_MS = 2000;
/** How long a version read from a remote's manifest is trusted before it is read again. */
const VERSION_TTL_MS = 30_000;

/**
 * The release a remote's mf-manifest.json names: Module Federation's manifest plugin writes the
 * remote's package.json version into metaData.buildInfo.buildVersion at build time.
 */
export function manifestVersion(manifest: unknown): string | null {
  const version = (manifest as { metaData?: { buildInfo?: { buildVersion?: unknown } } } | null)?.metaData?.buildInfo?.buildVersion;
  return typeof version === 'string' && version !== '' ? version : null;
}

type LocalRemotes = GatewayConfig['localRemotes'];

/** The built file behind a manifest the gateway serves itself (/remotes/<folder>/mf-manifest.json), if it is one. */
function localManifestFile(entry: string, localRemotes: LocalRemotes): string | null {
  const remote = localRemotes.find((candidate) => entry === `/remotes/${candidate.folder}/${REMOTE_MANIFEST_FILE}`);
  return remote ? path.join(remote.dir, REMOTE_MANIFEST_FILE) : null;
}

export type ManifestReader = (entry: string) => Promise<string | null>;

/**
 * Reads a remote's version from its manifest: from disk when the gateway serves the remote itself,
 * over HTTP otherwise. Throws when the manifest cannot be had (the remote is unreachable).
 */
export function manifestReader(localRemotes: LocalRemotes, fetchImpl: typeof fetch = fetch): ManifestReader {
  return async (entry) => {
    const file = localManifestFile(entry, localRemotes);
    if (file) return manifestVersion(JSON.parse(await fs.promises.readFile(file, 'utf8')));
    if (!/^https?:\/\//.test(entry)) throw new Error(`no way to read the manifest ${entry} from the gateway`);
    const response = await fetchImpl(entry, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`the manifest ${entry} answered ${response.status}`);
    return manifestVersion(await response.json());
  };
}

/**
 * The remotes with the version each one's manifest names, for /remotes.json. Never waits on a remote:
 * what is known is answered at once and a stale or missing version is read in the background (a
 * remote that does not answer simply has no version until it does).
 */
export function remoteVersions(read: ManifestReader, now: () => number = Date.now) {
  const known = new Map<string, { version: string | null; readAt: number }>();
  const reading = new Set<string>();
  const refresh = (entry: string): Promise<void> => {
    if (reading.has(entry)) return Promise.resolve();
    reading.add(entry);
    return read(entry)
      .then((version) => void known.set(entry, { version, readAt: now() }))
      .catch(() => void known.delete(entry))
      .finally(() => reading.delete(entry));
  };
  return {
    /** Starts reading every remote's version now (at start-up, and in tests to wait for it). */
    refreshAll: (remotes: RemoteEntry[]): Promise<void> =>
      Promise.all(remotes.map((remote) => refresh(remote.entry))).then(() => undefined),
    withVersions: (remotes: RemoteEntry[]): Array<RemoteEntry & { version?: string }> =>
      remotes.map((remote) => {
        const seen = known.get(remote.entry);
        if (!seen || now() - seen.readAt > VERSION_TTL_MS) void refresh(remote.entry);
        return seen?.version ? { ...remote, version: seen.version } : remote;
      }),
  };
}
