const fs = require('node:fs');
const path = require('node:path');
const { FACADES, facadeProblems, namesImported, sharedFacades } = require('./sharedFacades');

const REPO = path.resolve(__dirname, '..', '..', '..');
/** Every app and package folder a storefront or back-office build bundles code from. */
const SOURCE_DIRS = ['shell/src', 'mf-catalog/src', 'mf-account/src', 'mf-checkout/src', 'mf-chat/src', 'mf-admin/src', 'packages'];

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (fs.statSync(file).isDirectory()) return ['node_modules', 'dist'].includes(entry) ? [] : sourceFiles(file);
    // Test files and their fixtures run in Jest, not in a federated build.
    return /\.(tsx?|jsx?|mjs)$/.test(entry) && !/(\.test|^test[A-Z]\w*)\.[jt]sx?$/.test(entry) ? [file] : [];
  });
}

/** The ES module builds of what the libraries re-export whole (their packages' entries are CommonJS). */
const ES_MODULE_BUILDS = { redux: 'redux/dist/redux.mjs', '@reduxjs/toolkit/query': '@reduxjs/toolkit/dist/query/rtk-query.modern.mjs' };

/** The names an ES module file exports: its export lists, its exported declarations, and those of modules it re-exports whole. */
function exportedNames(file) {
  const code = fs.readFileSync(file, 'utf8');
  const names = new Set([
    ...[...code.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((list) =>
      list[1].split(',').map((part) =>
        part
          .trim()
          .split(/\s+as\s+/)
          .pop(),
      ),
    ),
    ...[...code.matchAll(/export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/g)].map((declaration) => declaration[1]),
  ]);
  for (const [, from] of code.matchAll(/export\s*\*\s*from\s*"([^"]+)"/g)) {
    for (const name of exportedNames(path.join(REPO, 'node_modules', ES_MODULE_BUILDS[from]))) names.add(name);
  }
  return names;
}

describe('shared singletons as facades', () => {
  it('re-export every name the shop imports from each shared library with a facade', () => {
    const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(REPO, dir)));
    expect(files.length).toBeGreaterThan(100);
    expect(facadeProblems(files)).toEqual([]);
  });

  it("re-export what RTK Query takes from '@reduxjs/toolkit' through the share scope", () => {
    const toolkit = path.dirname(require.resolve('@reduxjs/toolkit/package.json', { paths: [REPO] }).replace(/package\.json$/, 'x'));
    for (const file of ['dist/query/rtk-query.modern.mjs', 'dist/query/react/rtk-query-react.modern.mjs']) {
      const names = namesImported(fs.readFileSync(path.join(toolkit, file), 'utf8'), '@reduxjs/toolkit');
      expect(names.size).toBeGreaterThan(0);
      for (const name of names) expect(FACADES['@reduxjs/toolkit'].exports).toContain(name);
    }
  });

  it("re-export what RTK Query's hooks take from 'react-redux' through the share scope", () => {
    const toolkit = path.dirname(require.resolve('@reduxjs/toolkit/package.json', { paths: [REPO] }).replace(/package\.json$/, 'x'));
    const names = namesImported(fs.readFileSync(path.join(toolkit, 'dist/query/react/rtk-query-react.modern.mjs'), 'utf8'), 'react-redux');
    expect(names.size).toBeGreaterThan(0);
    for (const name of names) expect(FACADES['react-redux'].exports).toContain(name);
  });

  it('name only what each library exports, and are written for the shared config', () => {
    const facades = sharedFacades();
    for (const [shareKey, { exports }] of Object.entries(FACADES)) {
      const library = JSON.parse(/from (".*");/.exec(fs.readFileSync(facades[shareKey].import, 'utf8'))[1]);
      const exported = exportedNames(library);
      for (const name of exports) expect([shareKey, exported.has(name)]).toEqual([shareKey, true]);
      expect(facades[shareKey].version).toMatch(/^\d+\.\d+\.\d+/);
    }
  });

  it('find value imports and leave type-only ones out', () => {
    const source = [
      "import { Link, type RouteObject, useNavigate as go } from 'react-router-dom';",
      "import type { Location } from 'react-router-dom';",
      "import {\n  createSlice,\n  type PayloadAction,\n} from '@reduxjs/toolkit';",
    ].join('\n');
    expect([...namesImported(source, 'react-router-dom')]).toEqual(['Link', 'useNavigate']);
    expect([...namesImported(source, '@reduxjs/toolkit')]).toEqual(['createSlice']);
  });
});
