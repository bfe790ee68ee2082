import path from 'node:path';
import type { GatewayConfig, RemoteEntry } from '../config';
import { escapeAttribute, jsonFile } from './files';

/**
 * What the first screen of a storefront page needs: the remote module that draws it and the API
 * reads it starts with. Follows the shell's route table (shell/src/routing/routes.tsx) and the
 * remotes' calls (mf-catalog/src/api/catalogApi.ts); a hint that drifts from them only costs a
 * wasted download, never a broken page. Patterns: '/product/:slug' style, first match wins.
 */
export interface PageArea {
  pattern: string;
  remote: string;
  module: string;
  /** API reads of the first screen, with :params from the path. */
  data?: string[];
}

export const PAGE_AREAS: PageArea[] = [
  {
    pattern: '/',
    remote: 'mf_catalog',
    module: 'HomePage',
    data: ['/api/site/brands', '/api/site/products/featured', '/api/site/products/sort_filter?sort=popular', '/api/site/products/favorites'],
  },
  { pattern: '/shop/all', remote: 'mf_catalog', module: 'ShopPage', data: ['/api/site/brands', '/api/site/categories', '/api/site/products/filter?brand=all'] },
  { pattern: '/shop/:brand', remote: 'mf_catalog', module: 'ShopPage', data: ['/api/site/brands', '/api/site/categories', '/api/site/products/filter/:brand'] },
  { pattern: '/shop/:brand/:category', remote: 'mf_catalog', module: 'ShopPage', data: ['/api/site/brands', '/api/site/categories'] },
  { pattern: '/brand/:slug', remote: 'mf_catalog', module: 'BrandPage' },
  { pattern: '/product/:slug', remote: 'mf_catalog', module: 'ProductPage', data: ['/api/site/products/view/:slug'] },
  { pattern: '/wishlist', remote: 'mf_catalog', module: 'WishlistPage' },
  { pattern: '/search', remote: 'mf_catalog', module: 'SearchPage' },
  { pattern: '/login', remote: 'mf_account', module: 'LoginPage' },
  { pattern: '/register', remote: 'mf_account', module: 'RegisterPage' },
  { pattern: '/forgot-password', remote: 'mf_account', module: 'ForgotPasswordPage' },
  { pattern: '/profile/*', remote: 'mf_account', module: 'ProfileArea' },
  { pattern: '/cart', remote: 'mf_checkout', module: 'CartPage' },
  { pattern: '/checkout', remote: 'mf_checkout', module: 'CheckoutPage' },
  { pattern: '/success', remote: 'mf_checkout', module: 'SuccessPage' },
  { pattern: '/failed', remote: 'mf_checkout', module: 'FailedPage' },
];

/** The path's :params when it matches the pattern, else null. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const wanted = pattern.split('/').filter(Boolean);
  const actual = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < wanted.length; i++) {
    const part = wanted[i]!;
    if (part === '*') return params;
    const value = actual[i];
    if (value === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part !== value) return null;
  }
  return actual.length === wanted.length ? params : null;
}

interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
}

const safeDecode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

export type Hint = { href: string; as: 'script' | 'style' | 'fetch' };

/**
 * What the page's first screen needs beyond the shell (whose own
 * start-up chunks index.html preloads already), so the browser fetches it all in parallel with
 * the shell instead of one step after another: the shell, then the remote's manifest, its entry,
 * the page's chunk and CSS, then the page's data. Only remotes the gateway serves itself are
 * looked into; one on another origin gets its manifest hinted only.
 */
export function pageHints(config: Pick<GatewayConfig, 'localRemotes'>): (pathname: string, remotes: RemoteEntry[]) => Hint[] {
  const readManifest = jsonFile<FederationManifest>();
  const remoteFiles = (area: PageArea, remotes: RemoteEntry[]): Hint[] => {
    const entry = remotes.find((remote) => remote.name === area.remote)?.entry;
    if (!entry) return [];
    const hints: Hint[] = [{ href: entry, as: 'fetch' }];
    const local = config.localRemotes.find((remote) => entry.startsWith(`/remotes/${remote.folder}/`));
    if (!local) return hints;
    const manifest = readManifest(path.join(local.dir, 'mf-manifest.json'));
    if (!manifest) return hints;
    const base = `/remotes/${local.folder}/`;
    const remoteEntry = manifest.metaData?.remoteEntry;
    hints.push({ href: `${base}${remoteEntry?.path ? `${remoteEntry.path.replace(/\/$/, '')}/` : ''}${remoteEntry?.name ?? 'remoteEntry.js'}`, as: 'script' });
    const exposed = manifest.exposes?.find((expose) => expose.name === area.module);
    for (const file of exposed?.assets?.js?.sync ?? []) hints.push({ href: `${base}${file}`, as: 'script' });
    for (const file of exposed?.assets?.css?.sync ?? []) hints.push({ href: `${base}${file}`, as: 'style' });
    return hints;
  };

  return (pathname, remotes) => {
    const hints: Hint[] = [];
    for (const area of PAGE_AREAS) {
      const params = matchPattern(area.pattern, pathname);
      if (!params) continue;
      hints.push(...remoteFiles(area, remotes));
      for (const data of area.data ?? []) {
        const href = data.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(safeDecode(params[name] ?? '')));
        hints.push({ href, as: 'fetch' });
      }
      break;
    }
    return hints;
  };
}

/** The hints as `<link rel="preload">` tags for a page's head. */
export function hintTags(hints: Hint[]): string {
  // fetch() calls (the federation manifest, the API) are CORS-mode requests: the preload must be too, or it is not reused.
  return hints.map(({ href, as }) => `<link rel="preload" href="${escapeAttribute(href)}" as="${as}"${as === 'fetch' ? ' crossorigin="anonymous"' : ''} />`).join('');
}
