import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import send from 'koa-send';
import type Koa from 'koa';
import type { GatewayConfig, RemoteEntry } from '../config';
import type { LookUpPage } from '../pages/pageTable';
import type { FirstScreens } from '../ssr/firstScreen';
import type { Crawling } from './crawling';
import { shellPage } from './shellPage';

const YEAR_SECONDS = 365 * 24 * 3600;
/** Webpack names built files name.[contenthash:8].ext: those never change and may be cached for a year. */
const HASHED = /\.[0-9a-f]{8}\.(js|css|svg|png|jpe?g|webp|woff2)$/;

/**
 * Built files the gateway reads itself but never hands out: the first-screen renderers and the page
 * table under server/ (the gateway loads them from disk) and source maps (the shop's source).
 */
const PRIVATE_BUILD_FILE = /(^|\/)server(\/|$)|\.map$/i;
/**
 * How the builds name their files: letters, digits and `._-~@+`, segments apart by single slashes,
 * none of them starting with a dot. Anything else (an escape, a backslash, a doubled slash, a dot
 * segment) is not a way the shop links to a file.
 */
const CANONICAL_FILE = /^(?!\.)[\w\-~@+]+(?:\.[\w\-~@+]+)*(?:\/(?!\.)[\w\-~@+]+(?:\.[\w\-~@+]+)*)*$/;

/**
 * The file a request path names, when it is one the shop hands out. Decided on the path exactly as
 * it will be read from disk: koa-send decodes escapes, so `%73erver/index.js` is server/index.js
 * and `main.js.%6dap` a source map. A path that is not written the one way the shop links to its
 * files (no escapes, backslashes, doubled slashes or dot segments) names no file at all, so no
 * other spelling of a private file can reach it.
 */
export function publicBuildFile(requested: string): string | null {
  if (!CANONICAL_FILE.test(requested) || PRIVATE_BUILD_FILE.test(requested)) return null;
  return requested;
}

export async function sendFile(ctx: Koa.Context, root: string, requested: string): Promise<boolean> {
  const file = publicBuildFile(requested);
  if (file === null) return false;
  const hashed = HASHED.test(file);
  try {
    await send(ctx, file, {
      root,
      brotli: true,
      gzip: true,
      maxage: hashed ? YEAR_SECONDS * 1000 : 0,
      immutable: hashed,
      setHeaders: (res) => {
        res.setHeader('Vary', 'Accept-Encoding');
        // Entry points (remoteEntry.js, manifests, index.html) must be re-checked, so a redeployed remote shows at once.
        if (!hashed) res.setHeader('Cache-Control', 'no-cache');
        // Remotes may be loaded from another origin (the shell on one host, a remote on another).
        res.setHeader('Access-Control-Allow-Origin', '*');
      },
    });
    return true;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return false;
    throw error;
  }
}

/** What the shell reads at start: the remotes it may load and where they live right now. */
export function remotesDocument(remotes: RemoteEntry[]): { remotes: RemoteEntry[] } {
  return { remotes };
}

/**
 * The shell and the remotes as static files (the all-in-one mode), /remotes.json from the
 * environment (or GATEWAY_REMOTES_FILE, read again when it changes), /robots.txt and /sitemap.xml
 * (`crawling`), and the shell's index.html for every other page (client-side routing), prepared as
 * the shell's page table says (`pages`).
 */
export function staticSite(
  config: GatewayConfig,
  remotes: () => RemoteEntry[] = () => config.remotes,
  pages: {
    lookUpPage: LookUpPage;
    screens?: FirstScreens;
    crawling?: Crawling;
    /** The client's address, as the limits see it: a drawing queue's share is per address. */
    addressOf?: (req: IncomingMessage) => string;
    /** Adds each remote's release to /remotes.json (read from its manifest, see versions/remoteManifests.ts). */
    remoteVersions?: { withVersions: (remotes: RemoteEntry[]) => RemoteEntry[] };
  } = { lookUpPage: () => null },
): Koa.Middleware {
  const page = shellPage(config, pages.lookUpPage, pages.screens, pages.addressOf);
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/remotes.json') {
      ctx.set('Cache-Control', 'no-cache');
      const live = remotes();
      ctx.body = remotesDocument(pages.remoteVersions ? pages.remoteVersions.withVersions(live) : live);
      return;
    }
    // /robots.txt and /sitemap.xml name the shop's public address: made here, not shipped in the shell.
    if (pages.crawling && (await pages.crawling(ctx))) return;
    const remote = config.localRemotes.find((candidate) => ctx.path.startsWith(`/remotes/${candidate.folder}/`));
    if (remote) {
      const file = ctx.path.slice(`/remotes/${remote.folder}/`.length);
      if (!(await sendFile(ctx, remote.dir, file))) {
        ctx.status = 404;
        ctx.body = { message: 'Not found.' };
      }
      return;
    }
    const file = ctx.path.slice(1);
    if (file && path.extname(file) && (await sendFile(ctx, config.shellDir, file))) return;
    if (path.extname(file) && !file.endsWith('.html')) {
      ctx.status = 404;
      ctx.body = 'Not found';
      return;
    }
    const index = path.join(config.shellDir, 'index.html');
    if (!fs.existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The storefront has not been built yet: run `npm run build`.';
      return;
    }
    // With the page's preload hints: its remote, chunks and first API reads load in parallel.
    await page(ctx, remotes());
  };
}
