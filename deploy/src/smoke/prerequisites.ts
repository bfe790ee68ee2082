/**
 * What the smoke needs on the machine, checked before anything runs: it installs nothing itself,
 * it says what is missing and how to get it (Debian bookworm's packages), then stops.
 */
import { run } from './run';

export interface Compose {
  /** `docker` with `compose` (the v2 plugin), or Debian's `docker-compose` (1.29). */
  command: string;
  baseArgs: string[];
  version: string;
}

export function findCompose(): Compose | null {
  const plugin = run('docker', ['compose', 'version', '--short']);
  if (plugin.status === 0) return { command: 'docker', baseArgs: ['compose'], version: `docker compose ${plugin.stdout.trim()}` };
  const standalone = run('docker-compose', ['version', '--short']);
  if (standalone.status === 0) return { command: 'docker-compose', baseArgs: [], version: `docker-compose ${standalone.stdout.trim()}` };
  return null;
}

/** Problems that stop the smoke before it starts, each with the command that solves it. */
export function missingPrerequisites(): string[] {
  const missing: string[] = [];
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 20) missing.push(`Node 20 or later runs the smoke (found ${process.versions.node}).`);
  if (run('docker', ['--version']).status !== 0) {
    missing.push('docker: apt-get update && apt-get install -y docker.io');
  } else if (run('docker', ['info', '--format', '{{.ServerVersion}}']).status !== 0) {
    missing.push(
      'a running Docker engine: start it with `systemctl start docker`, or `dockerd > /var/log/dockerd.log 2>&1 &` where there is no systemd',
    );
  }
  if (!findCompose()) missing.push("docker compose: apt-get install -y docker-compose (Debian's 1.29), or the Compose v2 plugin");
  return missing;
}

/** Only needed when a registry image cannot be pulled: building a Debian root file system. */
export function missingForLocalImages(): string[] {
  const missing: string[] = [];
  if (run('debootstrap', ['--version']).status !== 0 && run('/usr/sbin/debootstrap', ['--version']).status !== 0)
    missing.push(
      'debootstrap (the registry cannot be reached, so the base images are built from Debian packages): apt-get install -y debootstrap',
    );
  if (process.getuid?.() !== 0) missing.push('root, to build the Debian root file system with debootstrap (run the smoke as root)');
  return missing;
}
