import type { Page, Request } from 'playwright-core';

/**
 * Follows a page's requests from before it is opened, to wait until its network is quiet: none in
 * flight for `quietMs`. Playwright's own 'networkidle' waits forever for a request that never
 * ends (a benchmark would stop on it); this one gives up after `maxMs` and names what was still
 * open, so the figures are still taken and the log shows the request to look into.
 */
export function followRequests(page: Page): { quiet(options?: { quietMs?: number; maxMs?: number }): Promise<void> } {
  const open = new Set<Request>();
  let lastChange = Date.now();
  const change = () => {
    lastChange = Date.now();
  };
  page.on('request', (request) => {
    open.add(request);
    change();
  });
  const settled = (request: Request) => {
    open.delete(request);
    change();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return {
    async quiet({ quietMs = 500, maxMs = 15_000 } = {}) {
      const started = Date.now();
      while (open.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() - started > maxMs) {
          console.warn(`  still open after ${maxMs} ms on ${page.url()}: ${[...open].map((request) => request.url()).join(', ')}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
