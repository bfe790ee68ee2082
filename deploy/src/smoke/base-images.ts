/**
 * The base images of docker-compose.yml: the registry's (node, nginx, mysql, redis) when they are
 * here or can be pulled, otherwise images built on this machine from Debian bookworm's packages
 * (deploy/base/): a root file system made by debootstrap and imported, then Node 20 (this
 * machine's own binary, as Debian's nodejs is 18), nginx, MariaDB and Redis on it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../layout';
import { missingForLocalImages } from './prerequisites';
import { mustRun, run, runStreaming } from './run';

export type BaseImageVariable = 'NODE_IMAGE' | 'NGINX_IMAGE' | 'MYSQL_IMAGE' | 'REDIS_IMAGE';

export const DEBIAN_IMAGE = 'shwari-shop/debian:bookworm';

/** The local stand-in of each registry image, and the Dockerfile in deploy/base/ that builds it. */
export const LOCAL_IMAGES: Record<BaseImageVariable, { image: string; dockerfile: string }> = {
  NODE_IMAGE: { image: 'shwari-shop/node:20-bookworm', dockerfile: 'node.Dockerfile' },
  NGINX_IMAGE: { image: 'shwari-shop/nginx:bookworm', dockerfile: 'nginx.Dockerfile' },
  MYSQL_IMAGE: { image: 'shwari-shop/mariadb:10.11-bookworm', dockerfile: 'mariadb.Dockerfile' },
  REDIS_IMAGE: { image: 'shwari-shop/redis:7-bookworm', dockerfile: 'redis.Dockerfile' },
};

/** The registry defaults, as docker-compose.yml writes them (${NODE_IMAGE:-node:20-bookworm-slim}). */
export function registryDefaults(composeText: string): Record<BaseImageVariable, string> {
  const defaults = {} as Record<BaseImageVariable, string>;
  for (const variable of Object.keys(LOCAL_IMAGES) as BaseImageVariable[]) {
    const match = new RegExp(`\\$\\{${variable}:-([^}]+)\\}`).exec(composeText);
    if (!match) throw new Error(`docker-compose.yml has no default for ${variable}`);
    defaults[variable] = match[1]!;
  }
  return defaults;
}

const present = (image: string) => run('docker', ['image', 'inspect', image]).status === 0;
const pullable = (image: string) => run('docker', ['pull', '-q', image], { timeout: 180_000 }).status === 0;

/** Which image each variable names for this run: the registry's if possible, else a local one to build. */
export function chooseBaseImages(defaults: Record<BaseImageVariable, string>): {
  chosen: Record<BaseImageVariable, string>;
  local: BaseImageVariable[];
} {
  const chosen = {} as Record<BaseImageVariable, string>;
  const local: BaseImageVariable[] = [];
  for (const variable of Object.keys(defaults) as BaseImageVariable[]) {
    const image = defaults[variable];
    if (present(image) || pullable(image)) chosen[variable] = image;
    else {
      chosen[variable] = LOCAL_IMAGES[variable].image;
      local.push(variable);
    }
  }
  return { chosen, local };
}

/** The Debian bookworm root file system as an image (once; later runs reuse it). */
async function debianImage(log: (text: string) => void): Promise<void> {
  if (present(DEBIAN_IMAGE)) return;
  const missing = missingForLocalImages();
  if (missing.length > 0) throw new Error(`cannot build the local base images; missing: ${missing.join('; ')}`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-debian-'));
  try {
    await runStreaming('debootstrap', ['--variant=minbase', 'bookworm', root, 'http://deb.debian.org/debian'], log);
    // Slim as the registry's Debian images are: no documentation, no recommends, apt's caches cleaned.
    for (const folder of ['usr/share/doc', 'usr/share/man', 'usr/share/info', 'var/lib/apt/lists', 'var/cache/apt'])
      for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true }))
        if (!entry.isDirectory() || folder !== 'var/cache/apt')
          fs.rmSync(path.join(root, folder, entry.name), { recursive: true, force: true });
    fs.writeFileSync(
      path.join(root, 'etc/dpkg/dpkg.cfg.d/01-slim'),
      ['/usr/share/doc/*', '/usr/share/man/*', '/usr/share/info/*'].map((glob) => `path-exclude ${glob}\n`).join(''),
    );
    fs.writeFileSync(path.join(root, 'etc/apt/apt.conf.d/01-slim'), 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n');
    fs.writeFileSync(
      path.join(root, 'etc/apt/apt.conf.d/02-docker-clean'),
      [
        'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };',
        'Dir::Cache::pkgcache "";',
        'Dir::Cache::srcpkgcache "";',
      ].join('\n') + '\n',
    );
    fs.writeFileSync(
      path.join(root, 'etc/apt/sources.list'),
      [
        'deb http://deb.debian.org/debian bookworm main',
        'deb http://deb.debian.org/debian bookworm-updates main',
        'deb http://deb.debian.org/debian-security bookworm-security main',
      ].join('\n') + '\n',
    );
    mustRun(
      'sh',
      [
        '-c',
        `tar --numeric-owner -C "${root}" -c . | docker import -c 'CMD ["/bin/bash"]' -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - ${DEBIAN_IMAGE}`,
      ],
      log,
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** Node 20 in the image: this machine's own Node binary, npm and headers, and the certificate authorities it trusts. */
function nodeContext(): string {
  const context = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-node-image-'));
  const prefix = path.resolve(path.dirname(fs.realpathSync(process.execPath)), '..');
  const sources: Array<[string, string]> = [
    [path.join(REPO_ROOT, 'deploy/base/node.Dockerfile'), 'Dockerfile'],
    [fs.realpathSync(process.execPath), 'node'],
    [path.join(prefix, 'lib/node_modules/npm'), 'npm'],
    [path.join(prefix, 'include/node'), 'include'],
    [process.env.SSL_CERT_FILE ?? '/etc/ssl/certs/ca-certificates.crt', 'ca-certificates.crt'],
  ];
  for (const [from, to] of sources) {
    if (!fs.existsSync(from)) throw new Error(`the local Node image needs ${from} (Node 20 installed with npm and its headers)`);
    // As `cp -r` copies: links inside npm stay links.
    fs.cpSync(from, path.join(context, to), { recursive: true, verbatimSymlinks: true });
  }
  return context;
}

/** Builds the local images the run needs (Docker's cache makes a second run quick). */
export async function buildLocalBaseImages(variables: BaseImageVariable[], log: (text: string) => void): Promise<void> {
  if (variables.length === 0) return;
  await debianImage(log);
  for (const variable of variables) {
    const { image, dockerfile } = LOCAL_IMAGES[variable];
    if (variable === 'NODE_IMAGE') {
      // Every image of the shop starts from it: rebuilt only for another Node version (delete the
      // image to rebuild it otherwise), so its 250 MB context is not sent again and no layer above moves.
      const version = run('docker', ['run', '--rm', image, 'node', '--version']).stdout.trim();
      if (version === process.version) {
        log(`${image} already runs Node ${version}: reused\n`);
        continue;
      }
      const context = nodeContext();
      try {
        await runStreaming('docker', ['build', '-t', image, '--build-arg', `BASE_IMAGE=${DEBIAN_IMAGE}`, context], log);
      } finally {
        fs.rmSync(context, { recursive: true, force: true });
      }
    } else {
      const dir = path.join(REPO_ROOT, 'deploy/base');
      await runStreaming(
        'docker',
        ['build', '-t', image, '--build-arg', `BASE_IMAGE=${DEBIAN_IMAGE}`, '-f', path.join(dir, dockerfile), dir],
        log,
      );
    }
  }
}
