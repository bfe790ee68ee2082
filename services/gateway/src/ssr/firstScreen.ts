import fs from 'node:fs';
import path from 'node:path';
import {
  CART_COOKIE,
  FIRST_SCREEN_STATE_ID,
  SIGNED_IN_COOKIE,
  decodeCartCookie,
  encodeCartCookie,
  type CartCookieLine,
  type FirstScreenLayoutRenderer,
  type FirstScreenPage,
  type FirstScreenPageRenderer,
  type FirstScreenState,
} from '@shop/api-types';
import type { Logger } from '@shop/service-kit';
import type { GatewayConfig, RemoteEntry } from '../config';
import { PAGE_AREAS, matchPattern, type PageArea } from '../static/pageHints';

/**
 * A storefront page's first screen drawn into its HTML: the shell's header and footer around the
 * page of the remote that owns it, with the data it shows, so a phone paints the page as soon as
 * the HTML and its CSS arrive instead of after the shop's scripts have downloaded and run (on a
 * cheap phone, most of two seconds). The browser then draws the page itself from the same data
 * (carried in the page as FirstScreenState) and that replaces the drawn copy in one step; until
 * then the copy is inert (nothing in it reacts, as on any page still loading).
 *
 * Each app draws with its own renderer (dist/server/index.js next to its browser build, see
 * createServerConfig in packages/mf-config), so a redeployed app brings its renderer with it.
 * Only what every shopper sees alike is drawn (catalogue pages, not the cart or an account), only
 * for remotes the gateway serves itself, and never at a page's expense: a missing or failing
 * renderer, or one slower than the budget, leaves the page to the browser as before.
 */

/** A page waits at most this long for its first screen; a slower one is finished for the next shopper. */
const RENDER_BUDGET_MS = 250;
/** How long a drawn page is reused while the catalogue does not change through the gateway (answers are public for 60 s). */
const REUSE_MS = 60_000;
/** How long past that a drawn page may still be answered while it is drawn again (the catalogue's stale-while-revalidate). */
const STALE_MS = 300_000;
const MAX_KEPT = 500;

/** Pages whose first screen is the same for every shopper. */
const SHARED_MODULES = new Set(['HomePage', 'ShopPage', 'BrandPage', 'ProductPage', 'SearchPage']);
/**
 * Pages drawn from the shopper's cart cookie (ids and quantities; names and prices from the
 * catalogue), for a shopper who is not signed in: a signed-in shopper's checkout shows their
 * account, which the gateway does not look into.
 */
const CART_MODULES = new Set(['CartPage', 'CheckoutPage']);

/** One cookie's value from a Cookie header. */
function cookie(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** A phone or a computer, from the User-Agent: page layouts that depend on the width are drawn for the likely one. */
export function likelyViewportWidth(userAgent: string): number {
  return /Mobi|Android|iPhone|iPod/i.test(userAgent) ? 412 : 1280;
}

interface Renderers {
  layout: FirstScreenLayoutRenderer;
  page: FirstScreenPageRenderer;
}

export interface DrawnPage {
  /** Drawn from the shopper's own cart: never to be kept by a shared cache. */
  personal: boolean;
  /** What goes inside the page's root element. */
  html: string;
  /** The FirstScreenState script element. */
  state: string;
  /** Stylesheets the drawn page needs before it paints. */
  stylesheets: string[];
}

interface Kept {
  page: DrawnPage | null;
  generation: number;
  keptAt: number;
}

/** A bundle read again only when its file changes (a redeployed app). */
function bundleLoader(logger: Logger) {
  const loaded = new Map<string, { stamp: string; exports: unknown }>();
  return <T>(file: string, publicPath: string, origin: string): T | null => {
    let stamp: string;
    try {
      const stat = fs.statSync(file);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return null;
    }
    const known = loaded.get(file);
    if (known?.stamp === stamp) return known.exports as T;
    try {
      const module = { exports: {} as unknown };
      // The renderer is the app's own code (the same the browser runs), built as one CommonJS file.
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      const evaluate = new Function('module', 'exports', 'require', '__shopPublicPath', '__shopLocation', fs.readFileSync(file, 'utf8')) as (
        module: { exports: unknown },
        exports: unknown,
        require: NodeRequire,
        publicPath: string,
        location: { origin: string; href: string },
      ) => void;
      evaluate(module, module.exports, require, publicPath, { origin, href: `${origin}/` });
      loaded.set(file, { stamp, exports: module.exports });
      return module.exports as T;
    } catch (error) {
      logger.warn({ err: error, file }, 'first-screen renderer could not be loaded');
      loaded.set(file, { stamp, exports: null });
      return null;
    }
  };
}

/** A first image this small goes into the drawn page itself (as the home page's banner does): it paints with the page. */
const INLINE_IMAGE_MAX_BYTES = 4096;
const INLINE_IMAGE_TYPES = /^image\/(svg\+xml|png|jpeg|webp)$/;

const escapeScript = (json: string) => json.replace(/</g, '\\u003c');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

interface ExposeManifest {
  exposes?: Array<{ name: string; assets?: { css?: { sync?: string[] } } }>;
}

export interface FirstScreens {
  /** The drawn page for this path, or null (the browser draws it). `origin` is where the gateway answers itself. */
  draw(request: { path: string; search: string; userAgent: string; cookies?: string; origin: string }, remotes: RemoteEntry[]): Promise<DrawnPage | null>;
}

export function firstScreens(
  config: Pick<GatewayConfig, 'shellDir' | 'localRemotes'>,
  logger: Logger,
  catalogueGeneration: () => number,
  now: () => number = Date.now,
): FirstScreens {
  const load = bundleLoader(logger);
  const kept = new Map<string, Kept>();
  const inFlight = new Map<string, Promise<DrawnPage | null>>();

  const renderersFor = (area: PageArea, remotes: RemoteEntry[], origin: string): { renderers: Renderers; remoteDir: string; base: string } | null => {
    const local = config.localRemotes.find((remote) => remote.name === area.remote);
    const entry = remotes.find((remote) => remote.name === area.remote)?.entry;
    // A remote moved elsewhere (REMOTE_*_URL, the remotes file) may run another version than the build here.
    if (!local || !entry?.startsWith(`/remotes/${local.folder}/`)) return null;
    const base = `/remotes/${local.folder}/`;
    const layout = load<FirstScreenLayoutRenderer>(path.join(config.shellDir, 'server', 'index.js'), '/', origin);
    const page = load<FirstScreenPageRenderer>(path.join(local.dir, 'server', 'index.js'), base, origin);
    if (!layout?.renderLayout || !page?.renderPage) return null;
    return { renderers: { layout, page }, remoteDir: local.dir, base };
  };

  const stylesheetsOf = (remoteDir: string, base: string, module: string): string[] => {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(remoteDir, 'mf-manifest.json'), 'utf8')) as ExposeManifest;
      return (manifest.exposes?.find((expose) => expose.name === module)?.assets?.css?.sync ?? []).map((file) => `${base}${file}`);
    } catch {
      return [];
    }
  };

  const render = async (area: PageArea, url: string, viewportWidth: number, cart: CartCookieLine[], remotes: RemoteEntry[], origin: string): Promise<DrawnPage | null> => {
    const found = renderersFor(area, remotes, origin);
    if (!found) return null;
    const { renderers, remoteDir, base } = found;
    let page: FirstScreenPage | null;
    let layout: string;
    try {
      [page, layout] = await Promise.all([
        renderers.page.renderPage({ module: area.module, pattern: area.pattern, url, viewportWidth, cart }),
        renderers.layout.renderLayout({ url, remotes: remotes.map((remote) => remote.name) }),
      ]);
    } catch (error) {
      logger.warn({ err: error, url }, 'first screen could not be drawn');
      return null;
    }
    if (!page || !layout.includes(renderers.layout.PAGE_SLOT)) return null;
    const state: FirstScreenState = { remote: area.remote, module: area.module, queries: page.queries };
    const pageHtml = await withFirstImageInlined(page.html, origin);
    return {
      personal: CART_MODULES.has(area.module),
      // display: contents: the wrapper adds no box, so the drawn copy lays out exactly as the browser's own render.
      html: `<div data-first-screen inert style="display:contents">${layout.replace(renderers.layout.PAGE_SLOT, () => pageHtml)}</div>`,
      state: `<script id="${FIRST_SCREEN_STATE_ID}" type="application/json">${escapeScript(JSON.stringify(state))}</script>`,
      stylesheets: stylesheetsOf(remoteDir, base, area.module),
    };
  };

  return {
    async draw({ path: pathname, search, userAgent, cookies = '', origin }, remotes) {
      const area = PAGE_AREAS.find((candidate) => (SHARED_MODULES.has(candidate.module) || CART_MODULES.has(candidate.module)) && matchPattern(candidate.pattern, pathname));
      if (!area) return null;
      let cart: CartCookieLine[] = [];
      if (CART_MODULES.has(area.module)) {
        cart = decodeCartCookie(cookie(cookies, CART_COOKIE));
        if (cart.length === 0 || cookie(cookies, SIGNED_IN_COOKIE)) return null;
      }
      const url = `${pathname}${search}`;
      const viewportWidth = likelyViewportWidth(userAgent);
      const key = `${viewportWidth} ${url} ${encodeCartCookie(cart)}`;
      const generation = catalogueGeneration();
      const known = kept.get(key);
      const current = known?.generation === generation ? known : undefined;
      if (current && now() - current.keptAt < REUSE_MS) return current.page;

      let drawing = inFlight.get(key);
      if (!drawing) {
        drawing = render(area, url, viewportWidth, cart, remotes, origin)
          .then((page) => {
            kept.delete(key);
            kept.set(key, { page, generation, keptAt: now() });
            // Map order is insertion order: the oldest go first.
            for (const oldest of kept.keys()) {
              if (kept.size <= MAX_KEPT) break;
              kept.delete(oldest);
            }
            return page;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, drawing);
      }
      // Older than a minute but the catalogue unchanged through the gateway: answered at once and
      // drawn again meanwhile, as the catalogue's own answers are (stale-while-revalidate).
      if (current && now() - current.keptAt < STALE_MS) return current.page;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), RENDER_BUDGET_MS);
      });
      try {
        return await Promise.race([drawing, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * The drawn page with its first image (its largest paint) as a data URL when the image is small:
 * it then paints with the page instead of after a request of its own, which on a phone's busy
 * connections comes after the shop's scripts. The browser's own render asks for it as usual.
 */
async function withFirstImageInlined(html: string, origin: string): Promise<string> {
  const src = firstImage(html);
  if (!src?.startsWith('/')) return html;
  try {
    const response = await fetch(`${origin}${src.replace(/&amp;/g, '&')}`, { signal: AbortSignal.timeout(1000) });
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
    if (!response.ok || !INLINE_IMAGE_TYPES.test(type)) return html;
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > INLINE_IMAGE_MAX_BYTES) return html;
    return html.replace(`src="${src}"`, () => `src="data:${type};base64,${bytes.toString('base64')}"`);
  } catch {
    return html;
  }
}

/** The first image of the drawn page that needs a request: on a storefront page, its largest paint. */
function firstImage(html: string): string | null {
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/g)) {
    if (!match[1]!.startsWith('data:')) return match[1]!;
  }
  return null;
}

/**
 * The shell's index.html with a drawn first screen, in the root element. What the drawn page
 * paints with comes first in the head, ahead of the scripts: its stylesheets (the shell's own are
 * otherwise only preloaded, for webpack to apply with the scripts) and its first image. A phone on
 * HTTP/1.1 has six connections to the shop; the scripts are needed only later, to take over.
 */
export function withFirstScreen(html: string, page: DrawnPage): string {
  const shellStyles: string[] = [];
  let out = html.replace(/<link rel="?preload"? href="?([^"\s>]+\.css)"? as="?style"?\s*\/?>/g, (_, href: string) => {
    shellStyles.push(href);
    return '';
  });
  const image = firstImage(page.html);
  const first = [
    ...[...shellStyles, ...page.stylesheets].map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`),
    ...(image ? [`<link rel="preload" as="image" href="${image}" fetchpriority="high">`] : []),
  ].join('');
  const at = out.search(/<script\b/);
  const head = out.indexOf('</head>');
  const insertAt = at >= 0 && (head < 0 || at < head) ? at : head;
  if (insertAt >= 0) out = `${out.slice(0, insertAt)}${first}${out.slice(insertAt)}`;
  return out.replace(/<div id="?root"?><\/div>/, () => `<div id="root">${page.html}</div>${page.state}`);
}
