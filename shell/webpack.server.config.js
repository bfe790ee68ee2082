const { createServerConfig } = require('@shop/mf-config');

const renderer = createServerConfig({ dir: __dirname, name: 'shell' });

/**
 * Beside the first-screen renderer (dist/server/index.js), the storefront's page table on its own
 * (dist/server/pages.js, exporting STOREFRONT_PAGES): the gateway reads it on every page request,
 * so it carries no React and no renderer with it.
 */
module.exports = (...args) => {
  const config = renderer(...args);
  return { ...config, entry: { ...config.entry, pages: './src/routing/pages.ts' } };
};
