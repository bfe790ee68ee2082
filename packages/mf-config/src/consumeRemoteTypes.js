#!/usr/bin/env node
// `npm run mf-types`: refreshes the shell's copy of every remote's published types
// (shell/@mf-types/, what the shell's typecheck runs against) from the remotes as they are now.
// Module Federation's consumeTypes would download them from each running remote; the copy is made
// from the same files the remotes' builds publish (publishedTypes), with no server and no build.
// src/remoteTypes.test.js fails while the copy differs from what a remote publishes, so a remote
// that changes what it exposes is seen by the shell's typecheck before anything is deployed.
const fs = require('node:fs');
const path = require('node:path');
const { publishedTypes, consumedIndex, TYPES_FOLDER } = require('./remoteTypes');

const REPO = path.resolve(__dirname, '..', '..', '..');
const SHELL_TYPES = path.join(REPO, 'shell', TYPES_FOLDER);

/** Every remote of the repository (mf-*) with its federation name and exposes, from its own webpack config. */
function remotes(repo = REPO) {
  return fs
    .readdirSync(repo)
    .filter((folder) => /^mf-/.test(folder) && fs.existsSync(path.join(repo, folder, 'webpack.config.js')))
    .map((folder) => {
      const dir = path.join(repo, folder);
      const config = require(path.join(dir, 'webpack.config.js'))({}, { mode: 'production' });
      const federation = config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin');
      return { name: federation._options.name, dir, exposes: federation._options.exposes };
    });
}

/** The shell's copy: each remote's published files under its federation name, and the index. */
function consumedTypes(apps = remotes()) {
  const files = { 'index.d.ts': consumedIndex(apps.map((app) => app.name)) };
  for (const app of apps) for (const [name, text] of Object.entries(publishedTypes(app))) files[`${app.name}/${name}`] = text;
  return files;
}

/** The shell's copy as it is on disk (file name under shell/@mf-types → text). */
function currentCopy(root = SHELL_TYPES) {
  if (!fs.existsSync(root)) return {};
  return Object.fromEntries(
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath ?? entry.path, entry.name);
        return [path.relative(root, file).split(path.sep).join('/'), fs.readFileSync(file, 'utf8')];
      }),
  );
}

function writeCopy(files, root = SHELL_TYPES) {
  fs.rmSync(root, { recursive: true, force: true });
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
}

if (require.main === module) {
  const files = consumedTypes();
  writeCopy(files);
  console.log(`shell/${TYPES_FOLDER}: ${Object.keys(files).length} files from ${remotes().length} remotes`);
}

module.exports = { remotes, consumedTypes, currentCopy, writeCopy, SHELL_TYPES };
