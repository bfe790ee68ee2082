// The async boundary: shared modules (React, the store kit...) are negotiated with the remotes
// before any of them is used, so nothing has to be bundled eagerly. Named, so the gateway can
// hint it in each page's head (services/gateway/src/static/pageHints.ts).
//
// Start-up runs as short tasks, one per stage, each after a task boundary: on a slow phone one
// long task keeps the page from answering a tap (Lighthouse's Total Blocking Time counts each
// task's time past 50 ms at 4x CPU, so a 25 ms task here is 50 ms of it). The first stage waits
// too, so React DOM's chunk is not asked for inside main.js's own task (the federation runtime's
// start-up, the longest task of every page's start).
async function boot(): Promise<void> {
  for (const stage of [
    () => import('react-dom/client'),
    () => import('@shop/store-kit'),
    () => import(/* webpackChunkName: "bootstrap" */ './bootstrap'),
  ]) {
    // The next task (a timer without delay: the browser may paint or answer input in between).
    await new Promise((resolve) => setTimeout(resolve));
    await stage();
  }
}

void boot();
