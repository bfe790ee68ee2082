// The types of a remote's exposed modules, published beside its manifest (dist/@mf-types/), and the
// shell's copy of them (shell/@mf-types/), which its typecheck runs against: a page or slot that
// passes a remote component props it does not take, or names a module it does not expose, fails
// `npm run typecheck`. Why not Module Federation's own dts plugin (`dts.generateTypes` /
// `consumeTypes`): generating runs a full tsc over the remote's code in a child process on every
// build (about as long as the remote's whole webpack build here), and consuming downloads the
// types from the running remote's URL, which a build must not need. Here each exposed file's
// declarations come from its own text (TypeScript's isolated declarations: its exports carry their
// types), in milliseconds; the layout is Module Federation's (compiled-types/ and an entry file per
// expose).
const fs = require('node:fs');
const path = require('node:path');

/** Where a remote publishes its types in its build, and where the shell keeps its copy. */
const TYPES_FOLDER = '@mf-types';
const GENERATED = '// Generated from the exposed modules (packages/mf-config/src/remoteTypes.js); do not edit.\n';

const toPosix = (file) => file.split(path.sep).join('/');
const withoutExtension = (file) => file.replace(/\.(d\.ts|tsx?|jsx?)$/, '');

/** The source file an import names, as webpack and TypeScript find it. */
function resolveSource(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, ...['.tsx', '.ts'].flatMap((extension) => [`${base}${extension}`, path.join(base, `index${extension}`)])];
  const found = candidates.find((candidate) => /\.tsx?$/.test(candidate) && fs.existsSync(candidate));
  if (!found) throw new Error(`${from}: cannot find ${specifier} for its published types`);
  return found;
}

/** The relative imports a declaration file keeps (the other files of the remote it needs). */
function relativeImports(declarations) {
  const pattern = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;
  return [...declarations.matchAll(pattern)].map((match) => match[2]);
}

/**
 * The published types of an app's exposed modules: file name under @mf-types/ → text.
 * @param {{ dir: string, exposes: Record<string, string> }} app
 * @returns {Record<string, string>}
 */
function publishedTypes({ dir, exposes }) {
  const ts = require('typescript');
  const files = {};
  const problems = [];
  const declare = (source) => {
    const name = `compiled-types/${toPosix(withoutExtension(path.relative(dir, source)))}.d.ts`;
    if (name in files) return name;
    const result = ts.transpileDeclaration(fs.readFileSync(source, 'utf8'), {
      fileName: source,
      reportDiagnostics: true,
      compilerOptions: { jsx: ts.JsxEmit.ReactJSX, strict: true },
    });
    for (const diagnostic of result.diagnostics ?? [])
      problems.push(`${path.relative(dir, source)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
    files[name] = result.outputText;
    for (const specifier of relativeImports(result.outputText)) declare(resolveSource(source, specifier));
    return name;
  };
  const entries = Object.entries(exposes).map(([expose, file]) => {
    const compiled = withoutExtension(declare(resolveSource(path.join(dir, 'index.ts'), file)));
    const entry = `${expose.replace(/^\.\//, '')}.d.ts`;
    // Module Federation's entry file for an expose (what its own consumeTypes reads).
    files[entry] = `export * from './${compiled}';\nexport { default } from './${compiled}';\n`;
    return `  '${expose}': typeof import('./${withoutExtension(entry)}');`;
  });
  if (problems.length)
    throw new Error(`An exposed module's exports need their types written out, so its types can be published:\n${problems.join('\n')}`);
  files['index.d.ts'] =
    `${GENERATED}/** Each exposed module ('./HomePage') and its exports. */\nexport interface Exposes {\n${entries.join('\n')}\n}\n`;
  return files;
}

/**
 * The shell's index of the remotes' published types: federation name → its Exposes.
 * @param {string[]} names federation names (mf_catalog)
 */
function consumedIndex(names) {
  const sorted = [...names].sort();
  return [
    GENERATED,
    ...sorted.map((name) => `import type { Exposes as ${name} } from './${name}';`),
    '',
    "/** Each remote's exposed modules, by its federation name, as the remote publishes them. */",
    'export interface RemoteModules {',
    ...sorted.map((name) => `  ${name}: ${name};`),
    '}',
    '',
  ].join('\n');
}

/** Publishes the exposed modules' types in the build, beside mf-manifest.json. */
class PublishTypesPlugin {
  constructor({ dir, exposes }) {
    this.app = { dir, exposes };
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PublishTypesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublishTypesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const [name, text] of Object.entries(publishedTypes(this.app)))
            compilation.emitAsset(`${TYPES_FOLDER}/${name}`, new RawSource(text));
        },
      );
    });
  }
}

module.exports = { publishedTypes, consumedIndex, PublishTypesPlugin, TYPES_FOLDER };
