const path = require('node:path');
const { createConfig } = require('@shop/mf-config');

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  host: true,
  runtimePlugins: [path.join(__dirname, 'src/federation/offlineRemotePlugin.ts')],
});
