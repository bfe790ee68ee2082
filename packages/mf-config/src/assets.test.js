const { createConfig } = require('./index');

describe('images in a build', () => {
  it("are files of their own, except those imported with '?inline', which become data URLs", () => {
    const config = createConfig({ dir: __dirname, name: 'mf_catalog', exposes: { './HomePage': './src/x' } })({}, { mode: 'production' });
    const rule = config.module.rules.find((candidate) => candidate.test && candidate.test.test('banner.svg'));
    const pick = (query) => rule.oneOf.find((choice) => !choice.resourceQuery || choice.resourceQuery.test(query));
    expect(pick('?inline').type).toBe('asset/inline');
    expect(pick('').type).toBe('asset/resource');
  });
});
