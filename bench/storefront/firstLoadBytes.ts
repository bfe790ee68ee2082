import type { Browser } from 'playwright-core';
import { followRequests } from './settle';

export interface RouteBytes {
  route: string;
  html: number;
  js: number;
  css: number;
  total: number;
  /** Compressed bytes per area of the shop: shell, each remote, API, media. */
  byArea: Record<string, number>;
  forbidden: string[];
}

/** Libraries that belong to the back office only; a shopper must never download them. */
const ADMIN_ONLY = /antd|ant-design|@antv|mf-admin|mf_admin|draft-js|react-draft/i;

function areaOf(url: URL, origin: string): string {
  if (url.origin !== origin) return url.host;
  if (url.pathname.startsWith('/remotes/')) return url.pathname.split('/')[2] ?? 'remote';
  if (url.pathname.startsWith('/api/')) return 'api';
  if (url.pathname.startsWith('/media/')) return 'media';
  return 'shell';
}

/**
 * Loads a route with an empty cache, as a first-time shopper would, and adds up the compressed
 * bytes of the HTML, JavaScript and CSS it downloaded (images are left out, as the budget says).
 */
export async function measureFirstLoad(
  browser: Browser,
  origin: string,
  route: string,
  storage: Record<string, string> = {},
): Promise<RouteBytes> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  // What the shopper already has in local storage (the cart for /cart and /checkout); no cache.
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
  }, storage);
  const page = await context.newPage();
  const responses: Array<{ url: URL; type: string; bytes: Promise<number> }> = [];
  page.on('requestfinished', (request) => {
    responses.push({
      url: new URL(request.url()),
      type: request.resourceType(),
      bytes: request.sizes().then((sizes) => sizes.responseBodySize),
    });
  });
  const network = followRequests(page);
  await page.goto(`${origin}${route}`);
  await network.quiet();
  await page.waitForTimeout(300);
  const result: RouteBytes = { route, html: 0, js: 0, css: 0, total: 0, byArea: {}, forbidden: [] };
  for (const response of responses) {
    const bytes = await response.bytes;
    const kind = response.type === 'document' ? 'html' : response.type === 'script' ? 'js' : response.type === 'stylesheet' ? 'css' : null;
    if (ADMIN_ONLY.test(response.url.pathname)) result.forbidden.push(response.url.pathname);
    if (!kind) continue;
    result[kind] += bytes;
    result.total += bytes;
    const area = areaOf(response.url, new URL(origin).origin);
    result.byArea[area] = (result.byArea[area] ?? 0) + bytes;
  }
  await context.close();
  return result;
}
