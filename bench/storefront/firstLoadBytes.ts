import type { Browser } from 'playwright-core';
import { followRequests } from './settle';
import type { StorefrontPage } from './pages';

export interface RouteBytes {
  route: string;
  html: number;
  js: number;
  css: number;
  total: number;
  /** Compressed bytes per area of the shop: shell, each remote, API, media. */
  byArea: Record<string, number>;
  forbidden: string[];
  /** The page's `<html lang>` once it settled: the language the shopper was shown. */
  language: string;
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
 * The page's local storage and cookies (the cart, the chosen language) are set before it loads.
 */
export async function measureFirstLoad(browser: Browser, origin: string, page: StorefrontPage): Promise<RouteBytes> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
  }, page.storage);
  await context.addCookies(Object.entries(page.cookies ?? {}).map(([name, value]) => ({ name, value, url: origin, sameSite: 'Lax' })));
  const tab = await context.newPage();
  const responses: Array<{ url: URL; type: string; bytes: Promise<number> }> = [];
  tab.on('requestfinished', (request) => {
    responses.push({
      url: new URL(request.url()),
      type: request.resourceType(),
      bytes: request.sizes().then((sizes) => sizes.responseBodySize),
    });
  });
  const network = followRequests(tab);
  await tab.goto(`${origin}${page.path}`);
  await network.quiet();
  await tab.waitForTimeout(300);
  const language = await tab.evaluate(() => document.documentElement.lang);
  const result: RouteBytes = { route: page.path, html: 0, js: 0, css: 0, total: 0, byArea: {}, forbidden: [], language };
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
