// Stands in for the runtime core's utils/preload.js in the shell's build: preloadRemote() and the
// manifest's asset preloading, which the shop does not use (the gateway hints each page's remote
// files in the HTML itself, services/gateway/src/static/pageHints.ts). Its 2.8 KB stayed in
// main.js because the core's remote handler imports it for a method nothing calls.
function unsupported() {
  throw new Error("preloadRemote is not part of the shop's federation runtime: the gateway hints a page's remote files");
}

export const defaultPreloadArgs = unsupported;
export const formatPreloadArgs = unsupported;
export const normalizePreloadExposes = unsupported;
export const preloadAssets = unsupported;
