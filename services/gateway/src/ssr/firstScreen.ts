import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { decodeCartCookie, DEFAULT_LANGUAGE, encodeCartCookie, type CartCookieLine, type ShopLanguage } from '@shop/api-types';
import { addressGroup, type Logger } from '@shop/service-kit';
import type { RemoteEntry } from '../config';
import type { PageMatch } from '../pages/pageTable';
import { escapeAttribute } from '../static/files';
import type { InlineStylesheet } from '../static/inlineStylesheets';
import { firstImage, type DrawingConfig, type DrawingJob, type DrawnPage } from './drawing';
import { drawnSearch } from './drawnUrl';

export type { DrawnPage } from './drawing';

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
 * Drawing runs in a thread of its own (drawing.ts, drawingWorker.ts). Drawn: what every shopper
 * sees alike (catalogue pages) and the cart and checkout of a shopper not signed in, from their cart
 * cookie, as the shell's page table says of each page (its firstScreen.drawn); only for remotes the gateway serves itself, and never at a page's expense: a missing or
 * failing renderer, or one slower than the budget, leaves the page to the browser as before.
 */

/** A page waits at most this long for its first screen; a slower one is finished for the next shopper. */
const RENDER_BUDGET_MS = 250;
/**
 * A link preview or a search engine reads the HTML once, runs no script and shows what its head
 * and status say: it waits for the drawing (which brings the page's own tags and its 404) longer.
 */
const READER_BUDGET_MS = 3000;
const PAGE_READERS =
  /WhatsApp|facebookexternalhit|Facebot|Twitterbot|Slackbot|LinkedInBot|TelegramBot|Discordbot|SkypeUriPreview|Googlebot|bingbot|Applebot|DuckDuckBot|YandexBot|Pinterest|redditbot|Embedly/i;

/** A link preview or search engine's crawler, from the User-Agent. */
export const isPageReader = (userAgent: string): boolean => PAGE_READERS.test(userAgent);
/** How long a drawn page is reused while the catalogue does not change through the gateway (answers are public for 60 s). */
const REUSE_MS = 60_000;
/** How long past that a drawn page may still be answered while it is drawn again (the catalogue's stale-while-revalidate). */
const STALE_MS = 300_000;
const MAX_KEPT = 500;

/**
 * How many pages may be waiting for the drawing thread at once, and how many of them may be one
 * client address's (an IPv6 client's /64: addressGroup). Drawing one page takes the thread some
 * tens of milliseconds, so a longer queue only makes pages miss their 250 ms; a page that finds it
 * full, or its address holding its share, is answered at once undrawn (the browser draws it, as
 * when the renderer is slow). Kept pages are still answered whatever the queue.
 */
export interface DrawingQueueLimits {
  size: number;
  perAddress: number;
}
export const DRAWING_QUEUE: DrawingQueueLimits = { size: 16, perAddress: 4 };
/** A drawing the thread has not answered by then gives up its place in the queue (it is still kept if it comes). */
const GIVE_UP_PLACE_MS = 30_000;

/** A phone or a computer, from the User-Agent: page layouts that depend on the width are drawn for the likely one. */
export function likelyViewportWidth(userAgent: string): number {
  return /Mobi|Android|iPhone|iPod/i.test(userAgent) ? 412 : 1280;
}

interface Kept {
  page: DrawnPage | null;
  generation: number;
  keptAt: number;
}

/**
 * Drawing in a worker thread, started with the gateway and again after a crash (whose pending
 * pages are then left to the browser). It does not keep the gateway alive on shutdown.
 */
function drawingThread(config: DrawingConfig, logger: Logger): (job: DrawingJob) => Promise<DrawnPage | null> {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, (page: DrawnPage | null) => void>();
  const start = (): Worker => {
    // Run from TypeScript (tsx, jest), the thread needs the same loader.
    const file = path.join(__dirname, `drawingWorker${path.extname(__filename)}`);
    const source = `${file.endsWith('.ts') ? "require('tsx/cjs');" : ''}require(${JSON.stringify(file)});`;
    const thread = new Worker(source, { eval: true, workerData: config });
    thread.on('message', ({ id, page }: { id: number; page: DrawnPage | null }) => {
      pending.get(id)?.(page);
      pending.delete(id);
    });
    const lost = (reason: unknown) => {
      if (worker === thread) worker = null;
      if (reason) logger.warn({ err: reason }, 'first-screen drawing thread stopped');
      for (const settle of pending.values()) settle(null);
      pending.clear();
    };
    thread.on('error', lost);
    thread.on('exit', (code) => lost(code === 0 ? null : new Error(`exit ${code}`)));
    // After the listeners: adding a 'message' listener refs the thread's port again.
    thread.unref();
    return thread;
  };
  // Started with the gateway: loading the renderers' thread takes about a second.
  worker = start();
  return (job) =>
    new Promise((resolve) => {
      worker ??= start();
      const id = nextId++;
      pending.set(id, resolve);
      worker.postMessage({ id, job });
    });
}

export interface FirstScreens {
  /**
   * The drawn page for this path, or null (the browser draws it). `found` is the page the shell's
   * page table has at the path; `origin` is where the gateway answers itself.
   */
  draw(
    request: {
      found: PageMatch | null;
      path: string;
      search: string;
      userAgent: string;
      /** The shop_cart cookie. */
      cartCookie?: string;
      signedIn?: boolean;
      origin: string;
      /** The page's language (pageLanguage.ts); English when absent. */
      language?: ShopLanguage;
      /** The client's address (clientAddress/trustedProxies.ts): its share of the drawing queue is counted as the limits count (an IPv6 /64 as one). */
      client?: string;
    },
    remotes: RemoteEntry[],
  ): Promise<DrawnPage | null>;
}

export function firstScreens(
  config: DrawingConfig,
  logger: Logger,
  catalogueGeneration: () => number,
  now: () => number = Date.now,
  drawer: (job: DrawingJob) => Promise<DrawnPage | null> = drawingThread(config, logger),
  queue: DrawingQueueLimits = DRAWING_QUEUE,
): FirstScreens {
  const kept = new Map<string, Kept>();
  const inFlight = new Map<string, Promise<DrawnPage | null>>();
  /** Places in the queue per client address (only addresses holding one). */
  const placesOf = new Map<string, number>();

  /** A place for this client's drawing, or false when the queue is full or the client holds its share. */
  const takePlace = (address: string): (() => void) | false => {
    const client = addressGroup(address);
    const held = placesOf.get(client) ?? 0;
    if (inFlight.size >= queue.size || held >= queue.perAddress) return false;
    placesOf.set(client, held + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (placesOf.get(client) ?? 1) - 1;
      if (left > 0) placesOf.set(client, left);
      else placesOf.delete(client);
    };
  };

  return {
    async draw(
      { found, path: pathname, search, userAgent, cartCookie, signedIn = false, origin, language = DEFAULT_LANGUAGE, client = 'unknown' },
      remotes,
    ) {
      const page = found?.page;
      if (!page?.drawn) return null;
      // A page drawn from the shopper's cart cookie (ids and quantities; names and prices from the
      // catalogue) is drawn only for a shopper who is not signed in: a signed-in shopper's checkout
      // shows their account, which the gateway does not look into.
      const personal = page.drawn === 'cart';
      let cart: CartCookieLine[] = [];
      if (personal) {
        cart = decodeCartCookie(cartCookie);
        if (cart.length === 0 || signedIn) return null;
      }
      // Only the parameters the page reads: a link's tracking parameters make no other page (drawnUrl.ts).
      const url = `${pathname}${drawnSearch(page, search)}`;
      const viewportWidth = likelyViewportWidth(userAgent);
      // Per language too, and only per language: every reader of a language shares its one drawn copy, whatever their Accept-Language says.
      const key = `${language} ${viewportWidth} ${url} ${encodeCartCookie(cart)}`;
      const generation = catalogueGeneration();
      const known = kept.get(key);
      const current = known?.generation === generation ? known : undefined;
      if (current && now() - current.keptAt < REUSE_MS) return current.page;

      // Older than a minute but the catalogue unchanged through the gateway: answered at once and
      // drawn again meanwhile, as the catalogue's own answers are (stale-while-revalidate).
      const stale = current && now() - current.keptAt < STALE_MS ? current : undefined;
      let drawing = inFlight.get(key);
      if (!drawing) {
        const release = takePlace(client);
        // The queue is full, or this address holds its share: no drawing now (the browser draws the page).
        if (!release) return stale ? stale.page : null;
        const started: Promise<DrawnPage | null> = drawer({ page, url, viewportWidth, cart, personal, remotes, origin, language })
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
          .finally(() => {
            clearTimeout(giveUp);
            if (inFlight.get(key) === started) inFlight.delete(key);
            release();
          });
        // Settled later than this line runs (a promise's callbacks never run at once), so giveUp is set by then.
        const giveUp = setTimeout(() => {
          if (inFlight.get(key) === started) inFlight.delete(key);
          release();
        }, GIVE_UP_PLACE_MS);
        giveUp.unref();
        drawing = started;
        inFlight.set(key, drawing);
      }
      if (stale) return stale.page;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), isPageReader(userAgent) ? READER_BUDGET_MS : RENDER_BUDGET_MS);
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
 * The shell's index.html with a drawn first screen, in the root element. What the drawn page
 * paints with comes first in the head, ahead of the scripts: its stylesheets (the shell's own are
 * otherwise only preloaded, for webpack to apply with the scripts) and its first image. A phone on
 * HTTP/1.1 has six connections to the shop; the scripts are needed only later, to take over.
 * A stylesheet `inline` gives (static/inlineStylesheets.ts) is written into the head rather than
 * linked: the first paint then waits for no request, and the build's runtime finds it by its
 * `data-href` and asks for it no more.
 */
export function withFirstScreen(html: string, page: DrawnPage, inline: (href: string) => InlineStylesheet | null = () => null): string {
  const shellStyles: string[] = [];
  let out = html.replace(/<link rel="?preload"? href="?([^"\s>]+\.css)"? as="?style"?\s*\/?>/g, (_, href: string) => {
    shellStyles.push(href);
    return '';
  });
  const image = firstImage(page.html);
  const stylesheet = (href: string) => {
    const inlined = inline(href);
    return inlined
      ? `<style data-href="${escapeAttribute(inlined.name)}">${inlined.css}</style>`
      : `<link rel="stylesheet" href="${escapeAttribute(href)}">`;
  };
  const first = [
    ...[...shellStyles, ...page.stylesheets].map(stylesheet),
    ...(image ? [`<link rel="preload" as="image" href="${image}" fetchpriority="high">`] : []),
  ].join('');
  const at = out.search(/<script\b/);
  const head = out.indexOf('</head>');
  const insertAt = at >= 0 && (head < 0 || at < head) ? at : head;
  if (insertAt >= 0) out = `${out.slice(0, insertAt)}${first}${out.slice(insertAt)}`;
  return out.replace(/<div id="?root"?><\/div>/, () => `<div id="root">${page.html}</div>${page.state}`);
}
