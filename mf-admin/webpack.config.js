const path = require('node:path');
const { createConfig } = require('@shop/mf-config');

// The whole back office is one expose; every page inside it is its own lazy chunk, so the login page
// never downloads antd's charts or the rich-text editor. antd, @ant-design/charts and the editor are
// deliberately NOT shared: they live only in mf-admin chunks and never reach a shopper.
const base = createConfig({
  dir: __dirname,
  name: 'mf_admin',
  exposes: { './AdminApp': './src/AdminApp.tsx' },
});

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.resolve = {
    ...config.resolve,
    alias: {
      ...(config.resolve && config.resolve.alias),
      // draft-js pins immutable ~3.7 while npm hoists 4.x for react-draft-wysiwyg and html-to-draftjs
      // (their peer range accepts both). One copy, the one draft-js was written for: editor blocks built
      // by html-to-draftjs then share draft-js's Immutable classes, and the bundle carries one library.
      immutable: path.dirname(require.resolve('immutable/package.json')),
    },
  };
  // draft-js (through fbjs) reads `global`; webpack 5 rewrites it to its own global object for web
  // targets. Said explicitly so a future `futureDefaults` switch cannot turn it into a runtime error.
  config.node = { ...(config.node || {}), global: true };
  return config;
};
