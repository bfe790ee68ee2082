import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './layout';

/**
 * The configuration table (docs/configuration.md) is the one place an operator looks: every environment variable
 * the code reads, and every one docker-compose.yml asks the operator for, has a row there.
 */
const SOURCE_DIRS = [
  'packages',
  'services',
  'scripts',
  'e2e/src',
  'bench',
  'shell/src',
  'mf-catalog/src',
  'mf-account/src',
  'mf-checkout/src',
  'mf-chat/src',
  'mf-admin/src',
];
const READS = [
  /\benv\.([A-Z][A-Z0-9_]+)\b/g,
  /\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
  /\b(?:positiveInteger|positiveSetting|envPort|envString|urlSetting)\((?:env, )?'([A-Z][A-Z0-9_]+)'/g,
];

function sourceFiles(dir: string): string[] {
  const full = path.join(REPO_ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    // Tests read made-up variables of their own; the operator's table is about what the shop reads.
    return /\.(ts|tsx|js|cjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

function variablesReadByCode(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
    const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
    for (const pattern of READS) for (const match of text.matchAll(pattern)) if (!found.has(match[1]!)) found.set(match[1]!, file);
  }
  return found;
}

/** The configuration table moved out of the root README (which names the first few) to docs/configuration.md. */
const configuration = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'configuration.md'), 'utf8');
const documented = new Set([...configuration.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!));

describe('the README configuration table', () => {
  it('has a row for every variable the code reads', () => {
    const read = variablesReadByCode();
    expect(read.size).toBeGreaterThan(40);
    const missing = [...read].filter(([name]) => !documented.has(name)).map(([name, file]) => `${name} (read in ${file})`);
    expect(missing).toEqual([]);
  });

  it('has a row for every variable docker-compose.yml takes from the operator', () => {
    const compose = fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8').replace(/^\s*#.*$/gm, '');
    const asked = new Set([...compose.matchAll(/\$\{([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]!));
    expect([...asked].filter((name) => !documented.has(name))).toEqual([]);
  });
});
