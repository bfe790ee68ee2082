import { createHash } from 'node:crypto';
import type { RemoteEntry } from '../config';

/**
 * The Content-Security-Policy of the storefront and back office pages (every page is the shell's
 * index.html, see static/shellPage.ts).
 *
 * - Scripts only from the shop's origin and the origins the remotes are configured at
 *   (REMOTE_*_URL, GATEWAY_REMOTES_FILE): the federation runtime fetches each remote's manifest and
 *   adds its entry and chunks as script elements. No inline script runs but the one the gateway
 *   writes into a drawn page (the after-first-paint loader), allowed by its hash; the JSON islands
 *   (the remotes' configuration, the first screen's data) are data and never run. No eval.
 * - Styles: the shop's stylesheets and the remotes', plus inline styles: antd writes its styles
 *   into `<style>` elements as components mount, and the drawn first screen carries React's style
 *   attributes. (Style injection cannot run script; script-src is what keeps a page ours.)
 * - Images and fonts: the shop's own (product photos are under /media), the remotes' bundled ones,
 *   and data: URLs (antd's icons, the drawn page's inlined first image).
 * - Calls (fetch): the shop's API and the remotes' manifests.
 * - Never framed (frame-ancestors 'none'; X-Frame-Options for older browsers), no plugins, no
 *   <base> elsewhere, and forms post only to the shop or the payment page.
 */
export interface PagePolicy {
  /** The header for a page with no inline script. */
  plain: string;
  /** The header for a page that runs the inline script given (its exact text between the tags). */
  withInlineScript(script: string): string;
}

/** Where a remote's manifest is, as an origin, or null when it is the shop's own (a path). */
export function remoteOrigin(entry: string): string | null {
  if (entry.startsWith('/')) return null;
  try {
    const url = new URL(entry);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** 'sha256-…' of an inline script's text, as CSP compares it. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

export function pagePolicy(remotes: RemoteEntry[], formTargets: string[]): PagePolicy {
  const origins = [...new Set(remotes.map((remote) => remoteOrigin(remote.entry)).filter((origin): origin is string => origin !== null))];
  const fromShopAndRemotes = ["'self'", ...origins].join(' ');
  const scriptsBefore = `script-src ${fromShopAndRemotes}`;
  const rest = [
    `style-src ${fromShopAndRemotes} 'unsafe-inline'`,
    `img-src ${fromShopAndRemotes} data: blob:`,
    `font-src ${fromShopAndRemotes} data:`,
    `connect-src ${fromShopAndRemotes}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action ${["'self'", ...formTargets].join(' ')}`,
    "object-src 'none'",
  ].join('; ');
  const head = "default-src 'self'; ";
  const plain = `${head}${scriptsBefore}; ${rest}`;
  return {
    plain,
    withInlineScript: (script) => `${head}${scriptsBefore} ${scriptHash(script)}; ${rest}`,
  };
}

/**
 * The page policy for the remotes' configuration in force, made again only when it changes
 * (runtimeRemotes hands out the same list until then), so a page costs a lookup, not a build.
 */
export function pagePolicies(formTargets: string[]): (remotes: RemoteEntry[]) => PagePolicy {
  let lastRemotes: RemoteEntry[] | null = null;
  let lastKey = '';
  let last: PagePolicy = pagePolicy([], formTargets);
  return (remotes) => {
    if (remotes === lastRemotes) return last;
    // A new list with the same entries (a remotes file rewritten unchanged) keeps the same policy.
    const key = remotes.map((remote) => remote.entry).join('\n');
    lastRemotes = remotes;
    if (key !== lastKey) {
      lastKey = key;
      last = pagePolicy(remotes, formTargets);
    }
    return last;
  };
}
