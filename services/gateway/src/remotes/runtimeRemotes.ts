import fs from 'node:fs';
import type { Logger } from '@shop/service-kit';
import type { RemoteEntry } from '../config';

/**
 * Where each remote lives right now. The environment (REMOTE_<NAME>_URL, or the gateway's own copy
 * of a built remote) gives the start-up answer; GATEWAY_REMOTES_FILE, when set, names a JSON file
 * read again whenever it changes, so a team can move its remote to a new release or origin while
 * the gateway, the shell and every other remote keep running:
 *
 *   { "mf_catalog": "https://catalog.cdn.example/2026-11-21/mf-manifest.json" }
 *
 * An entry in the file wins over the environment. A missing or broken file is logged and ignored
 * (the shop keeps the last good answer), never a failed /remotes.json.
 */
export function runtimeRemotes(fromEnvironment: RemoteEntry[], file: string | undefined, logger: Logger): () => RemoteEntry[] {
  if (!file) return () => fromEnvironment;
  let seen = '';
  let overrides: Record<string, string> = {};
  // The same list until the file changes: what is made from it (the pages' security policy) is made once per version.
  let merged: RemoteEntry[] | null = null;

  const reload = () => {
    let stamp: string;
    try {
      const stat = fs.statSync(file);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      stamp = 'missing';
    }
    if (stamp === seen) return;
    seen = stamp;
    merged = null;
    if (stamp === 'missing') {
      overrides = {};
      return;
    }
    try {
      overrides = parseRemotesFile(fs.readFileSync(file, 'utf8'));
      logger.info({ file, remotes: overrides }, 'remote configuration loaded');
    } catch (error) {
      logger.warn({ file, err: error }, 'remote configuration file ignored');
    }
  };

  return () => {
    reload();
    if (merged) return merged;
    const current = fromEnvironment.map((remote) =>
      overrides[remote.name] ? { name: remote.name, entry: overrides[remote.name]! } : remote,
    );
    for (const [name, entry] of Object.entries(overrides))
      if (!current.some((remote) => remote.name === name)) current.push({ name, entry });
    merged = current;
    return merged;
  };
}

/** { "<federation name>": "<manifest URL>" }; anything else is refused with a reason. */
export function parseRemotesFile(text: string): Record<string, string> {
  const parsed: unknown = JSON.parse(text);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('expected an object of remote name to manifest URL');
  const result: Record<string, string> = {};
  for (const [name, entry] of Object.entries(parsed)) {
    if (!/^[A-Za-z_]\w*$/.test(name)) throw new Error(`"${name}" is not a federation name`);
    if (typeof entry !== 'string' || !/^(https?:\/\/|\/)/.test(entry))
      throw new Error(`the entry of ${name} must be an http(s) URL or a path`);
    result[name] = entry;
  }
  return result;
}
