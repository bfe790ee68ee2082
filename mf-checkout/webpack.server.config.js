const { createServerConfig } = require('@shop/mf-config');

module.exports = createServerConfig({ dir: __dirname, name: 'mf_checkout' });
