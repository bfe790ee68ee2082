/** Where the shell leaves its webpack bundler runtime for the remotes. */
export const BUNDLER_RUNTIME_GLOBAL = '__SHOP_FEDERATION_BUNDLER_RUNTIME__';
