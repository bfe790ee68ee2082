import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteScriptEntry } from '@shop/api-types';
import type { ComponentType } from 'react';
import type { ModuleName, RemoteName, RemoteProps } from './remoteTypes';

export interface RemoteEntry {
  name: string;
  entry: string;
}

let available = new Set<string>();

/** The id of the script element (type application/json) the gateway fills with remotes.json. */
export const INLINE_REMOTES_ID = 'shop-remotes';

/** The configuration the gateway writes into the page itself (no request to wait for), if any. */
function inlineConfiguration(): RemoteEntry[] | null {
  const text = globalThis.document?.getElementById(INLINE_REMOTES_ID)?.textContent;
  if (!text) return null;
  try {
    return (JSON.parse(text) as { remotes?: RemoteEntry[] }).remotes ?? null;
  } catch {
    return null;
  }
}

/**
 * Reads the remotes' configuration, filled by the gateway from the environment: from the page
 * itself when the gateway wrote it there, else from /remotes.json served beside the shell; and
 * registers each remote by the entry script beside its configured manifest (the shell's runtime
 * is built without the manifest reader: see @shop/api-types' remoteEntries). A remote moved to a
 * new URL needs only a new configuration, never a new shell build.
 */
export async function registerConfiguredRemotes(configUrl = '/remotes.json'): Promise<RemoteEntry[]> {
  let remotes: RemoteEntry[] = inlineConfiguration() ?? [];
  if (!remotes.length) {
    try {
      const response = await fetch(configUrl, { credentials: 'same-origin' });
      if (response.ok) remotes = ((await response.json()) as { remotes?: RemoteEntry[] }).remotes ?? [];
    } catch {
      // No configuration: the shell still shows its own pages; remote areas show their fallback.
    }
  }
  const absolute = remotes.map((remote) => ({
    name: remote.name,
    entry: new URL(remoteScriptEntry(remote.entry), window.location.href).toString(),
  }));
  if (absolute.length) registerRemotes(absolute, { force: true });
  available = new Set(absolute.map((remote) => remote.name));
  return absolute;
}

export const isRemoteConfigured = (name: string): boolean => available.has(name);

/** For the gateway's first-screen renderer (src/server.tsx): which remotes the page will have, without loading any. */
export function markRemotesConfigured(names: string[]): void {
  available = new Set(names);
}

/**
 * Loads a remote module's default export, a React component, whatever its props (a page the gateway
 * drew names its remote and module at run time; they come from the typed page table).
 */
export async function loadRemoteDefault(remote: string, module: string): Promise<{ default: ComponentType<never> }> {
  if (!available.has(remote)) throw new RemoteUnavailableError(remote);
  const loaded = await loadRemote<{ default?: ComponentType<never> }>(`${remote}/${module}`);
  if (!loaded?.default) throw new RemoteUnavailableError(remote);
  return { default: loaded.default };
}

/** Loads a remote module's default export, a React component with the props the remote publishes for it (remoteTypes.ts). */
export function loadRemoteComponent<R extends RemoteName, M extends ModuleName<R>>(
  remote: R,
  module: M,
): Promise<{ default: ComponentType<RemoteProps<R, M>> }> {
  // The runtime cannot see a component's props; the remote's published types are what they are.
  return loadRemoteDefault(remote, module) as Promise<{ default: ComponentType<RemoteProps<R, M>> }>;
}

export class RemoteUnavailableError extends Error {
  constructor(readonly remote: string) {
    super(`The ${remote} area could not be loaded`);
    this.name = 'RemoteUnavailableError';
  }
}
