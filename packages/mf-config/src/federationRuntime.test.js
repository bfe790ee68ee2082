const fs = require('node:fs');
const { createConfig } = require('./index');

describe('the federation runtime in a build', () => {
  it('resolves each runtime package to its ES module build, so it is bundled once', () => {
    const config = createConfig({ dir: __dirname, name: 'shell', host: true })({}, { mode: 'production' });
    const aliases = config.resolve.alias;
    for (const name of ['runtime-core', 'runtime', 'sdk', 'webpack-bundler-runtime']) {
      const file = aliases[`@module-federation/${name}$`];
      expect(file).toMatch(new RegExp(`@module-federation/${name}/dist/index\\.m?js$`));
      expect(fs.existsSync(file)).toBe(true);
      expect(fs.readFileSync(file, 'utf8')).toMatch(/^\s*(import|export)\b/m);
    }
  });
});
