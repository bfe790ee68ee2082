/**
 * `npm run deploy:smoke`: docker-compose.yml built and run on this machine, end to end.
 *
 * Checks the prerequisites (and installs none), picks the base images (the registry's, or local
 * ones from Debian packages), builds every image of the compose file, starts the whole stack
 * (MySQL or MariaDB, Redis, two of each service, two gateways behind the load balancer) with
 * secrets made for this run, waits for every health check, runs the journeys through 127.0.0.1,
 * takes the documented mysqldump backup and restores it once, and tears everything down, also on
 * failure. One line per check, then `N passed, M failed`; the exit code is non-zero on any
 * failure. The full log (builds, compose, container logs on failure) is kept in a file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REMOTES } from '../../../scripts/stack';
import { REPO_ROOT } from '../layout';
import { buildLocalBaseImages, chooseBaseImages, registryDefaults } from './base-images';
import { journeyChecks, paymentStatus, placeOrder, type Check, type JourneyState } from './checks';
import { findCompose, missingPrerequisites, type Compose } from './prerequisites';
import { lastLines, mustRun, run, runStreaming } from './run';

const PROJECT = 'shwari-shop-smoke';
const HEALTHY_WITHIN_MS = 10 * 60_000;
const STAFF = { email: 'smoke.staff@shwarimills.co.ke', password: crypto.randomBytes(12).toString('base64url') };

const logFile = path.join(os.tmpdir(), `shwari-shop-deploy-smoke-${Date.now()}.log`);
const log = (text: string) => fs.appendFileSync(logFile, text);
const say = (line: string) => {
  console.log(line);
  log(`${line}\n`);
};

/** A free port on 127.0.0.1, for this run's published ports (so it never collides with `npm start`). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const secret = () => crypto.randomBytes(24).toString('base64url');

/**
 * The smoke's only change to the production layout: the orders service takes payments on the
 * built-in simulator (refused with NODE_ENV=production), so a checkout can be paid without DPO.
 */
const SMOKE_OVERRIDE = `services:
  orders:
    environment:
      NODE_ENV: staging
      PAYMENT_PROVIDER: simulator
      ORDERS_SEED_HISTORY: 'false'
`;

class Stack {
  constructor(
    private readonly compose: Compose,
    private readonly files: string[],
    readonly env: NodeJS.ProcessEnv,
  ) {}

  args(...rest: string[]): string[] {
    return [...this.compose.baseArgs, '-p', PROJECT, ...this.files.flatMap((file) => ['-f', file]), ...rest];
  }

  run(...rest: string[]): string {
    return mustRun(this.compose.command, this.args(...rest), log, { env: this.env, cwd: REPO_ROOT });
  }

  /** A command fed `input` on its standard input (a restore). */
  runWithInput(input: Buffer, ...rest: string[]): string {
    return mustRun(this.compose.command, this.args(...rest), log, { env: this.env, cwd: REPO_ROOT, input });
  }

  stream(...rest: string[]): Promise<void> {
    return runStreaming(this.compose.command, this.args(...rest), log, this.env);
  }

  /** Every container of the project: name, state and health. */
  containers(): Array<{ name: string; service: string; state: string; health: string; exitCode: number }> {
    const ids = run('docker', ['ps', '-aq', '--filter', `label=com.docker.compose.project=${PROJECT}`])
      .stdout.split('\n')
      .filter(Boolean);
    if (ids.length === 0) return [];
    const format =
      '{{.Name}}|{{index .Config.Labels "com.docker.compose.service"}}|{{.State.Status}}|{{if .State.Health}}{{.State.Health.Status}}{{end}}|{{.State.ExitCode}}';
    return run('docker', ['inspect', '--format', format, ...ids])
      .stdout.split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name = '', service = '', state = '', health = '', exitCode = '0'] = line.split('|');
        return { name: name.replace(/^\//, ''), service, state, health, exitCode: Number(exitCode) };
      });
  }

  down(): void {
    const ran = run(this.compose.command, this.args('down', '-v', '--remove-orphans', '--timeout', '20'), {
      env: this.env,
      cwd: REPO_ROOT,
    });
    log(ran.stdout + ran.stderr);
  }
}

/** Waits until every long-running container is healthy and every migration job has exited 0. */
async function waitHealthy(stack: Stack): Promise<void> {
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  for (;;) {
    const containers = stack.containers();
    const failedJob = containers.find((c) => c.service.endsWith('-migrate') && c.state === 'exited' && c.exitCode !== 0);
    const waiting = containers.filter((c) => (c.service.endsWith('-migrate') ? c.state !== 'exited' : c.health !== 'healthy'));
    if (containers.length > 0 && waiting.length === 0) return;
    if (Date.now() > deadline || containers.some((c) => c.health === 'unhealthy')) {
      const stuck = waiting.length > 0 ? waiting : containers.filter((c) => c.health === 'unhealthy');
      throw new Error(
        `not healthy in time: ${stuck.map((c) => `${c.name} (${c.state} ${c.health})`).join(', ')}${failedJob ? `; ${failedJob.name} failed` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** The README's backup: mysqldump of the shop's database through the mysql container. */
function backup(stack: Stack, file: string): void {
  const dump = stack.run(
    'exec',
    '-T',
    'mysql',
    'sh',
    '-c',
    'exec mysqldump -uroot -p"$MYSQL_ROOT_PASSWORD" --single-transaction --routines --triggers --databases shop',
  );
  fs.writeFileSync(file, dump);
}

/** The README's restore: the dump fed to the mysql client in the same container. */
function restore(stack: Stack, file: string): void {
  stack.runWithInput(fs.readFileSync(file), 'exec', '-T', 'mysql', 'sh', '-c', 'exec mysql -uroot -p"$MYSQL_ROOT_PASSWORD"');
}

async function main(): Promise<number> {
  say(`Deploy smoke of docker-compose.yml (full log: ${logFile})`);
  const missing = missingPrerequisites();
  if (missing.length > 0) {
    say('Missing prerequisites (nothing is installed by the smoke):');
    for (const item of missing) say(`  - ${item}`);
    return 2;
  }
  const compose = findCompose()!;
  const composeText = fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
  const { chosen, local } = chooseBaseImages(registryDefaults(composeText));
  say(
    `Base images: ${Object.entries(chosen)
      .map(([variable, image]) => `${variable}=${image}`)
      .join(' ')}`,
  );
  if (local.length > 0) {
    say(`  ${local.join(', ')}: the registry cannot be reached; building them from Debian bookworm packages (deploy/base/)`);
    await buildLocalBaseImages(local, log);
  }

  const shopPort = await freePort();
  const remotePorts = Object.fromEntries(await Promise.all(REMOTES.map(async (remote) => [remote.folder, await freePort()] as const)));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...chosen,
    MYSQL_PASSWORD: secret(),
    MYSQL_ROOT_PASSWORD: secret(),
    INTERNAL_SECRET: secret(),
    DPO_COMPANY_TOKEN: crypto.randomUUID().toUpperCase(),
    DPO_SERVICE_TYPE: '3854',
    SHOP_BIND_ADDRESS: '127.0.0.1',
    GATEWAY_PUBLIC_PORT: String(shopPort),
    PUBLIC_URL: `http://127.0.0.1:${shopPort}`,
    SHOP_IMAGE_TAG: 'smoke',
    ...Object.fromEntries(
      REMOTES.flatMap((remote) => [
        [`${remote.folder.toUpperCase().replace(/-/g, '_')}_PUBLIC_PORT`, String(remotePorts[remote.folder])],
        [`PUBLIC_${remote.folder.toUpperCase().replace(/-/g, '_')}_URL`, `http://127.0.0.1:${remotePorts[remote.folder]}/mf-manifest.json`],
      ]),
    ),
  };
  const overrideFile = path.join(os.tmpdir(), `${PROJECT}-override-${process.pid}.yml`);
  fs.writeFileSync(overrideFile, SMOKE_OVERRIDE);
  const stack = new Stack(compose, [path.join(REPO_ROOT, 'docker-compose.yml'), overrideFile], env);

  const results: Array<{ name: string; ok: boolean }> = [];
  const record = async (name: string, check: () => Promise<string> | string) => {
    try {
      const detail = await check();
      results.push({ name, ok: true });
      say(`  ✓ ${name}${detail ? ` (${detail})` : ''}`);
    } catch (error) {
      results.push({ name, ok: false });
      say(`  ✗ ${name}: ${(error as Error).message}`);
    }
  };
  const stop = () => {
    say('Interrupted: tearing the stack down.');
    stack.down();
    process.exit(130);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  try {
    const buildStarted = Date.now();
    say(`Building every image with ${compose.version} (cached layers are reused)…`);
    await stack.stream('build');
    say(`  built in ${Math.round((Date.now() - buildStarted) / 1000)} s`);
    const images = run('docker', [
      'images',
      '--filter',
      `reference=shwari-shop/*:smoke`,
      '--format',
      '{{.Repository}} {{.Size}}',
    ]).stdout.trim();
    for (const line of images.split('\n').filter(Boolean).sort()) say(`  image ${line}`);

    const started = Date.now();
    say('Starting the stack…');
    stack.run('up', '-d');
    let healthy = false;
    await record('every container healthy, every migration job done', async () => {
      await waitHealthy(stack);
      healthy = true;
      const replicas = stack.containers().filter((c) => !c.service.endsWith('-migrate'));
      const counts = new Map<string, number>();
      for (const c of replicas) counts.set(c.service, (counts.get(c.service) ?? 0) + 1);
      const single = ['catalog', 'customers', 'orders', 'chat', 'gateway'].filter((service) => (counts.get(service) ?? 0) < 2);
      if (single.length > 0) throw new Error(`fewer than two replicas of ${single.join(', ')}`);
      return `${replicas.length} containers healthy in ${Math.round((Date.now() - started) / 1000)} s`;
    });
    if (healthy) {
      await record('a staff account created with the documented command', () => {
        stack.run(
          'exec',
          '-T',
          '-e',
          `ADMIN_PASSWORD=${STAFF.password}`,
          'customers',
          'node',
          '--import',
          'tsx',
          'src/accounts/create-admin-cli.ts',
          '--email',
          STAFF.email,
          '--first-name',
          'Smoke',
          '--last-name',
          'Test',
        );
        return STAFF.email;
      });
      const state: JourneyState = {};
      const endpoints = {
        shop: `http://127.0.0.1:${shopPort}`,
        remotes: Object.fromEntries(REMOTES.map((remote) => [remote.folder, `http://127.0.0.1:${remotePorts[remote.folder]}`])),
      };
      const checks: Check[] = journeyChecks(endpoints, STAFF, state);
      for (const check of checks) await record(check.name, check.run);

      const backupFile = path.join(os.tmpdir(), `${PROJECT}-backup-${process.pid}.sql`);
      await record('backup: mysqldump of the shop database', () => {
        backup(stack, backupFile);
        const text = fs.readFileSync(backupFile, 'utf8');
        if (state.order && !text.includes(state.order.order_number)) throw new Error(`the dump does not hold ${state.order.order_number}`);
        return `${Math.round(text.length / 1024)} KiB`;
      });
      await record('restore: the dump brought back over later changes', async () => {
        if (!state.product || !state.order) throw new Error('no order to restore');
        const later = await placeOrder(endpoints.shop, state.product);
        restore(stack, backupFile);
        const gone = await paymentStatus(endpoints.shop, later);
        if (gone.status !== 404) throw new Error(`an order placed after the backup is still there after the restore (${gone.status})`);
        const kept = await paymentStatus(endpoints.shop, state.order);
        if (!kept.text.includes('"status":"paid"')) throw new Error(`the paid order did not come back paid: ${kept.text}`);
        return `${later.order_number} gone, ${state.order.order_number} still paid`;
      });
      fs.rmSync(backupFile, { force: true });
    }
  } catch (error) {
    results.push({ name: 'the run', ok: false });
    say(`  ✗ ${(error as Error).message}`);
  } finally {
    if (results.some((result) => !result.ok)) {
      const logs = run(compose.command, stack.args('logs', '--no-color', '--tail', '80'), { env, cwd: REPO_ROOT });
      log(logs.stdout + logs.stderr);
      say(`  (container logs are in ${logFile}; last lines: ${lastLines(logs.stdout, 3).replace(/\n/g, ' | ')})`);
    }
    say('Tearing the stack down…');
    stack.down();
    fs.rmSync(overrideFile, { force: true });
  }
  const passed = results.filter((result) => result.ok).length;
  const failed = results.length - passed;
  say(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    say(`✗ ${(error as Error).stack ?? String(error)}`);
    say('0 passed, 1 failed');
    process.exit(1);
  },
);
