const fs = require('node:fs');
const path = require('node:path');
const { createConfig } = require('../index');
const {
  BUNDLER_ENTRY,
  INJECT_RUNTIME_CORE_CJS,
  PROVIDE_BUNDLER_RUNTIME,
  REMOTE_BUNDLER_RUNTIME,
  WITHOUT_MANIFESTS,
  runtimeCoreDist,
} = require('./index');
const { BUNDLER_RUNTIME_GLOBAL } = require('./global');

const federationOf = (config) => config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin')._options;
const replacementOf = (config) => config.plugins.find((plugin) => plugin.constructor.name === 'NormalModuleReplacementPlugin');

describe('one bundler runtime on the page', () => {
  const shell = createConfig({ dir: __dirname, name: 'shell', host: true })({}, { mode: 'production' });
  const remote = createConfig({ dir: __dirname, name: 'mf_catalog', exposes: { './HomePage': './src/x' } })({}, { mode: 'production' });

  it("replaces the bundler runtime Module Federation's entry imports, in a remote only", () => {
    // The file the generated federation entry imports (`import federation from '…'`), from the plugin
    // that writes it (its package exports only a wrapper of it).
    const enhanced = path.dirname(require.resolve('@module-federation/enhanced'));
    const FederationRuntimePlugin = require(path.join(enhanced, 'lib/container/runtime/FederationRuntimePlugin.js')).default;
    expect(new FederationRuntimePlugin({ name: 'mf_catalog' }).bundlerRuntimePath).toMatch(BUNDLER_ENTRY);
    const replacement = replacementOf(remote);
    expect(replacement.resourceRegExp).toBe(BUNDLER_ENTRY);
    expect(replacement.newResource).toBe(REMOTE_BUNDLER_RUNTIME);
    expect(replacementOf(shell).resourceRegExp).not.toBe(BUNDLER_ENTRY);
  });

  it("takes the runtime core's provider from its ES module build, in the shell only", () => {
    // The file provideExternalRuntime adds to the shell's runtime plugins.
    const cjs = require.resolve('@module-federation/inject-external-runtime-core-plugin');
    expect(cjs).toMatch(INJECT_RUNTIME_CORE_CJS);
    const replacement = replacementOf(shell);
    expect(replacement.resourceRegExp).toBe(INJECT_RUNTIME_CORE_CJS);
    expect(fs.readFileSync(replacement.newResource, 'utf8')).toMatch(/^import \* as runtimeCore from/m);
    expect(replacementOf(remote).resourceRegExp).not.toBe(INJECT_RUNTIME_CORE_CJS);
  });

  it('is left on the page by the shell, which alone runs the plugin that provides it', () => {
    expect(federationOf(shell).runtimePlugins).toContain(PROVIDE_BUNDLER_RUNTIME);
    expect(federationOf(remote).runtimePlugins).not.toContain(PROVIDE_BUNDLER_RUNTIME);
  });

  describe("a remote's federation object", () => {
    afterEach(() => {
      delete globalThis[BUNDLER_RUNTIME_GLOBAL];
      jest.resetModules();
    });

    it("runs on the shell's functions, with its own runtime, share scope, options and container init", () => {
      require('./provideBundlerRuntime');
      const provided = globalThis[BUNDLER_RUNTIME_GLOBAL];
      const shellRuntime = require('@module-federation/webpack-bundler-runtime');
      expect(provided.bundlerRuntime).toBe(shellRuntime.bundlerRuntime);

      const federation = require('./remoteBundlerRuntime').default;
      for (const name of ['remotes', 'consumes', 'I', 'installInitialConsumes', 'init'])
        expect(federation.bundlerRuntime[name]).toBe(shellRuntime.bundlerRuntime[name]);
      expect(federation.attachShareScopeMap).toBe(shellRuntime.attachShareScopeMap);
      expect(federation.bundlerRuntime.S).not.toBe(shellRuntime.bundlerRuntime.S);
      expect(federation.bundlerRuntime.initContainerEntry).toEqual(expect.any(Function));
      const runtime = require('@module-federation/runtime');
      expect(federation.runtime).toEqual({ init: runtime.init, getRemoteEntry: runtime.getRemoteEntry });
      expect(federation).toMatchObject({ instance: undefined, initOptions: undefined, bundlerRuntimeOptions: {} });
      expect(federation.bundlerRuntimeOptions).not.toBe(shellRuntime.default.bundlerRuntimeOptions);
    });

    it('fails loudly on a page without the shell', () => {
      expect(() => require('./remoteBundlerRuntime')).toThrow(/shell's federation bundler runtime is missing/);
    });
  });
});

describe("the shell's runtime core without its manifest code", () => {
  const shell = createConfig({ dir: __dirname, name: 'shell', host: true })({}, { mode: 'production' });
  const remote = createConfig({ dir: __dirname, name: 'mf_catalog', exposes: { './HomePage': './src/x' } })({}, { mode: 'production' });
  const replacements = (config) => config.plugins.filter((plugin) => plugin.constructor.name === 'NormalModuleReplacementPlugin');

  /** The files of the core's dist folder, as its ES module build has them. */
  const coreFiles = (dir = runtimeCoreDist()) =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory() ? coreFiles(file) : entry.name.endsWith('.js') ? [file] : [];
    });

  it.each(Object.entries(WITHOUT_MANIFESTS))(
    'replaces %s, which the core still has, with a stand-in exporting every name the core imports from it',
    (file, standIn) => {
      const original = path.join(runtimeCoreDist(), ...file.split('/'));
      expect(fs.existsSync(original)).toBe(true);
      const imported = new Set();
      for (const importer of coreFiles()) {
        for (const [, names, from] of fs.readFileSync(importer, 'utf8').matchAll(/^import \{([^}]*)\} from "([^"]+)";$/gm)) {
          if (path.resolve(path.dirname(importer), from) !== original) continue;
          for (const name of names.split(',')) imported.add(name.trim().split(/\s+as\s+/)[0]);
        }
      }
      expect(imported.size).toBeGreaterThan(0);
      const exported = [...fs.readFileSync(standIn, 'utf8').matchAll(/^export (?:class|function|const) (\w+)/gm)].map(([, name]) => name);
      expect(exported.sort()).toEqual(expect.arrayContaining([...imported].sort()));
      // The shell's build only: a remote bundles no runtime core (externalRuntime).
      expect(replacements(shell).some((plugin) => plugin.resourceRegExp.test(original) && plugin.newResource === standIn)).toBe(true);
      expect(replacements(remote).some((plugin) => plugin.resourceRegExp.test(original))).toBe(false);
    },
  );

  it("finds the core's own disabled snapshot handler, which the stand-in builds on", () => {
    expect(shell.resolve.alias['federation-runtime-core-dist']).toBe(runtimeCoreDist());
    expect(fs.existsSync(path.join(runtimeCoreDist(), 'plugins', 'snapshot', 'disabled.js'))).toBe(true);
    expect(federationOf(shell).experiments.optimization.disableSnapshot).toBe(true);
  });
});
