import path from 'node:path';
import { REMOTE_MANIFEST_FILE } from '@shop/api-types';
import { jsonFile } from '../static/files';

interface FederationManifest {
  exposes?: Array<{ name: string; assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[] } } }>;
}

/** The files an exposed module needs first, relative to its remote's folder. */
export interface ExposedFiles {
  scripts: string[];
  stylesheets: string[];
  /** The scripts it may load later (a language's catalog, a step's code), by import(). */
  lazyScripts: string[];
}

const readManifest = jsonFile<FederationManifest>();

/**
 * What a remote the gateway serves itself names, in its manifest, for an exposed module: the page's
 * hints preload those files, a drawn page links its stylesheets. One reader for both, so a build's
 * manifest is parsed once, again only when it changes; null when it is missing or broken.
 */
export function exposedFiles(remoteDir: string, module: string): ExposedFiles | null {
  const manifest = readManifest(path.join(remoteDir, REMOTE_MANIFEST_FILE));
  if (!manifest) return null;
  const assets = manifest.exposes?.find((expose) => expose.name === module)?.assets;
  return { scripts: assets?.js?.sync ?? [], stylesheets: assets?.css?.sync ?? [], lazyScripts: assets?.js?.async ?? [] };
}
