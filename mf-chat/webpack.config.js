const { createConfig } = require('@shop/mf-config');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_chat',
  exposes: {
    './ChatWidget': './src/widget/ChatWidget.tsx',
    './ChatPage': './src/page/ChatPage.tsx',
  },
});
