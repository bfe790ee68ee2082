const { createConfig } = require('./index');
// The minimizer webpack runs (a dependency of webpack's), as index.js resolves it.
const { ModuleFilenameHelpers } = require('webpack');
const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [require.resolve('webpack')] }));

describe('images in a build', () => {
  it("are files of their own, except those imported with '?inline', which become data URLs", () => {
    const config = createConfig({ dir: __dirname, name: 'mf_catalog', exposes: { './HomePage': './src/x' } })({}, { mode: 'production' });
    const rule = config.module.rules.find((candidate) => candidate.test && candidate.test.test('banner.svg'));
    const pick = (query) => rule.oneOf.find((choice) => !choice.resourceQuery || choice.resourceQuery.test(query));
    expect(pick('?inline').type).toBe('asset/inline');
    expect(pick('').type).toBe('asset/resource');
  });
});

describe('an inlined image', () => {
  const config = createConfig({ dir: __dirname, name: 'mf_catalog', exposes: { './HomePage': './src/x' } })({}, { mode: 'production' });
  const rule = config.module.rules.find((candidate) => candidate.test && candidate.test.test('banner.svg'));
  const { dataUrl } = rule.oneOf.find((choice) => choice.resourceQuery).generator;
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg">\n  <title>Unga #1: 100% "fresh" — Ugali 🌽</title>\n  <rect fill="#1f6f3a"/>\n</svg>\n';

  it('is an SVG as its own text, which reads back as the drawing, white space runs as one space', () => {
    const url = dataUrl(Buffer.from(svg), { filename: '/app/src/banner.svg?inline' });
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(svg.trim().replace(/\s+/g, ' '));
    // Nothing a URL, a double-quoted HTML attribute or a srcset (split at white space) would take for its own syntax.
    expect(url).not.toMatch(/[\s"<>#]/);
    expect(url).not.toContain('base64');
  });

  it('is base64 for any other kind of file', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    expect(dataUrl(png, { filename: '/app/src/logo.png?inline' })).toBe(`data:image/png;base64,${png.toString('base64')}`);
  });
});

describe('a production build', () => {
  const config = createConfig({ dir: __dirname, name: 'mf_catalog', exposes: {} })({}, { mode: 'production' });
  // Which minimizers take a file, by their test, include and exclude, as webpack matches them.
  const minimizersOf = (file) => config.optimization.minimizer.filter((plugin) => ModuleFilenameHelpers.matchObject(plugin.options, file));

  it('minifies scripts with SWC (smaller after brotli than terser), a remote entry with terser (smaller there)', () => {
    const [scripts, ...others] = minimizersOf('page.1a2b3c4d.js');
    expect(others).toEqual([]);
    expect(scripts.options.minimizer.implementation).toBe(MinimizerPlugin.swcMinify);
    const [entry, ...more] = minimizersOf('remoteEntry.js');
    expect(more).toEqual([]);
    expect(entry.options.minimizer.implementation).toMatchObject({ export: 'terserMinify' });
  });

  it('minifies stylesheets as well as the scripts', () => {
    expect(minimizersOf('page.1a2b3c4d.css')).toHaveLength(1);
  });
});
