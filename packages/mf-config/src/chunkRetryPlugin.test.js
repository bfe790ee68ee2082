const fs = require('node:fs');
const path = require('node:path');
const { ChunkRetryPlugin, chunkRetryRuntime } = require('./chunkRetryPlugin');
const { createConfig } = require('./index');
const { runWebpack } = require('./runWebpack');

const lost = (chunkId) => Object.assign(new Error(`Loading chunk ${chunkId} failed.`), { name: 'ChunkLoadError' });

/** A stand-in webpack runtime whose __webpack_require__.e answers with `load`, wrapped by the retry. */
function runtimeWith(load, delays = [1, 1]) {
  const webpackRequire = { e: load };
  new Function('__webpack_require__', chunkRetryRuntime(delays, '__webpack_require__.e'))(webpackRequire);
  return { ensureChunk: webpackRequire.e };
}

describe("a remote's chunks loaded after its entry", () => {
  it('are asked again after a lost request, with the same arguments, and the page gets them', async () => {
    const load = jest
      .fn()
      .mockRejectedValueOnce(lost(113))
      .mockRejectedValueOnce(Object.assign(new Error('Loading CSS chunk 113 failed.'), { code: 'CSS_CHUNK_LOAD_FAILED' }))
      .mockResolvedValueOnce([undefined]);
    const { ensureChunk } = runtimeWith(load);
    await expect(ensureChunk(113, 'high')).resolves.toEqual([undefined]);
    expect(load).toHaveBeenCalledTimes(3);
    expect(load.mock.calls.every((call) => call[0] === 113 && call[1] === 'high')).toBe(true);
  });

  it('give up after the last delay (the area then shows its fallback), and never retry a module that threw', async () => {
    const down = jest.fn().mockRejectedValue(lost(129));
    await expect(runtimeWith(down).ensureChunk(129)).rejects.toThrow('Loading chunk 129 failed.');
    expect(down).toHaveBeenCalledTimes(3);

    const broken = jest.fn().mockRejectedValue(new TypeError("Cannot read properties of undefined (reading 'map')"));
    await expect(runtimeWith(broken).ensureChunk(129)).rejects.toThrow(TypeError);
    expect(broken).toHaveBeenCalledTimes(1);
  });

  it('is built into every remote, after the function it wraps, and not into the shell', async () => {
    const isRetry = (plugin) => plugin instanceof ChunkRetryPlugin;
    const config = (options) => createConfig({ dir: __dirname, ...options })({}, { mode: 'production' });
    expect(config({ name: 'mf_catalog', exposes: { './HomePage': './src/x' } }).plugins.some(isRetry)).toBe(true);
    expect(config({ name: 'shell', host: true }).plugins.some(isRetry)).toBe(false);

    // A real build: an entry that loads a chunk later.
    const dir = fs.mkdtempSync(path.join(__dirname, '..', 'node_modules', '.cache', 'chunk-retry-'));
    fs.writeFileSync(path.join(dir, 'index.js'), "import('./later').then((later) => later.default);");
    fs.writeFileSync(path.join(dir, 'later.js'), "export default 'later';");
    const stats = await runWebpack(dir, { entry: './index.js', plugins: [new ChunkRetryPlugin({ delays: [400, 1200] })] });
    expect(stats.hasErrors()).toBe(false);
    const code = fs.readFileSync(path.join(dir, 'dist', 'main.js'), 'utf8');
    fs.rmSync(dir, { recursive: true, force: true });
    const defined = code.indexOf('__webpack_require__.e = ');
    const wrapped = code.indexOf('var loadChunkOnce = __webpack_require__.e;');
    expect(defined).toBeGreaterThan(-1);
    expect(wrapped).toBeGreaterThan(defined);
    expect(code).toContain('var chunkRetryDelays = [400,1200];');
  });
});
