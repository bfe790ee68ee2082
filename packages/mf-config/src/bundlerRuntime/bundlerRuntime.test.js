const fs = require('node:fs');
const path = require('node:path');
const { createConfig } = require('../index');
const { BUNDLER_ENTRY, INJECT_RUNTIME_CORE_CJS, PROVIDE_BUNDLER_RUNTIME, REMOTE_BUNDLER_RUNTIME } = require('./index');
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
