import fs from 'node:fs';
import path from 'node:path';
import { REMOTES, SERVICES } from '../../scripts/stack';
import { REPO_ROOT, baseImage, copies, loadCompose, parseDockerfile, workspaceAt, workspaceDependencyDirs, type Stage } from './layout';

/**
 * Every Dockerfile docker-compose.yml names: multi-stage, a small final image run by an
 * unprivileged user, and built from its own workspace and the workspace packages it uses, never
 * from another team's code.
 */
const compose = loadCompose();

interface ImageCase {
  service: string;
  dockerfile: string;
  /** The workspace the image is for. */
  dir: string;
  kind: 'service' | 'remote';
}

const cases: ImageCase[] = [
  ...[...SERVICES.map((spec) => ({ name: spec.name, dir: spec.dir })), { name: 'gateway', dir: 'services/gateway' }].map(
    ({ name, dir }) => ({
      service: name,
      dockerfile: compose.services[name]?.build?.dockerfile ?? `(no build for ${name})`,
      dir,
      kind: 'service' as const,
    }),
  ),
  ...REMOTES.map((remote) => ({
    service: remote.folder,
    dockerfile: compose.services[remote.folder]?.build?.dockerfile ?? `(no build for ${remote.folder})`,
    dir: remote.folder,
    kind: 'remote' as const,
  })),
];

/** Files from the build context any image may take besides workspaces: shared TypeScript settings and types, the nginx setup. */
const SHARED_FILES = new Set(['tsconfig.base.json', 'types', 'deploy/nginx-remote.conf']);

/** Sources copied from the build context (not from another stage) by every stage except the manifests one. */
function contextCopies(stages: Stage[]): string[] {
  return stages
    .filter((stage) => stage.name !== 'manifests')
    .flatMap((stage) => copies(stage).filter((copy) => copy.from === null))
    .flatMap((copy) => copy.sources)
    .filter((source) => !SHARED_FILES.has(source));
}

function sourceFiles(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const runs = (stages: Stage[]) =>
  stages.flatMap((stage) =>
    stage.instructions.filter((instruction) => instruction.keyword === 'RUN').map((instruction) => instruction.args),
  );

describe.each(cases)('$dockerfile ($service)', ({ service, dockerfile, dir, kind }) => {
  const file = path.join(REPO_ROOT, dockerfile);

  it('exists', () => {
    expect(fs.existsSync(file)).toBe(true);
  });

  const { args, stages } = fs.existsSync(file) ? parseDockerfile(fs.readFileSync(file, 'utf8')) : { args: [], stages: [] };
  const final = stages[stages.length - 1];
  const workspace = fs.existsSync(file) ? workspaceAt(dir) : null;

  it('is multi-stage, and its final image is small and runs as an unprivileged user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const image = baseImage(final!, args);
    expect(image).toMatch(kind === 'service' ? /^node:\d+-[a-z]+-slim$/ : /^nginxinc\/nginx-unprivileged:[\d.]+-alpine$/);
    const users = final!.instructions.filter((instruction) => instruction.keyword === 'USER').map((instruction) => instruction.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users[users.length - 1]).not.toMatch(/^(root|0)(:|$)/);
  });

  it('installs and copies only its own workspace and the workspace packages it uses', () => {
    const expected = new Set([dir, ...workspaceDependencyDirs(workspace!, { dev: kind === 'remote' })]);
    const installs = runs(stages).filter((command) => command.includes('npm ci'));
    if (service === 'gateway') {
      // The gateway serves the shell: its image also builds the shell (with its packages) and keeps only dist/.
      const shell = workspaceAt('shell');
      for (const extra of ['shell', ...workspaceDependencyDirs(shell, { dev: true })]) expected.add(extra);
      expect(installs).toContainEqual(expect.stringContaining(`--workspace ${shell.name} `));
      expect(
        copies(final!)
          .filter((copy) => copy.from === 'shell')
          .map((copy) => copy.sources),
      ).toEqual([['/app/shell/dist']]);
    }
    expect(installs).toContainEqual(expect.stringContaining(`--workspace ${workspace!.name} `));
    for (const install of installs) expect(install).toMatch(/--workspace @shop\/[\w-]+ /);
    expect([...new Set(contextCopies(stages))].sort()).toEqual([...expected].sort());
  });

  it('takes every base image as a build argument, with the registry image as its default', () => {
    // npm run deploy:smoke substitutes images built from Debian packages when the registry cannot be reached.
    for (const stage of stages) expect(stage.from).toMatch(/^\$\{(NODE_IMAGE|NGINX_IMAGE)\}$/);
    expect(args.map((arg) => arg.args)).toContain('NODE_IMAGE=node:20-bookworm-slim');
    expect(compose.services[service]?.build?.args?.NODE_IMAGE).toBe('${NODE_IMAGE:-node:20-bookworm-slim}');
  });

  it('reads the whole build context only to collect package manifests', () => {
    const manifests = stages.find((stage) => stage.name === 'manifests');
    expect(manifests).toBeDefined();
    // A later stage takes only what the manifests stage collected.
    for (const stage of stages) {
      for (const copy of copies(stage)) {
        if (copy.sources.includes('.')) expect(stage.name).toBe('manifests');
        if (copy.from === 'manifests') expect(copy.sources).toEqual(['/manifests/']);
      }
    }
    expect(runs([manifests!]).join(' ')).toMatch(/find \. -name package\.json/);
  });

  it('has everything its code imports: its own files and the workspace packages it declares', () => {
    const declared = new Set(workspaceDependencyDirs(workspace!, { dev: false }).map((depDir) => workspaceAt(depDir).name));
    const problems: string[] = [];
    for (const file of sourceFiles(path.join(REPO_ROOT, dir, 'src'))) {
      // Test support (suites, harnesses, fixtures) is not in the image and may reach further.
      if (/\.test\.tsx?$|[\\/]testing[\\/]|testFixtures\.tsx?$/.test(file)) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:from|import\()\s*'([^']+)'/g)) {
        const specifier = match[1]!;
        if (specifier.startsWith('.')) {
          const target = path.resolve(path.dirname(file), specifier);
          if (!target.startsWith(path.join(REPO_ROOT, dir) + path.sep))
            problems.push(`${path.relative(REPO_ROOT, file)} imports ${specifier}, outside ${dir}`);
        } else if (specifier.startsWith('@shop/')) {
          const name = specifier.split('/').slice(0, 2).join('/');
          if (!declared.has(name)) problems.push(`${path.relative(REPO_ROOT, file)} imports ${name}, not among ${dir}'s dependencies`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  if (kind === 'service') {
    it('installs production dependencies only and starts the service as one process', () => {
      const installs = runs(stages).filter((command) => command.includes(`--workspace ${workspace!.name} `));
      expect(installs).toEqual([expect.stringContaining('--omit=dev')]);
      const command = final!.instructions.find((instruction) => instruction.keyword === 'CMD')!.args;
      expect(JSON.parse(command)).toEqual(['node', '--import', 'tsx', 'src/main.ts']);
      const workdirs = final!.instructions
        .filter((instruction) => instruction.keyword === 'WORKDIR')
        .map((instruction) => instruction.args);
      expect(workdirs[workdirs.length - 1]).toBe(`/app/${dir}`);
      expect(final!.instructions).toContainEqual({ keyword: 'ENV', args: 'NODE_ENV=production' });
    });
  } else {
    it('builds its workspace and serves only the built files', () => {
      expect(runs(stages)).toContainEqual(`npm run build -w ${workspace!.name}`);
      // Only the browser build is served: no first-screen renderer, no source maps.
      expect(runs(stages)).toContainEqual(`rm -rf ${dir}/dist/server && find ${dir}/dist -name '*.map' -delete`);
      expect(copies(final!)).toEqual([
        { from: null, sources: ['deploy/nginx-remote.conf'], destination: '/etc/nginx/conf.d/default.conf' },
        { from: 'build', sources: [`/app/${dir}/dist`], destination: '/usr/share/nginx/html' },
      ]);
    });
  }
});

describe('the images every Dockerfile of docker-compose.yml starts from', () => {
  it("compiles native modules in a dependencies stage only, never in the service's final image", () => {
    for (const spec of [...SERVICES.map((service) => service.name), 'gateway']) {
      const { stages } = parseDockerfile(fs.readFileSync(path.join(REPO_ROOT, `deploy/services/${spec}.Dockerfile`), 'utf8'));
      const compilers = stages.filter((stage) => runs([stage]).some((command) => command.includes('g++')));
      expect([spec, compilers.map((stage) => stage.name)]).toEqual([spec, ['deps']]);
    }
  });

  it('ships the gateway without the shell renderer or source maps (its page table stays)', () => {
    const { stages } = parseDockerfile(fs.readFileSync(path.join(REPO_ROOT, 'deploy/services/gateway.Dockerfile'), 'utf8'));
    expect(runs(stages)).toContainEqual("rm -f shell/dist/server/index.js && find shell/dist -name '*.map' -delete");
  });

  it.each(['nginx', 'mariadb', 'redis', 'node'])('builds a local %s on the Debian bookworm root file system the smoke imports', (name) => {
    const { args, stages } = parseDockerfile(fs.readFileSync(path.join(REPO_ROOT, `deploy/base/${name}.Dockerfile`), 'utf8'));
    expect(args.map((arg) => arg.args)).toEqual(['BASE_IMAGE=shwari-shop/debian:bookworm']);
    expect(stages.map((stage) => stage.from)).toEqual(['${BASE_IMAGE}']);
    const users = stages[0]!.instructions.filter((instruction) => instruction.keyword === 'USER').map((instruction) => instruction.args);
    // The node base is run by each service's image as its node user; the others run as their own.
    if (name !== 'node') expect(users[users.length - 1]).toMatch(/^(101|mysql|redis)$/);
  });

  it('builds the load balancer on the nginx base, unprivileged', () => {
    const { args, stages } = parseDockerfile(fs.readFileSync(path.join(REPO_ROOT, 'deploy/lb/lb.Dockerfile'), 'utf8'));
    expect(baseImage(stages[0]!, args)).toBe('nginxinc/nginx-unprivileged:1.27-alpine');
    expect(copies(stages[0]!)).toEqual([
      { from: null, sources: ['deploy/lb/nginx-lb.conf'], destination: '/etc/nginx/conf.d/default.conf' },
    ]);
    expect(stages[0]!.instructions).toContainEqual({ keyword: 'USER', args: '101' });
  });
});

describe('the build context', () => {
  it('leaves out installed modules, builds, local data and test output', () => {
    const ignored = fs.readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.git', 'data', 'e2e/artifacts']) expect(ignored).toContain(entry);
  });

  it("serves a remote with CORS for the shell's origin, a health check and cache rules", () => {
    const nginx = fs.readFileSync(path.join(REPO_ROOT, 'deploy/nginx-remote.conf'), 'utf8');
    expect(nginx).toContain('listen 8080;');
    expect(nginx).toContain('location = /healthz');
    expect(nginx).toContain('Access-Control-Allow-Origin');
    expect(nginx).toContain('immutable');
    // Every location that answers with the remote's files carries the gateway's security headers,
    // open to the shell's origin (nginx inherits add_header only into a location with none of its own).
    const fileLocations = [...nginx.matchAll(/location (?!= \/healthz)[^\n]*\{\n([^}]*)\}/g)].map((match) => match[1]!);
    expect(fileLocations).toHaveLength(2);
    for (const block of fileLocations)
      for (const header of [
        'Cross-Origin-Resource-Policy cross-origin always',
        'X-Content-Type-Options nosniff always',
        'Cross-Origin-Opener-Policy same-origin always',
        'Origin-Agent-Cluster "?1" always',
        'Access-Control-Allow-Origin * always',
      ])
        expect(block).toContain(`add_header ${header};`);
    // The load balancer's own answers too (what it proxies has them from the gateway).
    const lb = fs.readFileSync(path.join(REPO_ROOT, 'deploy/lb/nginx-lb.conf'), 'utf8');
    for (const location of ['location = /lb-healthz', 'location ^~ /server/', 'location ~ \\.map$']) {
      const block = lb.slice(lb.indexOf(location), lb.indexOf('}', lb.indexOf(location)));
      for (const header of [
        'Cross-Origin-Resource-Policy same-origin always',
        'X-Content-Type-Options nosniff always',
        'Origin-Agent-Cluster "?1" always',
      ])
        expect({ location, header: block.includes(`add_header ${header};`) }).toEqual({ location, header: true });
    }
    // nginx reads an unquoted { in a regex as a block: such a location must be quoted (it was not, and nginx refused to start).
    for (const file of ['deploy/nginx-remote.conf', 'deploy/lb/nginx-lb.conf']) {
      const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
      for (const [, pattern] of text.matchAll(/location ~\*? (.+) \{$/gm))
        if (pattern!.includes('{')) expect([file, pattern]).toEqual([file, expect.stringMatching(/^".*"$/)]);
    }
  });
});
