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

/**
 * The runtime core's files that read remotes' manifests, and what the shell's build takes instead
 * (withoutManifests/): the shop registers each remote by its remoteEntry.js and turns the manifest
 * code off (experiments.optimization.disableSnapshot), but the core still imports these two files
 * from code it keeps, so 3.5 KB of the shell's compressed main.js, on every page, was code no page
 * ran. Paths inside the core's dist folder, which its package does not export: a test checks that
 * the core still has them and imports nothing from them the stand-ins lack.
 */
const WITHOUT_MANIFESTS = {
  'plugins/snapshot/SnapshotHandler.js': path.join(__dirname, 'withoutManifests', 'snapshotHandler.js'),
  'utils/preload.js': path.join(__dirname, 'withoutManifests', 'preload.js'),
};

/** How the stand-ins import the core's own files (its dist folder, past its package's exports). */
const RUNTIME_CORE_DIST = 'federation-runtime-core-dist';

function runtimeCoreDist() {
  return path.dirname(require.resolve('@module-federation/runtime-core'));
}

/** A file of the core's dist folder, by its path there, on any platform's separators. */
function insideRuntimeCore(file) {
  const parts = ['runtime-core', 'dist', ...file.split('/')].map((part) => part.replace(/[.]/g, '\\.'));
  return new RegExp(`[\\\\/]${parts.join('[\\\\/]')}$`);
}

/** The shell's aliases: the core's dist folder for the stand-ins. */
function shellRuntimeAliases() {
  return { [RUNTIME_CORE_DIST]: runtimeCoreDist() };
}

/** The shell's plugins: the runtime core's plugin from its ES module build, and the core without its manifest code. */
function shellRuntimePlugins() {
  const webpack = require('webpack');
  const cjs = require.resolve('@module-federation/inject-external-runtime-core-plugin');
  const esm = path.join(path.dirname(cjs), 'index.js');
  return [
    new webpack.NormalModuleReplacementPlugin(INJECT_RUNTIME_CORE_CJS, esm),
    ...Object.entries(WITHOUT_MANIFESTS).map(
      ([file, standIn]) => new webpack.NormalModuleReplacementPlugin(insideRuntimeCore(file), standIn),
    ),
  ];
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
  WITHOUT_MANIFESTS,
  runtimeCoreDist,
  bundlerRuntimePlugins,
  shellRuntimeAliases,
  shellRuntimePlugins,
};
