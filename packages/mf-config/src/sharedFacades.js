// A shared singleton is provided whole: the remote that will consume it is unknown when the shell is
// built, so webpack keeps every export of react-router-dom, React Redux, Lingui's React part and
// Redux Toolkit (the hash router, <Form>, fetchers, connect(), <Trans>, the listener middleware,
// the entity adapter, ...) on every storefront page.
// Each of them is shared as a facade instead, a module re-exporting only the names the shop
// imports (and the names the libraries import from each other through the share scope), so the
// rest is tree-shaken out of the first load. Every app provides and falls back to the same
// facade, so any one of them that the page loads offers every name any app needs.
// facadeProblems() (tested in sharedFacades.test.js) keeps the lists equal to what the code imports.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/**
 * Share key → the library's ES module build (the file webpack resolves for a browser build) and
 * the names re-exported. Type-only imports need no entry.
 */
const FACADES = {
  'react-router-dom': {
    entry: ['react-router-dom', 'dist/index.js'],
    exports: [
      // The apps' imports.
      'BrowserRouter',
      'Link',
      'NavLink',
      'Navigate',
      'Outlet',
      'Route',
      'Routes',
      'matchPath',
      'matchRoutes',
      'useLocation',
      'useNavigate',
      'useParams',
      'useRoutes',
      'useSearchParams',
    ],
  },
  '@reduxjs/toolkit': {
    entry: ['@reduxjs/toolkit', 'dist/redux-toolkit.modern.mjs'],
    exports: [
      // The apps' imports.
      'combineSlices',
      'configureStore',
      'createAction',
      'createSelector',
      'createSlice',
      'isAnyOf',
      // What RTK Query (its own modules, not shared) imports from '@reduxjs/toolkit', which it gets
      // from the share scope: rtk-query.modern.mjs and rtk-query-react.modern.mjs.
      'SHOULD_AUTOBATCH',
      'combineReducers',
      'createAsyncThunk',
      'createNextState',
      'formatProdErrorMessage',
      'isAction',
      'isAllOf',
      'isAsyncThunkAction',
      'isFulfilled',
      'isPending',
      'isPlainObject',
      'isRejected',
      'isRejectedWithValue',
      'nanoid',
      'prepareAutoBatched',
    ],
  },
  // Without its facade every page carried connect() and its selector factories (about 40 % of
  // the library), which nothing in the shop uses.
  'react-redux': {
    entry: ['react-redux', 'dist/react-redux.mjs'],
    exports: [
      // The apps' imports.
      'Provider',
      'useDispatch',
      'useSelector',
      'useStore',
      // What RTK Query's React hooks (rtk-query-react.modern.mjs) import from 'react-redux', which they get from the share scope.
      'ReactReduxContext',
      'batch',
      'shallowEqual',
    ],
  },
  // Lingui's <Trans> and useLingui (most of the package) are not used: the shop translates with its
  // own useT (store-kit's i18n) over the provider and context.
  '@lingui/react': {
    entry: ['@lingui/react', 'dist/index.mjs'],
    exports: ['I18nProvider', 'LinguiContext'],
  },
  '@reduxjs/toolkit/query/react': {
    entry: ['@reduxjs/toolkit', 'dist/query/react/rtk-query-react.modern.mjs'],
    exports: ['buildCreateApi', 'coreModule', 'createApi', 'fetchBaseQuery', 'reactHooksModule', 'setupListeners', 'skipToken'],
  },
};

/** The folder of an installed package (its package.json need not be exported). */
function packageDir(name) {
  const main = require.resolve(name);
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  return main.slice(0, main.lastIndexOf(marker) + marker.length - 1);
}

const FACADE_DIR = path.join(__dirname, '..', 'node_modules', '.cache', 'shared-facades');

/**
 * Writes each facade (once per build process) and returns, per share key, the shared config: the
 * facade's path and a version of its own (see below), required exactly.
 */
function sharedFacades() {
  fs.mkdirSync(FACADE_DIR, { recursive: true });
  return Object.fromEntries(
    Object.entries(FACADES).map(([shareKey, { entry, exports }]) => {
      const [packageName, file] = entry;
      const dir = packageDir(packageName);
      const library = path.join(dir, file);
      if (!fs.existsSync(library)) throw new Error(`${shareKey}: ${library} is gone (the library was updated?): update sharedFacades.js`);
      const source = `export { ${exports.join(', ')} } from ${JSON.stringify(library)};\n`;
      const facade = path.join(FACADE_DIR, `${shareKey.replace(/[@/]/g, '_')}.mjs`);
      // Builds of several apps may run at once: each writes its own file and renames it into place.
      if (!fs.existsSync(facade) || fs.readFileSync(facade, 'utf8') !== source) {
        const temporary = `${facade}.${process.pid}`;
        fs.writeFileSync(temporary, source);
        fs.renameSync(temporary, facade);
      }
      const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
      // The facade's own identity: the library's version and the names it re-exports. Two builds
      // whose facades differ share nothing; a remote handed another build's facade is refused
      // (strictVersion) and shows its area's fallback, instead of importing a name that is not there.
      const identity = `${version}-facade.${crypto.createHash('sha256').update(exports.join(',')).digest('hex').slice(0, 8)}`;
      return [shareKey, { import: facade, version: identity, requiredVersion: identity, strictVersion: true }];
    }),
  );
}

const IMPORT = /import\s+(type\s+)?(?:[\w$]+\s*,?\s*)?(?:\{([^}]*)\})?\s*(?:\*\s*as\s+[\w$]+\s*)?from\s+['"]([^'"]+)['"]/g;
const REEXPORT = /export\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g;

/** The value names `source` imports or re-exports from `shareKey` (type-only ones left out); '*' for a namespace import. */
function namesImported(source, shareKey) {
  const names = new Set();
  for (const pattern of [IMPORT, REEXPORT]) {
    for (const match of source.matchAll(pattern)) {
      const [statement, typeOnly, list, from] = match;
      if (from !== shareKey || typeOnly) continue;
      if (/\*\s*as/.test(statement)) names.add('*');
      for (const part of (list ?? '').split(',')) {
        const name = part.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]);
      }
    }
  }
  return names;
}

/** Every name some source file imports from a facade's share key that the facade lacks, as sentences. */
function facadeProblems(files) {
  const problems = [];
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    for (const [shareKey, { exports }] of Object.entries(FACADES)) {
      for (const name of namesImported(source, shareKey)) {
        if (!exports.includes(name)) problems.push(`${file} imports ${name} from ${shareKey}, which sharedFacades.js does not re-export`);
      }
    }
  }
  return problems;
}

module.exports = { FACADES, FACADE_DIR, sharedFacades, facadeProblems, namesImported };
