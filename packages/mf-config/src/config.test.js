const { createConfig, SINGLETONS } = require('./index');

describe('federation config', () => {
  it('refuses a federation name that is not an identifier', () => {
    expect(() => createConfig({ dir: __dirname, name: 'mf-catalog' })).toThrow(/identifier/);
  });

  it('shares the store kit, react-dom and RTK Query subpaths as singletons, nothing eager', () => {
    const config = createConfig({ dir: __dirname, name: 'mf_catalog', exposes: { './HomePage': './src/x' } })({}, { mode: 'production' });
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
});
