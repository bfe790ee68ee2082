const path = require('node:path');
const { createConfig } = require('@shop/mf-config');

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  host: true,
  // Retries first (a lost request on a phone's network), then the offline plugin turns a remote that
  // stayed unreachable into the area's fallback.
  runtimePlugins: [
    path.join(__dirname, 'src/federation/retryRemotePlugin.ts'),
    path.join(__dirname, 'src/federation/offlineRemotePlugin.ts'),
  ],
});
