import fs from 'node:fs';
import path from 'node:path';
import {
  FIRST_SCREEN_STATE_ID,
  type CartCookieLine,
  type FirstScreenLayoutRenderer,
  type FirstScreenPage,
  type FirstScreenPageRenderer,
  type FirstScreenState,
  type ShopLanguage,
} from '@shop/api-types';
import type { Logger } from '@shop/service-kit';
import type { GatewayConfig, RemoteEntry } from '../config';
import { exposedFiles } from '../remotes/exposedFiles';
import { whenChanged } from '../static/files';
import type { PreparedPage } from '../pages/pageTable';
import { LOCAL_PUBLIC_URL, NOT_FOUND_META, pageHead } from './pageHead';

/**
 * Drawing one page with the apps' first-screen renderers (see firstScreen.ts). Runs in a worker
 * thread of the gateway (drawingWorker.ts): rendering is CPU work and the renderers bring their own
 * React copies, so it is kept off the event loop and out of the heap that proxies every request.
 */

export interface DrawnPage {
  /** Drawn from the shopper's own cart: never to be kept by a shared cache. */
  personal: boolean;
  /** What goes inside the page's root element. */
  html: string;
  /** The FirstScreenState script element. */
  state: string;
  /** Stylesheets the drawn page needs before it paints. */
  stylesheets: string[];
  /** 404 when the renderer drew the shop's NotFound (an unknown product, brand or product type); 200 when absent. */
  status?: 200 | 404;
  /** The page's own head tags (title, description, share tags, JSON-LD; see pageHead.ts), made and kept with it; the table's when absent. */
  head?: string;
}

export interface DrawingJob {
  /** The page as the shell's page table declares it: its pattern is the one the remote's module reads its params by. */
  page: PreparedPage;
  url: string;
  viewportWidth: number;
  cart: CartCookieLine[];
  personal: boolean;
  remotes: RemoteEntry[];
  /** Where the gateway answers itself: the renderers' API calls and images go there. */
  origin: string;
  /** What the page is drawn in, its head's words included (see pageLanguage.ts). */
  language: ShopLanguage;
}

/** Without a public address (PUBLIC_URL), the shop's local one. */
export type DrawingConfig = Pick<GatewayConfig, 'shellDir' | 'localRemotes'> & Partial<Pick<GatewayConfig, 'publicUrl'>>;

interface Renderers {
  layout: FirstScreenLayoutRenderer;
  page: FirstScreenPageRenderer;
}

/**
 * The apps' renderers, each evaluated again only when its file changes (a redeployed app). The
 * renderer is the app's own code (the same the browser runs), built as one CommonJS file.
 */
function bundleLoader(logger: Logger) {
  const byPublicPath = new Map<string, (file: string) => unknown>();
  return <T>(file: string, publicPath: string, origin: string): T | null => {
    let load = byPublicPath.get(publicPath);
    if (!load) {
      load = whenChanged(
        (bundle) => {
          const module = { exports: {} as unknown };
          const evaluate = new Function(
            'module',
            'exports',
            'require',
            '__shopPublicPath',
            '__shopLocation',
            fs.readFileSync(bundle, 'utf8'),
          ) as (
            module: { exports: unknown },
            exports: unknown,
            require: NodeRequire,
            publicPath: string,
            location: { origin: string; href: string },
          ) => void;
          evaluate(module, module.exports, require, publicPath, { origin, href: `${origin}/` });
          return module.exports;
        },
        (error, bundle) => logger.warn({ err: error, file: bundle }, 'first-screen renderer could not be loaded'),
      );
      byPublicPath.set(publicPath, load);
    }
    return load(file) as T | null;
  };
}

/** A first image this small goes into the drawn page itself (as the home page's banner does): it paints with the page. */
const INLINE_IMAGE_MAX_BYTES = 4096;
const INLINE_IMAGE_TYPES = /^image\/(svg\+xml|png|jpeg|webp)$/;

const escapeScript = (json: string) => json.replace(/</g, '\\u003c');

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
export function firstImage(html: string): string | null {
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/g)) {
    if (!match[1]!.startsWith('data:')) return match[1]!;
  }
  return null;
}

export function createDrawer(config: DrawingConfig, logger: Logger): (job: DrawingJob) => Promise<DrawnPage | null> {
  const load = bundleLoader(logger);
  const renderersFor = (
    prepared: PreparedPage,
    remotes: RemoteEntry[],
    origin: string,
  ): { renderers: Renderers; remoteDir: string; base: string } | null => {
    const local = config.localRemotes.find((remote) => remote.name === prepared.remote);
    const entry = remotes.find((remote) => remote.name === prepared.remote)?.entry;
    // A remote moved elsewhere (REMOTE_*_URL, the remotes file) may run another version than the build here.
    if (!local || !entry?.startsWith(`/remotes/${local.folder}/`)) return null;
    const base = `/remotes/${local.folder}/`;
    const layout = load<FirstScreenLayoutRenderer>(path.join(config.shellDir, 'server', 'index.js'), '/', origin);
    const page = load<FirstScreenPageRenderer>(path.join(local.dir, 'server', 'index.js'), base, origin);
    if (!layout?.renderLayout || !page?.renderPage) return null;
    return { renderers: { layout, page }, remoteDir: local.dir, base };
  };

  const stylesheetsOf = (remoteDir: string, base: string, module: string): string[] =>
    (exposedFiles(remoteDir, module)?.stylesheets ?? []).map((file) => `${base}${file}`);

  return async ({ page: prepared, url, viewportWidth, cart, personal, remotes, origin, language }) => {
    const found = renderersFor(prepared, remotes, origin);
    if (!found) return null;
    const { renderers, remoteDir, base } = found;
    let page: FirstScreenPage | null;
    let layout: string;
    try {
      [page, layout] = await Promise.all([
        renderers.page.renderPage({ module: prepared.module, pattern: prepared.pattern, url, viewportWidth, cart, language }),
        renderers.layout.renderLayout({ url, remotes: remotes.map((remote) => remote.name), language }),
      ]);
    } catch (error) {
      logger.warn({ err: error, url }, 'first screen could not be drawn');
      return null;
    }
    if (!page || !layout.includes(renderers.layout.PAGE_SLOT)) return null;
    const state: FirstScreenState = { remote: prepared.remote, module: prepared.module, queries: page.queries, language };
    const pageHtml = await withFirstImageInlined(page.html, origin);
    const notFound = page.notFound === true;
    return {
      status: notFound ? 404 : 200,
      head: pageHead({
        publicUrl: config.publicUrl ?? LOCAL_PUBLIC_URL,
        path: url,
        language,
        meta: notFound ? NOT_FOUND_META[language] : prepared.meta[language],
        notFound,
        ...(page.facts && !notFound ? { facts: page.facts } : {}),
      }),
      personal,
      // display: contents: the wrapper adds no box, so the drawn copy lays out exactly as the browser's own render.
      html: `<div data-first-screen inert style="display:contents">${layout.replace(renderers.layout.PAGE_SLOT, () => pageHtml)}</div>`,
      state: `<script id="${FIRST_SCREEN_STATE_ID}" type="application/json">${escapeScript(JSON.stringify(state))}</script>`,
      stylesheets: stylesheetsOf(remoteDir, base, prepared.module),
    };
  };
}
