/**
 * `npm run deploy:swarm-smoke`: deploy/swarm/stack.yml on this machine's Docker Swarm, and areas
 * released while shoppers keep shopping.
 *
 * Checks the prerequisites (and installs none), builds the images as `npm run deploy:smoke` does
 * (the registry's base images or local ones from Debian packages), tags each with its area's
 * version (the workspace's package.json), deploys the stack, and while shopper traffic runs
 * through the balancer on 127.0.0.1 (pages, the catalogue API, the mf-catalog remote, orders placed
 * and paid on the simulator) releases a new mf-catalog, then a new orders service, then an orders
 * release whose health check never passes, which Swarm must roll back by itself. Prints requests
 * sent and failed, orders lost or doubled, and which services' containers were replaced; tears the
 * stack down, also on failure. Exit code 0 only when every check passed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REMOTES } from '../../../scripts/stack';
import { REPO_ROOT } from '../layout';
import { buildLocalBaseImages, chooseBaseImages, registryDefaults } from './base-images';
import { placeOrder, quantityForMinimum } from './checks';
import { findCompose, missingPrerequisites } from './prerequisites';
import { mustRun, run, runStreaming } from './run';
import { lostOrders, ShopperTraffic, type TrafficProduct } from './swarm-traffic';

const STACK = 'shwari-shop-swarm-smoke';
const STACK_FILE = path.join(REPO_ROOT, 'deploy/swarm/stack.yml');
const BUILD_TAG = 'swarm-smoke-build';
const READY_WITHIN_MS = 10 * 60_000;
const UPDATE_WITHIN_MS = 12 * 60_000;

/** Each area of the stack and the workspace whose version its image tag carries. */
const AREAS: Record<string, string> = {
  catalog: 'services/catalog',
  customers: 'services/customers',
  orders: 'services/orders',
  chat: 'services/chat',
  gateway: 'services/gateway',
  lb: 'deploy',
  ...Object.fromEntries(REMOTES.map((remote) => [remote.folder, remote.folder])),
};
const tagVariable = (area: string) => `${area.toUpperCase().replace(/-/g, '_')}_TAG`;
const versionOf = (area: string) =>
  (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, AREAS[area]!, 'package.json'), 'utf8')) as { version: string }).version;

/** The stack never became ready: nothing to release, straight to the teardown. */
class NotReady extends Error {}

const logFile = path.join(os.tmpdir(), `shwari-shop-swarm-smoke-${Date.now()}.log`);
const log = (text: string) => fs.appendFileSync(logFile, text);
const say = (line: string) => {
  console.log(line);
  log(`${line}\n`);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const secret = () => crypto.randomBytes(24).toString('base64url');

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

/** The smoke's only change to the stack: payments on the built-in simulator (refused with NODE_ENV=production). */
const SMOKE_OVERRIDE = `version: '3.8'
services:
  orders:
    environment:
      NODE_ENV: staging
      PAYMENT_PROVIDER: simulator
      ORDERS_SEED_HISTORY: 'false'
`;

/** What Swarm must have for the smoke, beyond the deploy smoke's own prerequisites. */
function missingSwarm(): string[] {
  const state = run('docker', ['info', '--format', '{{.Swarm.LocalNodeState}} {{.Swarm.ControlAvailable}}']).stdout.trim();
  if (state === 'active true') return [];
  if (state.startsWith('active')) return ['this node is a Swarm worker: run the smoke on a manager'];
  return ['an active Swarm on this node: docker swarm init --advertise-addr 127.0.0.1'];
}

interface ServiceState {
  name: string;
  image: string;
  running: number;
  desired: number;
  update: string;
  /** When the service's last update started: a new one is told apart from the last one's end. */
  updateStarted: string;
}

class SwarmStack {
  constructor(readonly env: NodeJS.ProcessEnv) {}

  deploy(tags: Record<string, string>, overrideFile: string): void {
    mustRun('docker', ['stack', 'deploy', '--resolve-image', 'never', '--prune', '-c', STACK_FILE, '-c', overrideFile, STACK], log, {
      env: { ...this.env, ...Object.fromEntries(Object.entries(tags).map(([area, tag]) => [tagVariable(area), tag])) },
    });
  }

  services(): ServiceState[] {
    const names = run('docker', ['stack', 'services', STACK, '--format', '{{.Name}}']).stdout.split('\n').filter(Boolean);
    if (names.length === 0) return [];
    const format =
      '{{.Spec.Name}}|{{.Spec.TaskTemplate.ContainerSpec.Image}}|{{if .Spec.Mode.Replicated}}{{.Spec.Mode.Replicated.Replicas}}{{else}}1{{end}}|{{if .UpdateStatus}}{{.UpdateStatus.State}}|{{.UpdateStatus.StartedAt}}{{end}}';
    const specs = run('docker', ['service', 'inspect', '--format', format, ...names])
      .stdout.split('\n')
      .filter(Boolean);
    const healthy = this.containers().filter((container) => container.health === 'healthy' || container.health === '');
    return specs.map((line) => {
      const [name = '', image = '', desired = '1', update = '', updateStarted = ''] = line.split('|');
      return {
        name: name.slice(`${STACK}_`.length),
        image,
        desired: Number(desired),
        update,
        updateStarted,
        running: healthy.filter((container) => container.service === name && container.image === image).length,
      };
    });
  }

  /** The running containers of the stack: id, service, image and health. */
  containers(): Array<{ id: string; service: string; image: string; health: string }> {
    const ids = run('docker', ['ps', '-q', '--filter', `label=com.docker.stack.namespace=${STACK}`])
      .stdout.split('\n')
      .filter(Boolean);
    if (ids.length === 0) return [];
    const format =
      '{{.Id}}|{{index .Config.Labels "com.docker.swarm.service.name"}}|{{.Config.Image}}|{{if .State.Health}}{{.State.Health.Status}}{{end}}';
    return run('docker', ['inspect', '--format', format, ...ids])
      .stdout.split('\n')
      .filter(Boolean)
      .map((line) => {
        const [id = '', service = '', image = '', health = ''] = line.split('|');
        return { id, service, image: image.replace(/@sha256:.*$/, ''), health };
      });
  }

  /** MySQL's answer to a query on the shop's database, through its container. */
  sql(query: string): string {
    const [mysql] = this.containers().filter((container) => container.service === `${STACK}_mysql`);
    if (!mysql) throw new Error('no MySQL container');
    return mustRun(
      'docker',
      ['exec', mysql.id, 'sh', '-c', `exec mysql -N -uroot -p"$MYSQL_ROOT_PASSWORD" shop -e "${query}"`],
      log,
    ).trim();
  }

  down(): void {
    log(run('docker', ['stack', 'rm', STACK]).stdout);
    // The volume can go only once its containers have.
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && run('docker', ['ps', '-aq', '--filter', `label=com.docker.stack.namespace=${STACK}`]).stdout.trim())
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000);
    log(run('docker', ['volume', 'rm', `${STACK}_mysql-data`]).stderr);
  }
}

/** Waits until every service runs all its replicas, healthy, on the image it should. */
async function waitConverged(stack: SwarmStack, what: string): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    const services = stack.services();
    const waiting = services.filter((service) => service.name !== 'lb' && service.running < service.desired);
    const lb = services.find((service) => service.name === 'lb');
    if (services.length > 0 && waiting.length === 0 && lb && lb.running >= 1) return;
    if (Date.now() > deadline)
      throw new Error(`${what}: not converged in time: ${waiting.map((s) => `${s.name} ${s.running}/${s.desired}`).join(', ')}`);
    await sleep(3000);
  }
}

/** Waits for a service's rolling update to end, and returns how it ended (completed, rollback_completed...). */
async function waitUpdate(stack: SwarmStack, area: string, previousStart: string, done: string[]): Promise<string> {
  const deadline = Date.now() + UPDATE_WITHIN_MS;
  let state = '';
  while (Date.now() < deadline) {
    const service = stack.services().find((candidate) => candidate.name === area);
    state = service?.update ?? '';
    // The state of this update, not the end of the area's previous one.
    if (service && service.updateStarted !== previousStart && done.includes(state)) return state;
    await sleep(3000);
  }
  throw new Error(`${area}: the update did not end in time (last state "${state}")`);
}

/** A new image of an area: the released one plus a label (as a real release changes its files). */
function releaseImage(area: string, from: string, tag: string, extra = ''): string {
  const image = `shwari-shop/${area}:${tag}`;
  const dockerfile = `FROM ${from}\nLABEL org.opencontainers.image.version="${tag}"\n${extra}`;
  mustRun('docker', ['build', '-q', '-t', image, '-'], log, { input: dockerfile });
  return image;
}

async function firstOrderableProduct(shop: string): Promise<TrafficProduct> {
  const list = await (await fetch(`${shop}/api/site/products`)).text();
  for (const [, slug] of list.matchAll(/"slug":"([^"]+)"/g)) {
    const body = (await (await fetch(`${shop}/api/site/products/view/${slug}`)).json()) as {
      data?: TrafficProduct;
    } & Partial<TrafficProduct>;
    const product = (body.data ?? body) as TrafficProduct;
    if (product.limit && quantityForMinimum(product) !== null) return product;
  }
  throw new Error('no product an order can be placed with');
}

async function main(): Promise<number> {
  say(`Swarm smoke of deploy/swarm/stack.yml (full log: ${logFile})`);
  const missing = [...missingPrerequisites(), ...(run('docker', ['info']).status === 0 ? missingSwarm() : [])];
  if (missing.length > 0) {
    say('Missing prerequisites (nothing is installed by the smoke):');
    for (const item of missing) say(`  - ${item}`);
    return 2;
  }
  const compose = findCompose()!;
  const composeText = fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
  const { chosen, local } = chooseBaseImages(registryDefaults(composeText));
  if (local.length > 0) {
    say(`  ${local.join(', ')}: the registry cannot be reached; building them from Debian bookworm packages (deploy/base/)`);
    await buildLocalBaseImages(local, log);
  }

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

  const shopPort = await freePort();
  const remotePorts = Object.fromEntries(await Promise.all(REMOTES.map(async (remote) => [remote.folder, await freePort()] as const)));
  const upper = (folder: string) => folder.toUpperCase().replace(/-/g, '_');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...chosen,
    MYSQL_PASSWORD: secret(),
    MYSQL_ROOT_PASSWORD: secret(),
    INTERNAL_SECRET: secret(),
    DPO_COMPANY_TOKEN: crypto.randomUUID().toUpperCase(),
    DPO_SERVICE_TYPE: '3854',
    GATEWAY_PUBLIC_PORT: String(shopPort),
    PUBLIC_URL: `http://127.0.0.1:${shopPort}`,
    ...Object.fromEntries(
      REMOTES.flatMap((remote) => [
        [`${upper(remote.folder)}_PUBLIC_PORT`, String(remotePorts[remote.folder])],
        [`PUBLIC_${upper(remote.folder)}_URL`, `http://127.0.0.1:${remotePorts[remote.folder]}/mf-manifest.json`],
      ]),
    ),
  };
  const overrideFile = path.join(os.tmpdir(), `${STACK}-override-${process.pid}.yml`);
  fs.writeFileSync(overrideFile, SMOKE_OVERRIDE);
  const stack = new SwarmStack(env);
  const stop = () => {
    say('Interrupted: tearing the stack down.');
    stack.down();
    process.exit(130);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  try {
    say(`Building every image with ${compose.version} (cached layers are reused)…`);
    const buildStarted = Date.now();
    await runStreaming(compose.command, [...compose.baseArgs, '-p', `${STACK}-build`, '-f', 'docker-compose.yml', 'build'], log, {
      ...env,
      SHOP_IMAGE_TAG: BUILD_TAG,
    });
    // Each area's image tagged with its version, as a release pipeline would push it.
    const tags: Record<string, string> = {};
    for (const area of Object.keys(AREAS)) {
      tags[area] = versionOf(area);
      mustRun('docker', ['tag', `shwari-shop/${area}:${BUILD_TAG}`, `shwari-shop/${area}:${tags[area]}`], log);
    }
    say(
      `  built in ${Math.round((Date.now() - buildStarted) / 1000)} s; ${Object.entries(tags)
        .map(([area, tag]) => `${area}:${tag}`)
        .join(' ')}`,
    );

    const started = Date.now();
    say(`Deploying the stack ${STACK}…`);
    stack.deploy(tags, overrideFile);
    let ready = false;
    await record('every service converged: all replicas healthy', async () => {
      await waitConverged(stack, 'the first deploy');
      const shop = `http://127.0.0.1:${shopPort}`;
      // Through the balancer: the shop answers once a gateway found a catalog replica.
      const deadline = Date.now() + 120_000;
      while (
        (await fetch(`${shop}/api/site/products`).then(
          (r) => r.status,
          () => 0,
        )) !== 200
      ) {
        if (Date.now() > deadline) throw new Error('the shop does not answer its catalogue through 127.0.0.1');
        await sleep(2000);
      }
      ready = true;
      const services = stack.services();
      return `${services.reduce((sum, service) => sum + service.running, 0)} containers of ${services.length} services in ${Math.round((Date.now() - started) / 1000)} s`;
    });
    if (!ready) throw new NotReady();

    const endpoints = {
      shop: `http://127.0.0.1:${shopPort}`,
      remotes: Object.fromEntries(REMOTES.map((remote) => [remote.folder, `http://127.0.0.1:${remotePorts[remote.folder]}`])),
    };
    const product = await firstOrderableProduct(endpoints.shop);
    // Healthy is not yet warm (first database connections, price caches): the shop must take one
    // order before the measured traffic starts.
    await record('the shop takes an order', async () => {
      const deadline = Date.now() + 120_000;
      for (;;) {
        try {
          return (await placeOrder(endpoints.shop, product)).order_number;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await sleep(3000);
        }
      }
    });
    const ordersBefore = Number(stack.sql('SELECT COUNT(*) FROM orders'));
    const containersBefore = stack.containers();
    // Three people browsing, one order placed and paid every 5 s (12 a minute, within the gateway's
    // per-address limits: every shopper here comes from one address).
    const traffic = new ShopperTraffic(endpoints, product, { browsers: 3, browsePauseMs: 300, orderEveryMs: 5000 });
    say(`Shopper traffic started through 127.0.0.1:${shopPort} (${product.name})`);
    traffic.start();
    await sleep(20_000);

    const release = async (area: string, tag: string, extra = '', expect: 'completed' | 'rollback_completed' = 'completed') => {
      const { image: previous, updateStarted } = stack.services().find((service) => service.name === area)!;
      const image = releaseImage(area, `shwari-shop/${area}:${tags[area]}`, tag, extra);
      const releaseStarted = Date.now();
      stack.deploy({ ...tags, [area]: tag }, overrideFile);
      const ended = await waitUpdate(stack, area, updateStarted, ['completed', 'rollback_completed', 'paused', 'rollback_paused']);
      const seconds = Math.round((Date.now() - releaseStarted) / 1000);
      const now = stack.services().find((service) => service.name === area)!;
      if (ended !== expect) throw new Error(`the update of ${area} to ${tag} ended "${ended}" after ${seconds} s, not "${expect}"`);
      if (expect === 'completed') {
        if (now.image !== image) throw new Error(`${area} runs ${now.image}, not ${image}`);
        tags[area] = tag;
        await waitConverged(stack, `${area} ${tag}`);
        return `${previous.split(':').pop()} → ${tag} in ${seconds} s`;
      }
      if (now.image !== previous) throw new Error(`${area} runs ${now.image} after the rollback, not ${previous}`);
      await waitConverged(stack, `${area} rolled back`);
      return `${tag} never became healthy; Swarm rolled back to ${previous.split(':').pop()} by itself in ${seconds} s`;
    };
    await record('mf-catalog released while shoppers shop', () => release('mf-catalog', `${tags['mf-catalog']}-swarm-smoke.1`));
    await record('the orders service released while shoppers shop', () => release('orders', `${tags.orders}-swarm-smoke.1`));
    await record('a broken orders release (its health check never passes) rolled back by itself', () =>
      release(
        'orders',
        `${tags.orders}-broken`,
        // Starts and stays up but never listens: /readyz never answers.
        'CMD ["node", "-e", "setInterval(() => {}, 60000)"]\n',
        'rollback_completed',
      ),
    );

    await sleep(10_000);
    const report = await traffic.stop();
    const containersAfter = stack.containers();
    const replaced = new Map<string, number>();
    for (const container of containersBefore)
      if (!containersAfter.some((after) => after.id === container.id)) {
        const service = container.service.slice(`${STACK}_`.length);
        replaced.set(service, (replaced.get(service) ?? 0) + 1);
      }
    const failedTasks = run('docker', [
      'stack',
      'ps',
      STACK,
      '--filter',
      'desired-state=shutdown',
      '--format',
      '{{.Name}} {{.Image}} {{.Error}}',
    ])
      .stdout.split('\n')
      .filter((line) => line.trim() && !/^\S+\s+\S+\s*$/.test(line));
    say(`Requests sent: ${report.sent}, failed: ${report.failed}`);
    for (const failure of report.failures) say(`    ${failure}`);
    const lost = await lostOrders(endpoints.shop, report.orders);
    const ordersAfter = Number(stack.sql('SELECT COUNT(*) FROM orders'));
    const doubled = ordersAfter - ordersBefore - report.orders.length;
    say(
      `Orders placed: ${report.orders.length} (${report.orders.filter((order) => order.paid).length} paid), lost: ${lost.length}, doubled: ${Math.max(0, doubled)}`,
    );
    const failedBy = new Map<string, number>();
    for (const task of failedTasks) {
      const service = task
        .split(/\s/)[0]!
        .replace(/^.*?_/, '')
        .replace(/\.\d+$/, '');
      failedBy.set(service, (failedBy.get(service) ?? 0) + 1);
    }
    const byService = (counts: Map<string, number>) =>
      [...counts.entries()].map(([service, count]) => `${service} ${count}`).join(', ') || 'none';
    say(`Containers replaced: ${byService(replaced)}; tasks that failed: ${byService(failedBy)}`);
    for (const task of failedTasks) log(`  failed task: ${task}\n`);
    await record('no shopper request failed', () => {
      if (report.failed > 0) throw new Error(`${report.failed} of ${report.sent} failed`);
      return `${report.sent} requests`;
    });
    await record('no order lost or doubled', () => {
      if (lost.length > 0) throw new Error(`lost: ${lost.slice(0, 5).join(', ')}`);
      if (doubled !== 0) throw new Error(`${doubled} orders in the database that no shopper was told of`);
      return `${report.orders.length} orders, each found with the state its shopper saw`;
    });
    await record('only the released areas were replaced', () => {
      const others = [...replaced.keys()].filter((service) => service !== 'mf-catalog' && service !== 'orders');
      if (others.length > 0) throw new Error(`also replaced: ${others.join(', ')}`);
      return [...replaced.entries()].map(([service, count]) => `${service}: ${count}`).join(', ');
    });
  } catch (error) {
    // Not ready is already a failed check of its own.
    if (!(error instanceof NotReady)) {
      results.push({ name: 'the run', ok: false });
      say(`  ✗ ${(error as Error).message}`);
    }
  } finally {
    if (results.some((result) => !result.ok)) {
      for (const service of stack.services()) {
        const logs = run('docker', ['service', 'logs', '--no-task-ids', '--tail', '400', '--timestamps', `${STACK}_${service.name}`]);
        log(`--- ${service.name}\n${logs.stdout}${logs.stderr}`);
      }
    }
    say('Tearing the stack down…');
    stack.down();
    fs.rmSync(overrideFile, { force: true });
  }
  return finish(results);
}

function finish(results: Array<{ ok: boolean }>): number {
  const passed = results.filter((result) => result.ok).length;
  say(`${passed} passed, ${results.length - passed} failed`);
  return results.length > 0 && passed === results.length ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    say(`✗ ${(error as Error).stack ?? String(error)}`);
    say('0 passed, 1 failed');
    process.exit(1);
  },
);
