const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const { CompileHintsPlugin, COMPILE_HINT } = require('./compileHintsPlugin');
const { createConfig } = require('./index');
const { runWebpack } = require('./runWebpack');

/** A minified production build of an entry that loads a start-up chunk and a later one. */
async function build() {
  const dir = fs.mkdtempSync(path.join(__dirname, '..', 'node_modules', '.cache', 'compile-hints-'));
  fs.writeFileSync(
    path.join(dir, 'index.js'),
    'import(/* webpackChunkName: "startup" */ \'./startup\').then((m) => m.default());\n' +
      'window.later = () => import(/* webpackChunkName: "later" */ \'./later\');\n',
  );
  fs.writeFileSync(path.join(dir, 'startup.js'), '/* a comment the minifier drops */ export default function start() { return 1; }');
  fs.writeFileSync(path.join(dir, 'later.js'), 'export default function later() { return 2; }');
  const stats = await runWebpack(dir, {
    entry: './index.js',
    mode: 'production',
    output: { filename: '[name].js', chunkFilename: '[name].[contenthash:8].js' },
    plugins: [
      new CompileHintsPlugin({ chunks: ['main', 'startup'] }),
      new CompressionPlugin({ filename: '[path][base].br', algorithm: 'brotliCompress', test: /\.js$/, threshold: 0, minRatio: 1 }),
    ],
  });
  const files = fs.readdirSync(path.join(dir, 'dist'));
  const read = (pattern) =>
    fs.readFileSync(
      path.join(
        dir,
        'dist',
        files.find((file) => pattern.test(file)),
      ),
    );
  /** A file's text; a brotli copy's decompressed. */
  const text = (pattern, { brotli = false } = {}) => (brotli ? zlib.brotliDecompressSync(read(pattern)) : read(pattern)).toString();
  return { stats, dir, text };
}

describe("the shell's start-up files", () => {
  it('begin with V8’s compile hint after minifying, in the compressed copies too, and no other file does', async () => {
    const { stats, dir, text } = await build();
    try {
      expect(stats.hasErrors()).toBe(false);
      expect(text(/^main\.js$/).startsWith(COMPILE_HINT)).toBe(true);
      expect(text(/^startup\.[0-9a-f]{8}\.js$/).startsWith(COMPILE_HINT)).toBe(true);
      expect(text(/^startup\.[0-9a-f]{8}\.js\.br$/, { brotli: true }).startsWith(COMPILE_HINT)).toBe(true);
      // Once, at the top: the minifier kept no other comment.
      expect(text(/^startup\.[0-9a-f]{8}\.js$/).split('allFunctionsCalledOnLoad')).toHaveLength(2);
      expect(text(/^later\.[0-9a-f]{8}\.js$/)).not.toContain('allFunctionsCalledOnLoad');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are the entry and the start-up chunks of the shell only: a remote’s files stay lazily compiled', () => {
    const hints = (options) =>
      createConfig({ dir: __dirname, ...options })({}, { mode: 'production' }).plugins.find(
        (plugin) => plugin instanceof CompileHintsPlugin,
      );
    expect([...hints({ name: 'shell', host: true }).chunks].sort()).toEqual(['bootstrap', 'framework', 'main', 'react', 'shop-kit']);
    expect(hints({ name: 'mf_catalog', exposes: { './HomePage': './src/x' } })).toBeUndefined();
  });
});
