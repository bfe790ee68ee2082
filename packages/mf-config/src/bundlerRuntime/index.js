// One webpack bundler runtime on the page. The runtime core is provided by the shell already
// (experiments.provideExternalRuntime / externalRuntime), but Module Federation bundles
// @module-federation/webpack-bundler-runtime (remotes, consumes, sharing, init) into every
// remoteEntry.js again: ~3 KB compressed of each 8.4 KB entry, on the first load of every page a
// remote draws. The shell leaves its copy on the page (provideBundlerRuntime.js, a runtime plugin
// of its entry) and each remote's federation entry takes it from there (remoteBundlerRuntime.js).
const path = require('node:path');

/** The shell's runtime plugin that leaves its bundler runtime on the page. */
const PROVIDE_BUNDLER_RUNTIME = path.join(__dirname, 'provideBundlerRuntime.js');
const REMOTE_BUNDLER_RUNTIME = path.join(__dirname, 'remoteBundlerRuntime.js');
/** What Module Federation's generated entry imports the bundler runtime from. */
const BUNDLER_ENTRY = /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/;

/**
 * The plugin that puts the runtime core on the page (experiments.provideExternalRuntime), as Module
 * Federation names it: its CommonJS build, which wraps the core's ES module build in CommonJS
 * interop helpers (195 B of the shell's compressed main.js). Its ES module build does the same.
 */
const INJECT_RUNTIME_CORE_CJS = /[\\/]@module-federation[\\/]inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/;

/** The shell's plugins: the runtime core's plugin from its ES module build. */
function shellRuntimePlugins() {
  const webpack = require('webpack');
  const cjs = require.resolve('@module-federation/inject-external-runtime-core-plugin');
  const esm = path.join(path.dirname(cjs), 'index.js');
  return [new webpack.NormalModuleReplacementPlugin(INJECT_RUNTIME_CORE_CJS, esm)];
}

/** A remote build's plugins: its federation entry imports the shell's bundler runtime instead of its own. */
function bundlerRuntimePlugins() {
  const webpack = require('webpack');
  return [new webpack.NormalModuleReplacementPlugin(BUNDLER_ENTRY, REMOTE_BUNDLER_RUNTIME)];
}

module.exports = {
  PROVIDE_BUNDLER_RUNTIME,
  REMOTE_BUNDLER_RUNTIME,
  BUNDLER_ENTRY,
  INJECT_RUNTIME_CORE_CJS,
  bundlerRuntimePlugins,
  shellRuntimePlugins,
};
