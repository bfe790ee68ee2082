const fs = require('node:fs');
const path = require('node:path');
const catalogLoader = require('./catalogLoader');
const { CATALOG_FILES } = require('./catalogLoader');

describe('message catalogs', () => {
  it('are compiled at build time, so the browser ships no message parser', () => {
    const source = JSON.stringify({ 'shop.showing': 'Inaonyesha {from}-{to} kati ya {total}', 'cart.add': 'Weka kwenye kikapu' });
    const output = catalogLoader.call({ resourcePath: 'sw.json' }, source);
    const compiled = JSON.parse(output.replace(/^export default /, '').replace(/;$/, ''));
    expect(compiled).toEqual({
      'shop.showing': ['Inaonyesha ', ['from'], '-', ['to'], ' kati ya ', ['total']],
      'cart.add': ['Weka kwenye kikapu'],
    });
  });

  it("leave the server's messages out of the English catalog (English shows the server's own words), not out of another language's", () => {
    const source = JSON.stringify({ 'cart.add': 'Add to cart', 'server.invalidCoupon': 'Invalid or expired coupon' });
    const compiledFrom = (resourcePath) =>
      JSON.parse(
        catalogLoader
          .call({ resourcePath }, source)
          .replace(/^export default /, '')
          .replace(/;$/, ''),
      );
    expect(Object.keys(compiledFrom('/shop/mf-checkout/src/i18n/locales/en.json'))).toEqual(['cart.add']);
    expect(Object.keys(compiledFrom('/shop/mf-checkout/src/i18n/locales/sw.json'))).toEqual(['cart.add', 'server.invalidCoupon']);
  });

  it('keep only the areas and ids a part names (?only=), for a page that shows a few of them', () => {
    const source = JSON.stringify({
      'cart.title': 'Kikapu',
      'cart.empty': 'Kikapu chako ni tupu',
      'cartoon.title': 'Katuni',
      'checkout.title': 'Malipo',
      'server.minimumOrder': 'Kiwango cha chini ni 1930',
      'server.invalidCoupon': 'Kuponi si sahihi',
    });
    const idsOf = (resourceQuery) =>
      Object.keys(
        JSON.parse(
          catalogLoader
            .call({ resourcePath: 'sw.json', resourceQuery }, source)
            .replace(/^export default /, '')
            .replace(/;$/, ''),
        ),
      );
    expect(idsOf('?only=cart,server.minimumOrder')).toEqual(['cart.title', 'cart.empty', 'server.minimumOrder']);
    expect(idsOf('')).toHaveLength(6);
  });

  it('refuses a message that is not a string', () => {
    expect(() => catalogLoader.call({ resourcePath: 'sw.json' }, '{"a": 1}')).toThrow(/"a" is not a string/);
  });

  it('are the JSON files under a locales folder', () => {
    expect(CATALOG_FILES.test('/shop/mf-catalog/src/i18n/locales/sw.json')).toBe(true);
    expect(CATALOG_FILES.test('/shop/mf-catalog/package.json')).toBe(false);
  });
});

describe("the storefront's catalog chunks", () => {
  const repo = path.resolve(__dirname, '..', '..', '..');
  const sources = () =>
    [
      'shell/src',
      'mf-catalog/src',
      'mf-account/src',
      'mf-checkout/src',
      'mf-chat/src',
      'packages/store-kit/src',
      'packages/storefront-ui/src',
    ].flatMap((folder) =>
      fs
        .readdirSync(path.join(repo, folder), { recursive: true })
        .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
        .map((file) => path.join(folder, file)),
    );

  it("are named for their language (i18n-<area>-<language>), which the shell's preloads and the gateway's hints read", () => {
    const imports = sources().flatMap((file) =>
      [...fs.readFileSync(path.join(repo, file), 'utf8').matchAll(/webpackChunkName: "([^"]+)" \*\/ '[^']*locales\/(\w+)\.json/g)].map(
        ([, chunk, language]) => ({ file, chunk, language }),
      ),
    );
    // Every app and part, English and Swahili.
    expect(imports.length).toBeGreaterThanOrEqual(20);
    for (const { file, chunk, language } of imports)
      expect({ file, chunk }).toEqual({ file, chunk: expect.stringMatching(new RegExp(`^i18n(-[a-z0-9]+)*-${language}$`)) });
  });
});
