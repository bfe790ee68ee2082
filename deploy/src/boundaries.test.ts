import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, workspaces, type Workspace } from './layout';

/**
 * Each deployable (the shell, every remote, every service) could move to a repository of its own
 * with the shared packages (packages/*) and still build and test: none of its files, tests and
 * fixtures included, imports another deployable's source, and no shared package imports a
 * deployable. The whole-system workspaces (deploy, e2e, bench) and scripts/ start the whole stack
 * and may reach into every part; they are not scanned. dockerfiles.test.ts holds the stricter rule
 * for what goes into an image (declared packages only, test support aside).
 */

const isDeployable = (dir: string): boolean => /^(shell|mf-[\w-]+|services\/[\w-]+)$/.test(dir);
const isSharedPackage = (dir: string): boolean => dir.startsWith('packages/');

/**
 * Deployables that ship together: the gateway's image builds and serves the shell
 * (dockerfiles.test.ts), so the gateway may read the shell's own declarations (its page table).
 */
const SHIPS_WITH: Record<string, string[]> = { 'services/gateway': ['shell'] };

/** A file of a deployable that imports from outside it, and the part of the repository it reaches. */
interface Crossing {
  /** Relative to the repository root. */
  file: string;
  /** The workspace folder (or top-level folder, e.g. scripts) the import lands in. */
  reaches: string;
}

/**
 * Crossings there are today, each with why it is still there: integration suites of the services
 * that start the real neighbouring services in-process. (The benchmarks that run several services
 * live in the bench workspace, which belongs to no deployable.) The list may only shrink: a new
 * crossing fails the first test, a crossing that is gone fails the second until its entry goes too.
 */
const KNOWN_CROSSINGS: Array<Crossing & { why: string }> = [
  ...['services/catalog', 'services/customers'].map((reaches) => ({
    file: 'services/orders/src/testing/harness.ts',
    reaches,
    why: "the orders suites place orders against the real catalog and customers services (prices, limits, points), not a stand-in's idea of them",
  })),
  {
    file: 'services/chat/src/testing/harness.ts',
    reaches: 'services/orders',
    why: "the assistant's suites run on the orders harness (orders, catalog and customers behind it)",
  },
  {
    file: 'services/gateway/src/access/accessTable.test.ts',
    reaches: 'services/chat',
    why: 'the access table is tried against every real service behind the real gateway (the chat harness starts all four)',
  },
];

/** Import specifiers of a source file: import/export … from, import '…', import(), require(), require.resolve(), jest.mock(). */
function importSpecifiers(text: string): string[] {
  const pattern =
    /(?:\bfrom\s*|^\s*import\s*|\bimport\s*\(\s*|\brequire(?:\.resolve)?\s*\(\s*|\bjest\.(?:mock|doMock|requireActual)\s*\(\s*)(['"`])([^'"`\n]+)\1/gm;
  return [...text.matchAll(pattern)].map((match) => match[2]!);
}

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist', 'coverage', 'artifacts'].includes(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(full);
    return /\.(tsx?|jsx?|cjs|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** The workspace folder holding a repository path, or its top-level folder, or '' for a file at the root. */
function areaOf(relativePath: string, dirs: string[]): string {
  const workspace = dirs.find((dir) => relativePath === dir || relativePath.startsWith(`${dir}/`));
  if (workspace) return workspace;
  const parts = relativePath.split('/');
  return parts.length > 1 ? parts[0]! : '';
}

/** Where a workspace's files import from outside it, other than the shared packages and the root's shared settings. */
function crossingsOf(workspace: Workspace, all: Map<string, Workspace>): Crossing[] {
  const dirs = [...all.values()].map((item) => item.dir).sort((a, b) => b.length - a.length);
  const found: Crossing[] = [];
  for (const file of sourceFiles(path.join(REPO_ROOT, workspace.dir))) {
    const relativeFile = path.relative(REPO_ROOT, file).split(path.sep).join('/');
    for (const specifier of importSpecifiers(fs.readFileSync(file, 'utf8'))) {
      let reaches: string;
      if (specifier.startsWith('.')) {
        const target = path
          .relative(REPO_ROOT, path.resolve(path.dirname(file), specifier))
          .split(path.sep)
          .join('/');
        reaches = areaOf(target, dirs);
        // The root's jest setup and TypeScript settings, and the ambient types, are every workspace's.
        if (reaches === '' || reaches === 'types') continue;
      } else if (specifier.startsWith('@shop/')) {
        const named = all.get(specifier.split('/').slice(0, 2).join('/'));
        if (!named) continue;
        reaches = named.dir;
      } else continue;
      if (reaches === workspace.dir || isSharedPackage(reaches) || SHIPS_WITH[workspace.dir]?.includes(reaches)) continue;
      found.push({ file: relativeFile, reaches });
    }
  }
  return found;
}

const key = (crossing: Crossing): string => `${crossing.file} -> ${crossing.reaches}`;

describe('each deployable imports no other deployable’s source', () => {
  const all = workspaces();
  const scanned = [...all.values()].filter((workspace) => isDeployable(workspace.dir) || isSharedPackage(workspace.dir));
  const crossings = [...new Set(scanned.flatMap((workspace) => crossingsOf(workspace, all)).map(key))].sort();
  const known = new Set(KNOWN_CROSSINGS.map(key));

  it('scans the shell, every remote, every service and every shared package', () => {
    const dirs = scanned.map((workspace) => workspace.dir);
    for (const dir of [
      'shell',
      'mf-catalog',
      'mf-account',
      'mf-checkout',
      'mf-chat',
      'mf-admin',
      'services/gateway',
      'services/catalog',
      'services/orders',
      'packages/store-kit',
    ])
      expect(dirs).toContain(dir);
    expect(dirs).not.toContain('e2e');
    expect(dirs).not.toContain('bench');
  });

  it('no file of a deployable or shared package imports another deployable (or the whole-stack scripts) beyond the known crossings', () => {
    expect(crossings.filter((crossing) => !known.has(crossing))).toEqual([]);
  });

  it('every known crossing is still there (remove the entry once it is gone)', () => {
    expect([...known].filter((crossing) => !crossings.includes(crossing))).toEqual([]);
  });
});

/** The subpaths a workspace's package.json `exports` map opens to others ('.', './testing', ...). */
function exportedSubpaths(dir: string): string[] | null {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8')) as { exports?: Record<string, string> };
  return manifest.exports ? Object.keys(manifest.exports) : null;
}

describe('package faces: each workspace is reached only through what its package.json exports', () => {
  const all = workspaces();

  it('every shared package declares an exports map, and every entry of it exists', () => {
    const packages = [...all.values()].filter((workspace) => isSharedPackage(workspace.dir));
    expect(packages.length).toBeGreaterThanOrEqual(6);
    for (const workspace of packages) {
      const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, workspace.dir, 'package.json'), 'utf8')) as {
        exports?: Record<string, string>;
      };
      expect({ package: workspace.name, exports: manifest.exports !== undefined }).toEqual({ package: workspace.name, exports: true });
      for (const target of Object.values(manifest.exports ?? {}))
        expect(fs.existsSync(path.join(REPO_ROOT, workspace.dir, target))).toBe(true);
    }
  });

  it("no file of any workspace imports another workspace's src/ path or a subpath it does not export", () => {
    const wrong: string[] = [];
    for (const workspace of all.values()) {
      for (const file of sourceFiles(path.join(REPO_ROOT, workspace.dir))) {
        for (const specifier of importSpecifiers(fs.readFileSync(file, 'utf8'))) {
          if (!specifier.startsWith('@shop/')) continue;
          const [scope, name, ...rest] = specifier.split('/');
          const target = all.get(`${scope}/${name}`);
          if (!target || target.dir === workspace.dir) continue;
          const subpath = rest.length ? `./${rest.join('/')}` : '.';
          const exported = exportedSubpaths(target.dir);
          if (rest[0] === 'src' || (exported !== null && !exported.includes(subpath)))
            wrong.push(`${path.relative(REPO_ROOT, file)} imports ${specifier}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('importSpecifiers', () => {
  it('finds static, side-effect, dynamic, require and jest.mock imports, and re-exports', () => {
    const text = [
      "import { brands } from '../../services/catalog/src/db/seed/data';",
      "import type { Product } from '@shop/api-types';",
      "import './styles.css';",
      "export { route } from '../../shell/src/routes';",
      "const page = await import('../../mf-chat/src/widget');",
      "const stack = require('../../scripts/stack');",
      "const cli = require.resolve('tsx/cli');",
      "jest.mock('../../services/orders/src/testing/harness');",
      'const label = "no import here";',
    ].join('\n');
    expect(importSpecifiers(text)).toEqual([
      '../../services/catalog/src/db/seed/data',
      '@shop/api-types',
      './styles.css',
      '../../shell/src/routes',
      '../../mf-chat/src/widget',
      '../../scripts/stack',
      'tsx/cli',
      '../../services/orders/src/testing/harness',
    ]);
  });
});
