// The shell's start-up files begin with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`,
// Chromium 136 and later; other engines read a comment). Without it V8 compiles a function only
// when it is first called, on the main thread: measured in Chromium on a drawn page, 60-70 % of
// main.js's evaluation task (7-19 ms here, four times that on Lighthouse's simulated phone, the
// longest task after the first paint) was that lazy compilation of the federation runtime's
// functions. With the hint every function of the file is compiled eagerly while the file streams
// in, off the main thread. Only files whose code runs on every page's start belong here: an eager
// function that never runs is compiled for nothing.
const { Compilation, sources } = require('webpack');

const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

class CompileHintsPlugin {
  /** @param {{ chunks: string[] }} options names of the chunks (entry and async) run on every start */
  constructor({ chunks }) {
    this.chunks = new Set(chunks);
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the minimizer (which drops comments), before the content hashes and the compressed copies.
        { name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const chunk of compilation.chunks) {
            if (!chunk.name || !this.chunks.has(chunk.name)) continue;
            for (const file of chunk.files) {
              // The hint must be the file's first line.
              if (file.endsWith('.js')) compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
            }
          }
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin, COMPILE_HINT };
