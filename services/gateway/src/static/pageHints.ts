import { catalogFileLanguage, remoteScriptEntry, type ShopLanguage } from '@shop/api-types';
import type { GatewayConfig, RemoteEntry } from '../config';
import type { PageMatch, PreparedPage } from '../pages/pageTable';
import { exposedFiles } from '../remotes/exposedFiles';
import { escapeAttribute } from './files';

const safeDecode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

export type Hint = { href: string; as: 'script' | 'style' | 'fetch' };

/**
 * What the first screen of the page found in the shell's page table (pages/pageTable.ts) needs
 * beyond the shell (whose own start-up chunks index.html preloads already), so the browser fetches it all in parallel with
 * the shell instead of one step after another: the shell, then the remote's entry script (the one
 * the shell registers, beside its manifest: remoteScriptEntry), the page's chunk, its catalog in the
 * page's language (catalogFileLanguage: the page waits for it before it renders) and CSS, then the
 * page's data. Only remotes the gateway serves itself are looked into (their manifest names the
 * page's files); one on another origin gets its entry hinted only.
 */
export function pageHints(
  config: Pick<GatewayConfig, 'localRemotes'>,
): (found: PageMatch | null, remotes: RemoteEntry[], language: ShopLanguage) => Hint[] {
  const remoteFiles = (page: PreparedPage, remotes: RemoteEntry[], language: ShopLanguage): Hint[] => {
    const entry = remotes.find((remote) => remote.name === page.remote)?.entry;
    if (!entry) return [];
    const hints: Hint[] = [{ href: remoteScriptEntry(entry), as: 'script' }];
    const local = config.localRemotes.find((remote) => entry.startsWith(`/remotes/${remote.folder}/`));
    if (!local) return hints;
    const files = exposedFiles(local.dir, page.module);
    if (!files) return hints;
    const base = `/remotes/${local.folder}/`;
    for (const file of files.scripts) hints.push({ href: `${base}${file}`, as: 'script' });
    for (const file of files.lazyScripts) if (catalogFileLanguage(file) === language) hints.push({ href: `${base}${file}`, as: 'script' });
    for (const file of files.stylesheets) hints.push({ href: `${base}${file}`, as: 'style' });
    return hints;
  };

  return (found, remotes, language) => {
    if (!found) return [];
    const { page, params } = found;
    const data = page.preload.map((read): Hint => ({
      href: read.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(safeDecode(params[name] ?? ''))),
      as: 'fetch',
    }));
    return [...remoteFiles(page, remotes, language), ...data];
  };
}

/** The hints as `<link rel="preload">` tags for a page's head. */
export function hintTags(hints: Hint[]): string {
  // fetch() calls (the API's) are CORS-mode requests: the preload must be too, or it is not reused.
  return hints
    .map(
      ({ href, as }) =>
        `<link rel="preload" href="${escapeAttribute(href)}" as="${as}"${as === 'fetch' ? ' crossorigin="anonymous"' : ''} />`,
    )
    .join('');
}
