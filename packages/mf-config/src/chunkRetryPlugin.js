// A remote's chunks loaded after its entry (the exposed page's code and CSS, a lazy part of it, a
// Swahili catalog) go through its own webpack runtime, not the federation runtime the shell's
// retry plugin hooks into (shell/src/federation/retryRemotePlugin.ts retries the
// entry). So on a phone that loses one request, the page's own chunk failed and the area showed its
// fallback although the remote was there. This wraps the remote's __webpack_require__.e: a chunk
// that failed to load (a script's ChunkLoadError, mini-css-extract's CSS_CHUNK_LOAD_FAILED) is
// asked again after each delay before the error reaches the area. Webpack and mini-css-extract
// forget a failed chunk (installedChunks[id] = undefined, the <link> removed), so asking again
// starts a fresh request. (@module-federation/retry-plugin stops at 0.17, for the 0.x runtime.)
const { RuntimeGlobals, RuntimeModule, Template } = require('webpack');

/** The same back-off as the shell's retry of a remote's entry script (RETRY_DELAYS_MS). */
const CHUNK_RETRY_DELAYS_MS = [400, 1200];

/** The runtime code: `ensureChunk` is __webpack_require__.e, defined by an earlier runtime module. */
function chunkRetryRuntime(delays, ensureChunk = RuntimeGlobals.ensureChunk) {
  return Template.asString([
    `var loadChunkOnce = ${ensureChunk};`,
    `var chunkRetryDelays = ${JSON.stringify(delays)};`,
    `${ensureChunk} = function () {`,
    Template.indent([
      'var args = arguments;',
      'var attempt = function (done) {',
      Template.indent([
        'return loadChunkOnce.apply(null, args).catch(function (error) {',
        Template.indent([
          // A module that threw, or a shared version refused, is no lost request: it fails at once.
          "var lost = error && (error.name === 'ChunkLoadError' || error.code === 'CSS_CHUNK_LOAD_FAILED');",
          'if (!lost || done >= chunkRetryDelays.length) throw error;',
          'return new Promise(function (resolve) { setTimeout(resolve, chunkRetryDelays[done]); }).then(function () { return attempt(done + 1); });',
        ]),
        '});',
      ]),
      '};',
      'return attempt(0);',
    ]),
    '};',
  ]);
}

class ChunkRetryRuntimeModule extends RuntimeModule {
  constructor(delays) {
    // After the ensure-chunk module defines the function it wraps.
    super('shop chunk retry', RuntimeModule.STAGE_TRIGGER);
    this.delays = delays;
  }

  // Installs no chunk handler (it wraps the function that calls them), so webpack's one-handler
  // shortcut for __webpack_require__.e still applies.
  getInstalledChunkHandlers() {
    return RuntimeModule.NO_CHUNK_HANDLERS;
  }

  generate() {
    return chunkRetryRuntime(this.delays);
  }
}

/** Adds the retry wherever a chunk's runtime loads other chunks (a remote's entry). */
class ChunkRetryPlugin {
  constructor({ delays = CHUNK_RETRY_DELAYS_MS } = {}) {
    this.delays = delays;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkRetryPlugin', (compilation) => {
      compilation.hooks.runtimeRequirementInTree.for(RuntimeGlobals.ensureChunk).tap('ChunkRetryPlugin', (chunk) => {
        compilation.addRuntimeModule(chunk, new ChunkRetryRuntimeModule(this.delays));
      });
    });
  }
}

module.exports = { ChunkRetryPlugin, chunkRetryRuntime, CHUNK_RETRY_DELAYS_MS };
