import path from 'node:path';
// The name Module Federation's manifest plugin gives the file (a dependency of the apps' build package).
import { getManifestFileName } from '@module-federation/sdk';
import { REMOTE_ENTRY_FILE, REMOTE_MANIFEST_FILE } from '@shop/api-types';
import { REPO_ROOT } from '@shop/service-kit';
import { KNOWN_REMOTES } from '../config';

/** A remote app's webpack configuration, as its build runs it. */
type WebpackConfigFactory = (
  env: object,
  argv: { mode: string },
) => { plugins: Array<{ constructor: { name: string }; _options?: unknown }> };

describe("every remote's build writes the entry script the page registers beside its manifest", () => {
  it.each(KNOWN_REMOTES.map((remote) => [remote.folder]))('%s', (folder) => {
    // The apps' configurations are CommonJS (run by webpack-cli), loaded as their build loads them.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const factory = require(path.join(REPO_ROOT, folder, 'webpack.config.js')) as WebpackConfigFactory;
    const federation = factory({}, { mode: 'production' }).plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin');
    // The plugin's options as written (@module-federation/enhanced keeps them there).
    const options = federation?._options as { filename?: string; manifest?: boolean | { fileName?: string } };
    expect(options.filename).toBe(REMOTE_ENTRY_FILE);
    // The manifest, named as the plugin names it, in the same folder (the entry's sibling).
    expect(options.manifest).toBeTruthy();
    expect(getManifestFileName(options.manifest).manifestFileName).toBe(REMOTE_MANIFEST_FILE);
  });
});
