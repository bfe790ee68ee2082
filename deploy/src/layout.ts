/**
 * Reading the production layout the way Docker and Compose would, without either: the compose
 * file with YAML merge keys and ${VAR} interpolation, Dockerfiles as instructions per stage, and
 * the workspaces each image must (and must only) contain.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export const REPO_ROOT = path.resolve(__dirname, '../..');

// ---------------------------------------------------------------------------------------------
// Workspaces

export interface Workspace {
  name: string;
  /** Relative to the repository root, e.g. services/catalog. */
  dir: string;
  dependencies: string[];
  devDependencies: string[];
}

interface PackageJson {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

/** Every workspace of the root package.json, by package name. */
export function workspaces(): Map<string, Workspace> {
  const root = readJson<PackageJson>(path.join(REPO_ROOT, 'package.json'));
  const dirs = (root.workspaces ?? []).flatMap((pattern) =>
    pattern.endsWith('/*')
      ? fs
          .readdirSync(path.join(REPO_ROOT, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern],
  );
  const found = new Map<string, Workspace>();
  for (const dir of dirs) {
    const file = path.join(REPO_ROOT, dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const manifest = readJson<PackageJson>(file);
    found.set(manifest.name, {
      name: manifest.name,
      dir,
      dependencies: Object.keys(manifest.dependencies ?? {}),
      devDependencies: Object.keys(manifest.devDependencies ?? {}),
    });
  }
  return found;
}

export function workspaceAt(dir: string): Workspace {
  const match = [...workspaces().values()].find((workspace) => workspace.dir === dir);
  if (!match) throw new Error(`No workspace at ${dir}`);
  return match;
}

/** The folders of the workspace packages `workspace` uses, directly or through each other. */
export function workspaceDependencyDirs(workspace: Workspace, options: { dev: boolean }): string[] {
  const all = workspaces();
  const seen = new Set<string>();
  const visit = (current: Workspace, includeDev: boolean) => {
    for (const name of [...current.dependencies, ...(includeDev ? current.devDependencies : [])]) {
      const dependency = all.get(name);
      if (!dependency || seen.has(dependency.dir)) continue;
      seen.add(dependency.dir);
      visit(dependency, false);
    }
  };
  visit(workspace, options.dev);
  return [...seen].sort();
}

// ---------------------------------------------------------------------------------------------
// Compose

export interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> };
  scale?: number | string;
  command?: string[];
  restart?: string;
  init?: boolean;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  environment?: Record<string, string | number | boolean | null>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}

export interface ComposeFile {
  name?: string;
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

export function loadCompose(file = path.join(REPO_ROOT, 'docker-compose.yml')): ComposeFile {
  // merge: the <<: keys the file uses to share settings, as Compose reads them.
  return parse(fs.readFileSync(file, 'utf8'), { merge: true }) as ComposeFile;
}

/**
 * Compose's interpolation: ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?message} (an error
 * when unset or empty, so `docker compose up` refuses to start) and $$ for a literal dollar.
 */
export function interpolate(value: string, env: Record<string, string | undefined>): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g,
    (whole, name: string | undefined, operator: string | undefined, argument: string | undefined) => {
      if (whole === '$$') return '$';
      const current = env[name!];
      const missing = operator?.startsWith(':') ? current === undefined || current === '' : current === undefined;
      if (operator?.endsWith('?') && missing) throw new Error(`${name}: ${argument || 'required'}`);
      if (operator?.endsWith('-') && missing) return argument ?? '';
      return current ?? '';
    },
  );
}

/** A service's environment as the container would see it. */
export function containerEnv(service: ComposeService, env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value ?? ''), env)]));
}

/** The variables a compose file refuses to start without (${NAME:?...}). */
export function requiredVariables(text: string): string[] {
  const withoutComments = text.replace(/^\s*#.*$/gm, '');
  return [...new Set([...withoutComments.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):\?/g)].map((match) => match[1]!))].sort();
}

// ---------------------------------------------------------------------------------------------
// Dockerfiles

export interface Instruction {
  keyword: string;
  /** The rest of the line, continuations joined. */
  args: string;
}

export interface Stage {
  from: string;
  name: string | null;
  instructions: Instruction[];
}

export function parseDockerfile(text: string): { args: Instruction[]; stages: Stage[] } {
  const lines: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    // Comments and blank lines, also inside a continued instruction, as Docker reads them.
    if (line.startsWith('#') || line === '') continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    lines.push(pending + line);
    pending = '';
  }
  const args: Instruction[] = [];
  const stages: Stage[] = [];
  for (const line of lines) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const instruction = { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'FROM') {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      stages.push({ from: match?.[1] ?? instruction.args, name: match?.[2] ?? null, instructions: [] });
    } else if (stages.length === 0) args.push(instruction);
    else stages[stages.length - 1]!.instructions.push(instruction);
  }
  return { args, stages };
}

export interface Copy {
  from: string | null;
  sources: string[];
  destination: string;
}

/** COPY instructions of a stage, with their --from and without other flags. */
export function copies(stage: Stage): Copy[] {
  return stage.instructions
    .filter((instruction) => instruction.keyword === 'COPY')
    .map((instruction) => {
      const words = instruction.args.split(/\s+/);
      const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length) ?? null;
      const paths = words.filter((word) => !word.startsWith('--'));
      return { from, sources: paths.slice(0, -1), destination: paths[paths.length - 1] ?? '' };
    });
}

/** The image a stage starts from, with ARG defaults filled in (FROM ${NODE_IMAGE}). */
export function baseImage(stage: Stage, args: Instruction[]): string {
  return stage.from.replace(/\$\{?(\w+)\}?/g, (_whole, name: string) => {
    const declared = args.find((arg) => arg.keyword === 'ARG' && arg.args.startsWith(`${name}=`));
    return declared ? declared.args.slice(name.length + 1) : '';
  });
}
