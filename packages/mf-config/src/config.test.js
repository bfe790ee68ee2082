const path = require('node:path');
const { createConfig, SINGLETONS } = require('./index');

describe('federation config', () => {
  it('refuses a federation name that is not an identifier', () => {
    expect(() => createConfig({ dir: __dirname, name: 'mf-catalog' })).toThrow(/identifier/);
  });

  it('shares the store kit, react-dom and RTK Query subpaths as singletons, nothing eager', () => {
    const config = createConfig({ dir: path.join(__dirname, '..'), name: 'mf_catalog', exposes: { './HomePage': './src/x' } })(
      {},
      { mode: 'production' },
    );
    const federation = config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin');
    const shared = federation._options.shared;
    expect(Object.keys(shared)).toEqual(SINGLETONS);
    expect(shared['react-dom/']).toMatchObject({ singleton: true });
    expect(shared['@reduxjs/toolkit/query/react']).toMatchObject({ singleton: true });
    expect(Object.values(shared).some((entry) => entry.eager)).toBe(false);
    expect(federation._options.shareStrategy).toBe('loaded-first');
    expect(config.output.publicPath).toBe('auto');
    expect(config.output.uniqueName).toBe('mf_catalog');
  });

  it("lets only the shell provide the singletons: a remote consumes the page's copies, with no fallback of its own", () => {
    const sharedOf = (options) =>
      createConfig({ dir: path.join(__dirname, '..'), ...options })({}, { mode: 'production' }).plugins.find(
        (plugin) => plugin.constructor.name === 'ModuleFederationPlugin',
      )._options.shared;
    const remote = sharedOf({ name: 'mf_catalog', exposes: { './HomePage': './src/x' } });
    for (const entry of Object.values(remote))
      expect(entry).toMatchObject({ import: false, singleton: true, requiredVersion: expect.any(String) });
    const shell = sharedOf({ name: 'shell', host: true });
    for (const entry of Object.values(shell)) expect(entry.import).not.toBe(false);
  });
});

describe('shared singletons carry real version ranges', () => {
  const fs = require('node:fs');
  const { satisfy } = require('@module-federation/runtime-core');
  const REPO = path.resolve(__dirname, '..', '..', '..');
  const APPS = ['shell', 'mf-catalog', 'mf-account', 'mf-checkout', 'mf-chat', 'mf-admin'];
  const sharedOf = (app) => {
    const config = createConfig({ dir: path.join(REPO, app), name: app.replace('-', '_'), host: app === 'shell' })(
      {},
      { mode: 'production' },
    );
    return config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin')._options.shared;
  };
  /** What the page's copy of a share key is: the version configured (facades) or the installed package's. */
  const providedVersion = (shareKey, entry) => {
    if (entry.version) return entry.version;
    const name = shareKey === '@reduxjs/toolkit/query/react' ? '@reduxjs/toolkit' : shareKey.replace(/\/$/, '');
    const main = require.resolve(name, { paths: [path.join(REPO, 'shell')] });
    const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
    const at = main.lastIndexOf(marker);
    const root = at >= 0 ? main.slice(0, at + marker.length) : main.slice(0, main.indexOf(`${path.sep}src${path.sep}`) + 1);
    return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
  };

  it("takes each range from the app's package.json; React, the router and the store kit must match", () => {
    const shared = sharedOf('mf-catalog');
    expect(shared.react).toMatchObject({ singleton: true, requiredVersion: '18.3.1', strictVersion: true });
    // A facade (sharedFacades.js) is required exactly: its own version names the library's and its exports.
    expect(shared['react-redux']).toMatchObject({ requiredVersion: expect.stringMatching(/^9\.\d+\.\d+-facade\./), strictVersion: true });
    // A workspace package's exact pin is widened to ^: a patch of the store kit does not refuse older remotes.
    expect(shared['@shop/store-kit']).toMatchObject({ requiredVersion: '^1.0.0', strictVersion: true });
    expect(shared['react-toastify']).toMatchObject({ strictVersion: false });
    expect(Object.values(shared).some((entry) => entry.requiredVersion === false)).toBe(false);
  });

  it("every remote accepts the shell's copy of every singleton (what the page will hand it)", () => {
    const shell = sharedOf('shell');
    const refused = [];
    for (const app of APPS.slice(1)) {
      for (const [shareKey, entry] of Object.entries(sharedOf(app))) {
        const provided = providedVersion(shareKey, shell[shareKey]);
        if (!satisfy(provided, entry.requiredVersion))
          refused.push(`${app} needs ${shareKey} ${entry.requiredVersion}, the shell has ${provided}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('fails the build of an app whose package.json asks for a range the installed copy is outside', () => {
    // Inside the repository, so the app resolves the installed packages as a real one does.
    const cache = path.join(__dirname, '..', 'node_modules', '.cache');
    fs.mkdirSync(cache, { recursive: true });
    const dir = fs.mkdtempSync(path.join(cache, 'mf-app-'));
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@shop/mf-stale', dependencies: { react: '^17.0.2' } }));
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), '{}');
    expect(() => createConfig({ dir, name: 'mf_stale' })({}, { mode: 'production' })).toThrow(
      /@shop\/mf-stale: react 18\.3\.1 is installed, outside the \^17\.0\.2/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("gives each facade a version of its own, so another build's facade is refused, not silently used", () => {
    const router = sharedOf('shell')['react-router-dom'];
    expect(router).toMatchObject({ strictVersion: true });
    expect(router.version).toMatch(/^6\.\d+\.\d+-facade\.[0-9a-f]{8}$/);
    expect(router.requiredVersion).toBe(router.version);
    // A shell built with another list of names (a different hash) does not satisfy this build's facade.
    expect(satisfy(router.version.replace(/facade\.\w+$/, 'facade.00000000'), router.requiredVersion)).toBe(false);
    expect(satisfy(router.version, router.requiredVersion)).toBe(true);
  });
});
