const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createConfig } = require('./index');
const { BootPreloadPlugin } = require('./bootPreloadPlugin');
// The gateway keeps a page's own language's preloads by this attribute (its withPageLanguage).
const { LANGUAGE_ATTRIBUTE } = require('@shop/api-types');

/** Runs the plugin on a stand-in compilation with these chunks and answers the head tags it leaves. */
async function headTagsFor(chunks) {
  const compilation = { chunks };
  const compiler = { hooks: { thisCompilation: { tap: (_name, run) => run(compilation) } } };
  new BootPreloadPlugin({ chunks: ['bootstrap', 'framework', 'shop-kit'], languageChunks: /^i18n-([a-z]+)$/ }).apply(compiler);
  const entry = { tagName: 'script', voidTag: false, attributes: { defer: true, src: '/main.js' } };
  const result = await HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.promise({
    headTags: [entry],
    bodyTags: [],
    outputName: 'index.html',
    publicPath: '/',
    plugin: {},
  });
  return result.headTags;
}

describe("the shell's start-up", () => {
  it('preloads the start-up chunks from index.html, scripts first, and asks for the entry first', async () => {
    const tags = await headTagsFor([
      { name: 'shop-kit', files: new Set(['shop-kit.22222222.js', 'shop-kit.33333333.css']) },
      { name: 'framework', files: new Set(['framework.11111111.js']) },
      { name: 'bootstrap', files: new Set(['bootstrap.44444444.js', 'bootstrap.55555555.css']) },
      { name: null, files: new Set(['8.66666666.js']) },
      { name: 'toasts', files: new Set(['toasts.77777777.js']) },
    ]);
    expect(tags[0].attributes).toMatchObject({ src: '/main.js', fetchpriority: 'high' });
    expect(tags.slice(1).map((tag) => [tag.attributes.as, tag.attributes.href])).toEqual([
      ['script', '/bootstrap.44444444.js'],
      ['script', '/framework.11111111.js'],
      ['script', '/shop-kit.22222222.js'],
      ['style', '/bootstrap.55555555.css'],
      ['style', '/shop-kit.33333333.css'],
    ]);
    expect(tags.slice(1).every((tag) => tag.tagName === 'link' && tag.attributes.rel === 'preload')).toBe(true);
  });

  it("preloads each language's start-up catalog marked with its language, and no other catalog", async () => {
    const tags = await headTagsFor([
      { name: 'bootstrap', files: new Set(['bootstrap.44444444.js']) },
      { name: 'i18n-sw', files: new Set(['i18n-sw.88888888.js']) },
      { name: 'i18n-en', files: new Set(['i18n-en.99999999.js']) },
      { name: 'i18n-static-sw', files: new Set(['i18n-static-sw.aaaaaaaa.js']) },
    ]);
    expect(tags.slice(1).map((tag) => [tag.attributes.href, tag.attributes[LANGUAGE_ATTRIBUTE]])).toEqual([
      ['/bootstrap.44444444.js', undefined],
      ['/i18n-en.99999999.js', 'en'],
      ['/i18n-sw.88888888.js', 'sw'],
    ]);
  });

  it('puts the libraries of the first screen in one chunk, and the toasts (loaded later) outside it', () => {
    const shell = createConfig({ dir: __dirname, name: 'shell', host: true })({}, { mode: 'production' });
    const { framework, 'shop-kit': shopKit } = shell.optimization.splitChunks.cacheGroups;
    expect(framework).toMatchObject({ name: 'framework', chunks: 'async', enforce: true });
    for (const library of [
      'react-dom/cjs/react-dom.production.min.js',
      '@remix-run/router/dist/router.js',
      '@reduxjs/toolkit/dist/query/rtk-query.modern.mjs',
      'immer/dist/immer.mjs',
    ])
      expect(framework.test.test(`/shop/node_modules/${library}`)).toBe(true);
    expect(framework.test.test('/shop/node_modules/react-toastify/dist/index.mjs')).toBe(false);
    expect(shopKit.test.test('/shop/packages/store-kit/src/index.ts')).toBe(true);
    expect(shopKit.test.test('/shop/packages/storefront-ui/src/i18n/locales/en.json')).toBe(false);
    expect(shopKit.test.test('/shop/packages/storefront-ui/src/i18n/locales/sw.json')).toBe(false);
    expect(shell.plugins.some((plugin) => plugin instanceof BootPreloadPlugin)).toBe(true);

    // A remote keeps webpack's own splitting: its chunks load only when the shell asks for its modules.
    const remote = createConfig({ dir: __dirname, name: 'mf_catalog', exposes: { './HomePage': './src/x' } })({}, { mode: 'production' });
    expect(remote.optimization.splitChunks).toBeUndefined();
    expect(remote.plugins.some((plugin) => plugin instanceof BootPreloadPlugin)).toBe(false);
  });
});
