// One webpack + Module Federation setup for the shell and every remote, so the shared singletons,
// loaders and output rules cannot drift apart between teams. Each app's webpack.config.js calls
// createConfig() with its own name, exposes and port.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const { BootPreloadPlugin } = require('./bootPreloadPlugin');
const { CompileHintsPlugin } = require('./compileHintsPlugin');
const { ChunkRetryPlugin } = require('./chunkRetryPlugin');
const { PublishTypesPlugin } = require('./remoteTypes');
const { CATALOG_FILES } = require('./catalogLoader');
const { sharedFacades, FACADE_DIR } = require('./sharedFacades');
const { PROVIDE_BUNDLER_RUNTIME, bundlerRuntimePlugins, shellRuntimeAliases, shellRuntimePlugins } = require('./bundlerRuntime');
// Module Federation's own range check, the one the page runs when it picks a shared copy.
const { satisfy } = require('@module-federation/runtime-core');
// css-loader's own class naming, reused for the shared packages' prefix (see cssLoader).
const { defaultGetLocalIdent } = require('css-loader/dist/utils');
const webpack = require('webpack');
// The minimizer webpack itself runs for JavaScript (a dependency of webpack's, resolved from there).
const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [require.resolve('webpack')] }));
const fs = require('node:fs');
const zlib = require('node:zlib');

/** Libraries that must exist once on the page: React and the router keep context, the store kit keeps the one store. */
const SINGLETONS = [
  'react',
  'react-dom',
  // With the slash: shares react-dom/client too, or it would be bundled twice.
  'react-dom/',
  // react-router itself is not shared: no app imports it, and bundled inside react-router-dom's
  // facade (sharedFacades.js) its unused half is tree-shaken. The one react-router-dom keeps it one.
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  // RTK Query: the store kit's api and the back office's own api run on the shell's one copy instead
  // of mf-admin bundling its own (~19 KB less on the first back-office load). Import it only from
  // '@reduxjs/toolkit/query/react' (it re-exports all of '@reduxjs/toolkit/query'): sharing the
  // plain '/query' as well splits the library in two shared chunks that compress worse (+3 KB on
  // every storefront page), and a '/query' import that is not shared bundles a private copy.
  '@reduxjs/toolkit/query/react',
  '@shop/store-kit',
  '@shop/storefront-ui',
  'react-toastify',
  // The storefront's translations (see store-kit's i18n): one copy on the page, so every remote's
  // strings are loaded into the one instance the language switch changes.
  '@lingui/core',
  '@lingui/react',
];

/**
 * The shell's start-up chunks, by what they hold: 'bootstrap' (the shell's own code, named in
 * shell/src/index.ts), the libraries every page needs, and the shop's shared packages. Each is
 * preloaded from index.html (BootPreloadPlugin). Libraries a page loads later (the toasts) stay
 * in chunks of their own.
 */
const HOST_BOOT_CHUNKS = {
  bootstrap: null,
  // React itself, apart from the other libraries: a cheap phone evaluates each start-up file in a
  // task of its own, and one file of every library was a single task long enough to hold up a tap.
  react: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
  // Every other library but those loaded later: the router, Redux Toolkit and what they use.
  framework: /[\\/]node_modules[\\/](?!(react-toastify|clsx)[\\/])/,
  // Not their catalogs: each language is a chunk of its own (i18n-en, i18n-sw with the shell's),
  // fetched only on a page in that language (see store-kit's i18n).
  'shop-kit': /[\\/]packages[\\/](store-kit|storefront-ui|api-types|money)[\\/](?!.*[\\/]locales[\\/])/,
};

/**
 * The shell's and the shared packages' catalog of one language (their import()s name it
 * `i18n-<language>`): every page waits for its own language's before the first render, so
 * index.html preloads each, marked with its language, and the gateway keeps the page's.
 */
const START_UP_CATALOG_CHUNK = /^i18n-([a-z]+)$/;

function hostBootGroups() {
  return Object.fromEntries(
    Object.entries(HOST_BOOT_CHUNKS)
      .filter(([, test]) => test)
      .map(([name, test], index) => [name, { test, name, chunks: 'async', enforce: true, priority: 40 - index }]),
  );
}

/**
 * The federation runtime's packages ship both CommonJS and ES module builds; some of its files
 * require() one and others import the other, so webpack bundled the runtime twice into the
 * shell's entry. Every bare import of them resolves to the ES module build, once.
 */
function federationRuntimeAliases() {
  const packages = ['runtime-core', 'runtime', 'sdk', 'webpack-bundler-runtime', 'runtime-tools', 'error-codes'];
  return Object.fromEntries(
    packages.map((name) => {
      // The package folder from its CommonJS entry (package.json itself is not exported).
      const main = require.resolve(`@module-federation/${name}`);
      const dir = main.slice(0, main.lastIndexOf(`${path.sep}dist${path.sep}`));
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
      const entry = manifest.exports?.['.']?.import?.default ?? manifest.module ?? manifest.main;
      return [`@module-federation/${name}$`, path.join(dir, entry)];
    }),
  );
}

/**
 * Singletons a second copy of, or a copy outside the app's range, breaks (hooks on two Reacts, a
 * store two kits write to): a remote whose range the page's copy does not satisfy fails to load and
 * shows its area's fallback, loudly, instead of running on whatever was loaded first. The others
 * (toasts, translations) only warn.
 */
const STRICT_SINGLETONS = new Set([
  'react',
  'react-dom',
  'react-dom/',
  'react-redux',
  '@reduxjs/toolkit/query/react',
  '@shop/store-kit',
  '@shop/storefront-ui',
]);

/** The npm package a share key belongs to. */
const packageOf = (shareKey) => (shareKey === '@reduxjs/toolkit/query/react' ? '@reduxjs/toolkit' : shareKey.replace(/\/$/, ''));

/** The installed version of a package (its package.json need not be exported). */
function installedVersion(name, dir) {
  const main = require.resolve(name, { paths: [dir] });
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  const at = main.lastIndexOf(marker);
  // A workspace package resolves to its own folder (packages/<name>/src/...), not node_modules.
  const packageRoot = at >= 0 ? main.slice(0, at + marker.length) : main.slice(0, main.indexOf(`${path.sep}src${path.sep}`) + 1);
  return JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8')).version;
}

/**
 * The range an app needs of a shared package: the one its package.json declares (a workspace
 * package's exact pin widened to ^, so a patch of the store kit does not refuse every remote built
 * before it), else ^ the installed version (a package it gets through another, the translations).
 */
function requiredRange(name, declared, dir) {
  const range = declared[name];
  if (!range) return `^${installedVersion(name, dir)}`;
  return name.startsWith('@shop/') && /^\d+\.\d+\.\d+$/.test(range) ? `^${range}` : range;
}

/** The package.json of the app at `dir` (or of the nearest package above it). */
function nearestManifest(dir) {
  for (let at = dir; ; at = path.dirname(at)) {
    const file = path.join(at, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
    if (path.dirname(at) === at) throw new Error(`No package.json at or above ${dir}`);
  }
}

/**
 * The shared singletons with real version ranges, read from the app's package.json. The build fails
 * when the installed copy is outside them (a lock file out of step with a package.json).
 *
 * Only the shell provides them. A remote runs only on a page the shell started (it takes the shell's
 * bundler runtime too), where every singleton is in the share scope before any remote loads, so its
 * own fallback copies were never used, yet each remote's entry listed them, with their loaders, in
 * its share configuration: `import: false` leaves them out (each remoteEntry.js 4.5 -> 3.6 KB
 * compressed, on the first load of every page a remote draws). A copy outside a remote's range is
 * refused as before, and the area shows its fallback.
 */
function sharedSingletons(dir, { host }) {
  const manifest = nearestManifest(dir);
  const declared = { ...manifest.peerDependencies, ...manifest.devDependencies, ...manifest.dependencies };
  const facades = sharedFacades();
  return Object.fromEntries(
    SINGLETONS.map((shareKey) => {
      const consumeOnly = host ? {} : { import: false };
      if (facades[shareKey]) return [shareKey, { singleton: true, ...facades[shareKey], ...consumeOnly }];
      const name = packageOf(shareKey);
      const requiredVersion = requiredRange(name, declared, dir);
      const installed = installedVersion(name, dir);
      if (!satisfy(installed, requiredVersion))
        throw new Error(`${manifest.name}: ${name} ${installed} is installed, outside the ${requiredVersion} its package.json asks for`);
      return [shareKey, { singleton: true, requiredVersion, strictVersion: STRICT_SINGLETONS.has(shareKey), ...consumeOnly }];
    }),
  );
}

/** TypeScript through ts-loader with the app's own tsconfig (type checking is `npm run typecheck`'s job). */
function typeScriptRule(dir) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: { loader: require.resolve('ts-loader'), options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json') } },
  };
}

/** The shop's shared packages (this file is in packages/mf-config/src). */
const PACKAGES_DIR = path.resolve(__dirname, '..', '..') + path.sep;

/**
 * CSS modules (*.module.css): `<app>_<hash>` for an app's own files, so a remote's classes never
 * collide with another's, and the first-screen renderer, which asks for the names only, gets the
 * browser build's. A shared package's files (storefront-ui) take the package's prefix instead,
 * the same in every build that bundles it: in the browser the shell's copy is used (with its
 * stylesheet), while a remote's renderer draws with its own copy, and with the app's prefix the
 * drawn copy named classes no loaded stylesheet had (unstyled prices and buttons until the shop
 * took over). The hash is of the file's path from the app folder (the same from every app: they
 * are siblings) and the class name.
 */
function localIdentName(prefix, production) {
  return production ? `${prefix}_[hash:base64:6]` : `${prefix}__[local]__[hash:base64:4]`;
}

function cssLoader(name, production, { exportOnlyLocals = false } = {}) {
  return {
    loader: require.resolve('css-loader'),
    options: {
      modules: {
        auto: /\.module\.css$/,
        localIdentName: localIdentName(name, production),
        getLocalIdent(loaderContext, _appIdentName, localName, options) {
          const { resourcePath } = loaderContext;
          // An app's own file: css-loader's default with the app's prefix.
          if (!resourcePath.startsWith(PACKAGES_DIR)) return undefined;
          const packageName = resourcePath.slice(PACKAGES_DIR.length).split(/[\\/]/)[0];
          const ident = defaultGetLocalIdent(loaderContext, localIdentName(packageName.replace(/-/g, '_'), production), localName, options);
          return ident.replace(/\[local\]/gi, localName);
        },
        namedExport: false,
        exportLocalsConvention: 'as-is',
        exportOnlyLocals,
      },
    },
  };
}

/**
 * An inlined file as a data URL. An SVG goes as its text, percent-encoding only what a URL or an
 * HTML attribute or a srcset cannot hold: base64 hides the markup's repeats from brotli, and the home
 * page's four banner drawings were 2.9 KB compressed as base64 against 1.2 KB as text (in its script
 * and again in the first screen's HTML). Runs of white space are one, as SVG draws them anyway.
 */
function inlineDataUrl(content, { filename }) {
  // The resource may carry its query (?inline).
  const ext = path.extname(filename.replace(/\?.*$/s, '')).slice(1).toLowerCase();
  if (ext !== 'svg') {
    const type = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', woff2: 'font/woff2' }[ext];
    return `data:${type};base64,${content.toString('base64')}`;
  }
  const text = content.toString('utf8').trim().replace(/\s+/g, ' ');
  // Spaces too (%20): a srcset (the phone banner's <source>) splits its candidates at white space.
  // u: a character outside the BMP is one match, not two halves encodeURIComponent refuses.
  return `data:image/svg+xml,${text.replace(/[^!$&'()*+,\-./0-9:;=@A-Z_a-z~]/gu, encodeURIComponent)}`;
}

/**
 * Images and fonts as files; `import banner from './banner.svg?inline'` as a data URL in the
 * chunk, for a first screen's largest image (it paints with the page, without a request of its own).
 */
function imageRule({ emit = true } = {}) {
  return {
    test: /\.(svg|png|jpe?g|webp|woff2)$/,
    oneOf: [
      { resourceQuery: /inline/, type: 'asset/inline', generator: { dataUrl: inlineDataUrl } },
      { type: 'asset/resource', ...(emit ? {} : { generator: { emit: false } }) },
    ],
  };
}

/** Message catalogs (src/i18n/locales/*.json), compiled at build time (catalogLoader.js). */
function catalogRule() {
  return { test: CATALOG_FILES, type: 'javascript/auto', use: require.resolve('./catalogLoader') };
}

/** A remote's entry file, which the federation runtime loads first. */
const REMOTE_ENTRY_FILE = 'remoteEntry.js';
const REMOTE_ENTRY = new RegExp(`^${REMOTE_ENTRY_FILE.replace('.', '\\.')}$`);

/**
 * @param {object} options
 * @param {string} options.dir the app folder (its package.json sits there)
 * @param {string} options.name federation name, a JavaScript identifier (mf_catalog)
 * @param {Record<string,string>} [options.exposes] remote modules
 * @param {boolean} [options.host] the shell: builds index.html, served at the site root
 * @param {string[]} [options.runtimePlugins]
 */
function createConfig({ dir, name, exposes, host = false, runtimePlugins = [] }) {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`Federation name must be an identifier: ${name}`);
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      context: dir,
      entry: host ? { main: './src/index.ts' } : {},
      mode: production ? 'production' : 'development',
      devtool: production ? false : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: path.join(dir, 'dist'),
        // Remotes load their chunks relative to wherever their remoteEntry was found at run time.
        publicPath: host ? '/' : 'auto',
        uniqueName: name,
        // Entry chunks carry no hash: webpack 5.111 cannot resolve [contenthash] while it hashes the
        // federation runtime module (module-federation/core#5077, webpack/webpack#22199). They are
        // tiny (the runtime and an import() of the app) and served with no-cache + ETag instead.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'], alias: { ...federationRuntimeAliases(), ...(host ? shellRuntimeAliases() : {}) } },
      module: {
        rules: [
          typeScriptRule(dir),
          // A facade naming an export its library does not have fails the build instead of sharing undefined.
          { include: FACADE_DIR, parser: { exportsPresence: 'error' } },
          catalogRule(),
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, cssLoader(name, production)] },
          imageRule(),
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: REMOTE_ENTRY_FILE,
          exposes: exposes ?? {},
          // The shell learns remote URLs at run time (remotes.json), never at build time.
          remotes: {},
          shared: sharedSingletons(dir, { host }),
          shareStrategy: 'loaded-first',
          // The shell hands its bundler runtime to the remotes (bundlerRuntime/index.js).
          runtimePlugins: host ? [...runtimePlugins, PROVIDE_BUNDLER_RUNTIME] : runtimePlugins,
          manifest: true,
          // The exposed modules' types are published by PublishTypesPlugin instead (remoteTypes.js says why).
          dts: false,
          // One federation runtime on the page: the shell provides it, remotes use it (saves ~20 KB
          // compressed per remote on a shopper's first load).
          // target 'web': the runtime leaves out its Node.js code paths (script loading in Node, ...).
          // disableSnapshot: the page registers each remote by its remoteEntry.js, not its manifest
          // (the shell's federation/remotes.ts), so the code that fetches and reads manifests is left
          // out (with bundlerRuntime/withoutManifests, 3.5 KB of the shell's compressed main.js).
          experiments: {
            ...(host ? { provideExternalRuntime: true } : { externalRuntime: true }),
            optimization: { target: 'web', disableSnapshot: true },
          },
        }),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:8].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        }),
        ...(host
          ? [
              new HtmlWebpackPlugin({
                template: path.join(dir, 'src/index.html'),
                scriptLoading: 'defer',
                minify: production,
              }),
              new BootPreloadPlugin({ chunks: Object.keys(HOST_BOOT_CHUNKS), languageChunks: START_UP_CATALOG_CHUNK }),
              // The entry and the start-up chunks run on every page: compiled while they download.
              new CompileHintsPlugin({ chunks: ['main', ...Object.keys(HOST_BOOT_CHUNKS)] }),
              // The runtime core's provider from its ES module build (bundlerRuntime/index.js).
              ...shellRuntimePlugins(),
              // Favicon, web manifest, robots.txt: served from the site root as they are.
              ...(fs.existsSync(path.join(dir, 'public')) ? [new CopyPlugin({ patterns: [{ from: path.join(dir, 'public') }] })] : []),
            ]
          : [
              // The remote's entry runs on the shell's bundler runtime instead of a copy of its own.
              ...bundlerRuntimePlugins(),
              // A remote's chunks after its entry are retried on a lost request; the shell's start-up
              // stays as it is (its own entry and chunks are not a remote area's).
              new ChunkRetryPlugin(),
              // The exposed modules' types, beside mf-manifest.json (see remoteTypes.js).
              new PublishTypesPlugin({ dir, exposes: exposes ?? {} }),
            ]),
        ...(production
          ? [
              // Pre-compressed copies, so static servers send brotli or gzip without spending CPU per request.
              new CompressionPlugin({ algorithm: 'gzip', test: /\.(js|css|html|svg|json)$/, threshold: 512, minRatio: 0.9 }),
              new CompressionPlugin({
                filename: '[path][base].br',
                algorithm: 'brotliCompress',
                test: /\.(js|css|html|svg|json)$/,
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
                threshold: 512,
                minRatio: 0.9,
              }),
            ]
          : []),
      ],
      optimization: {
        // Scripts through SWC's minifier rather than webpack's default (terser): on the same sources
        // its output compresses smaller (every page 0.5-0.9 KB less brotli, the checkout's own chunks
        // 1-4 % less) and the build takes half the time. Except each remote's entry, where terser's
        // is the smaller by 0.3 KB. Webpack minifies only the CSS of its own CSS modules
        // (experiments.css), not the files mini-css-extract-plugin writes: those went out with
        // their source's indentation and comments, ~20 % more bytes on every page's stylesheets, so
        // its CSS minifier runs on them too.
        minimizer: [
          new MinimizerPlugin({
            exclude: REMOTE_ENTRY,
            minify: MinimizerPlugin.swcMinify,
            minimizerOptions: { compress: { passes: 2 }, mangle: true },
          }),
          // Webpack's own options for terser.
          new MinimizerPlugin({ include: REMOTE_ENTRY, minimizerOptions: { compress: { passes: 2 } } }),
          new MinimizerPlugin({ test: /\.css$/i, minify: webpack.css.syntax.cssMinify }),
        ],
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        // The shell's start-up in a few files instead of one per shared library: a phone on HTTP/1.1
        // opens six connections per host, so every extra file on the first screen costs a round trip.
        ...(host ? { splitChunks: { cacheGroups: hostBootGroups() } } : {}),
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'error' },
    };
  };
}

/**
 * The build of an app's first-screen renderer (src/server.tsx) for the gateway, which draws a
 * page's first screen into its HTML so a phone paints it before any script has run (see
 * services/gateway/src/ssr). One self-contained CommonJS file, dist/server/index.js: everything
 * bundled (its own React), nothing shared, so the gateway needs none of the app's packages and a
 * redeployed app brings its renderer with it. CSS modules get the same class names as the browser
 * build (same context, same localIdentName) and no CSS; images the same file names, under the
 * public path the gateway gives at run time (__shopPublicPath), with nothing emitted twice.
 * `globalThis.location` is the page being drawn (__shopLocation): the storefront's API calls are
 * made against it.
 *
 * @param {object} options
 * @param {string} options.dir the app folder
 * @param {string} options.name federation name (mf_catalog): the CSS class prefix
 */
function createServerConfig({ dir, name }) {
  return () => ({
    context: dir,
    entry: { index: './src/server.tsx' },
    mode: 'production',
    target: 'node20',
    devtool: false,
    output: {
      path: path.join(dir, 'dist', 'server'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      publicPath: '',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        typeScriptRule(dir),
        // The Swahili catalogs too: a renderer draws in either language without loading anything.
        catalogRule(),
        { test: /\.css$/, use: [cssLoader(name, true, { exportOnlyLocals: true })] },
        // The browser build emits the images; the renderer only needs their URLs.
        imageRule({ emit: false }),
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ 'globalThis.location': '__shopLocation' }),
      // import() of the app's own modules stays in the one file.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    // sideEffects: false keeps every import, including the public-path module a renderer imports
    // for its effect from a package marked side-effect free (store-kit); size does not matter here.
    optimization: { minimize: false, moduleIds: 'deterministic', sideEffects: false },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  });
}

module.exports = { createConfig, createServerConfig, SINGLETONS };
