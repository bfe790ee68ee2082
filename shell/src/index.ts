// The async boundary: shared modules (React, the store kit...) are negotiated with the remotes
// before any of them is used, so nothing has to be bundled eagerly. Named, so the gateway can
// hint it in each page's head (services/gateway/src/static/pageHints.ts).
//
// The heaviest shared modules are started one task each before the shop's own code (React DOM,
// then the store kit with its API definitions): on a slow phone, one long task of everything at
// once would keep the page from answering a tap for longer (Lighthouse's Total Blocking Time).
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

async function boot(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('@shop/store-kit');
  await nextTask();
  await import(/* webpackChunkName: "bootstrap" */ './bootstrap');
}

void boot();
