/**
 * `npm run typecheck`: every workspace's TypeScript, strict, each file with its own workspace's
 * compiler options, in as few programs as there are distinct option sets (three today: the node
 * services and packages, the React remotes and the shell, the browser-driving e2e and bench).
 *
 * Why not one `tsc -p` per workspace: each of those nineteen programs checked the shared packages
 * (api-types, service-kit, store-kit…) and React's and Node's declarations again, about 500 s of CPU
 * in CI; grouped, each file is checked once (about 90 s). The groups are read from the workspaces'
 * own tsconfig.json files, so a new workspace is checked without editing this script; each
 * workspace's own `npm run typecheck` still checks it alone, for a team working on one area.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const outDir = path.join(root, '.typecheck');

interface WorkspaceConfig {
  extends?: string;
  compilerOptions?: Record<string, unknown>;
  include?: string[];
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

/** Every tsconfig.json of a workspace (and of scripts/), found from the root package's workspaces. */
function workspaceConfigs(): string[] {
  const { workspaces } = readJson<{ workspaces: string[] }>(path.join(root, 'package.json'));
  const folders = workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? fs
          .readdirSync(path.join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => path.join(pattern.slice(0, -2), entry.name))
      : [pattern],
  );
  return [...folders, 'scripts'].map((folder) => path.join(root, folder, 'tsconfig.json')).filter((file) => fs.existsSync(file));
}

interface Group {
  compilerOptions: Record<string, unknown>;
  include: string[];
  workspaces: string[];
}

function groups(): Group[] {
  const base = readJson<WorkspaceConfig>(path.join(root, 'tsconfig.base.json')).compilerOptions ?? {};
  const byOptions = new Map<string, Group>();
  for (const file of workspaceConfigs()) {
    const config = readJson<WorkspaceConfig>(file);
    const folder = path.dirname(file);
    if (config.extends && path.resolve(folder, config.extends) !== path.join(root, 'tsconfig.base.json'))
      throw new Error(`${path.relative(root, file)} extends something other than tsconfig.base.json: check it on its own`);
    const options = config.compilerOptions ?? {};
    // Grouped by the options in effect, so `lib: ["ES2022"]` said again is the base's group.
    const effective: Record<string, unknown> = { ...base, ...options };
    const key = JSON.stringify(
      Object.keys(effective)
        .sort()
        .map((name) => [name, effective[name]]),
    );
    const group = byOptions.get(key) ?? { compilerOptions: options, include: [], workspaces: [] };
    group.include.push(...(config.include ?? ['.']).map((include) => path.relative(outDir, path.resolve(folder, include))));
    group.workspaces.push(path.relative(root, folder));
    byOptions.set(key, group);
  }
  return [...byOptions.values()];
}

function check(configFile: string): Promise<number> {
  return new Promise((resolve) => {
    const tsc = spawn(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', configFile, '--noEmit'], { stdio: 'inherit' });
    tsc.on('exit', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const configs = groups().map((group, index) => {
    const file = path.join(outDir, `group-${index + 1}.json`);
    const config = { extends: '../tsconfig.base.json', compilerOptions: group.compilerOptions, include: [...new Set(group.include)] };
    fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
    console.log(`typecheck ${path.relative(root, file)}: ${group.workspaces.join(', ')}`);
    return file;
  });
  // Two at a time: the machines this runs on have two cores.
  const codes: number[] = [];
  for (let next = 0; next < configs.length; next += 2) codes.push(...(await Promise.all(configs.slice(next, next + 2).map(check))));
  if (codes.some((code) => code !== 0)) process.exitCode = 1;
}

void main();
