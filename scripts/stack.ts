/**
 * Starts the shop as processes: every service (each migrates and seeds its own database on
 * start), then the gateway, and optionally remotes on ports of their own. Used by `npm start`,
 * the browser journeys and the benchmarks, so all three run the shop the same way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..');
const TSX_CLI = require.resolve('tsx/cli');

export interface ServiceSpec {
  name: string;
  dir: string;
  /** Environment variable with the service's port, and the one the gateway reads its URL from. */
  portEnv: string;
  urlEnv: string;
  defaultPort: number;
  /** Services start in waves: a service gets the URLs of every service of earlier waves. */
  wave: number;
}

export const SERVICES: ServiceSpec[] = [
  { name: 'catalog', dir: 'services/catalog', portEnv: 'CATALOG_PORT', urlEnv: 'CATALOG_URL', defaultPort: 4101, wave: 0 },
  { name: 'customers', dir: 'services/customers', portEnv: 'CUSTOMERS_PORT', urlEnv: 'CUSTOMERS_URL', defaultPort: 4102, wave: 0 },
  // Orders price carts through the catalog and check tokens and points through customers.
  { name: 'orders', dir: 'services/orders', portEnv: 'ORDERS_PORT', urlEnv: 'ORDERS_URL', defaultPort: 4103, wave: 1 },
  // The shopping assistant searches the catalogue, offers counties and checks out through orders,
  // all at request time: it starts beside orders rather than after it.
  { name: 'chat', dir: 'services/chat', portEnv: 'CHAT_PORT', urlEnv: 'CHAT_URL', defaultPort: 4104, wave: 1 },
];

export interface RemoteSpec {
  name: string;
  folder: string;
  defaultPort: number;
}

export const REMOTES: RemoteSpec[] = [
  { name: 'mf_catalog', folder: 'mf-catalog', defaultPort: 3001 },
  { name: 'mf_account', folder: 'mf-account', defaultPort: 3003 },
  { name: 'mf_checkout', folder: 'mf-checkout', defaultPort: 3002 },
  { name: 'mf_chat', folder: 'mf-chat', defaultPort: 3004 },
  { name: 'mf_admin', folder: 'mf-admin', defaultPort: 3005 },
];

export interface StackOptions {
  gatewayPort: number;
  /** Offset added to each service's default port, so a test stack never collides with `npm start`. */
  portOffset?: number;
  env?: Record<string, string>;
  /** Remotes to serve on their own ports instead of through the gateway. */
  separateRemotes?: string[];
  log?: (line: string) => void;
}

export interface RunningProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface Stack {
  url: string;
  processes: Map<string, RunningProcess>;
  stop(): Promise<void>;
  stopProcess(name: string): Promise<void>;
  startRemote(name: string, port: number): Promise<RunningProcess>;
  /** Starts a service again (after stopProcess) on its port, with the same environment. */
  startService(name: string): Promise<RunningProcess>;
}

export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

function launch(name: string, cwd: string, args: string[], env: NodeJS.ProcessEnv, log: (line: string) => void): ChildProcess {
  const child = spawn(process.execPath, [TSX_CLI, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(`[${name}] ${line}`);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  return child;
}

export function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 8000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => undefined);
  const offset = options.portOffset ?? 0;
  const baseEnv: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  const processes = new Map<string, RunningProcess>();

  // Where shoppers reach the shop: payment providers send them back here.
  const serviceUrls: NodeJS.ProcessEnv = { PUBLIC_URL: baseEnv.PUBLIC_URL ?? `http://localhost:${options.gatewayPort}` };

  const startService = async (name: string): Promise<RunningProcess> => {
    const service = SERVICES.find((candidate) => candidate.name === name);
    if (!service) throw new Error(`Unknown service ${name}`);
    const port = service.defaultPort + offset;
    const child = launch(
      service.name,
      path.join(REPO_ROOT, service.dir),
      ['src/main.ts'],
      { ...baseEnv, ...serviceUrls, [service.portEnv]: String(port) },
      log,
    );
    const url = `http://127.0.0.1:${port}`;
    const running = { name: service.name, port, url, child, stop: stopper(child) };
    processes.set(service.name, running);
    await waitForHttp(`${url}/readyz`, child);
    return running;
  };

  const startRemote = async (name: string, port: number): Promise<RunningProcess> => {
    const remote = REMOTES.find((candidate) => candidate.name === name);
    if (!remote) throw new Error(`Unknown remote ${name}`);
    const child = launch(
      name,
      path.join(REPO_ROOT, remote.folder),
      [path.join(REPO_ROOT, 'services/gateway/src/static/serveRemoteCli.ts'), 'dist', String(port)],
      baseEnv,
      log,
    );
    const url = `http://127.0.0.1:${port}`;
    await waitForHttp(`${url}/mf-manifest.json`, child);
    const running = { name, port, url, child, stop: stopper(child) };
    processes.set(name, running);
    return running;
  };

  try {
    const gatewayEnv: NodeJS.ProcessEnv = {
      ...baseEnv,
      GATEWAY_PORT: String(options.gatewayPort),
      GATEWAY_HOST: baseEnv.GATEWAY_HOST ?? '127.0.0.1',
    };
    // Every port is known up front, so every service learns every other's URL, also of later waves:
    // the catalog checks staff tokens with customers and asks orders for a product's order lines,
    // customers asks orders for a customer's orders (all at request time). Waves only order start-up.
    for (const service of SERVICES) {
      serviceUrls[service.urlEnv] = `http://127.0.0.1:${service.defaultPort + offset}`;
      gatewayEnv[service.urlEnv] = serviceUrls[service.urlEnv];
    }
    for (const name of options.separateRemotes ?? []) {
      const remote = REMOTES.find((candidate) => candidate.name === name)!;
      const running = await startRemote(name, remote.defaultPort + offset);
      gatewayEnv[`REMOTE_${name.toUpperCase()}_URL`] = `${running.url}/mf-manifest.json`;
    }
    // The gateway asks the services nothing until a request comes, so it starts beside the first
    // wave rather than after the last: one start-up fewer one after another in every shop started.
    const gateway = launch('gateway', path.join(REPO_ROOT, 'services/gateway'), ['src/main.ts'], gatewayEnv, log);
    const url = `http://127.0.0.1:${options.gatewayPort}`;
    processes.set('gateway', { name: 'gateway', port: options.gatewayPort, url, child: gateway, stop: stopper(gateway) });
    const gatewayReady = waitForHttp(`${url}/healthz`, gateway);
    // A service failing first leaves this unawaited: its rejection must not go unhandled.
    gatewayReady.catch(() => undefined);
    const waves = [...new Set(SERVICES.map((service) => service.wave))].sort((a, b) => a - b);
    for (const wave of waves)
      await Promise.all(SERVICES.filter((service) => service.wave === wave).map((service) => startService(service.name)));
    await gatewayReady;
  } catch (error) {
    await Promise.all([...processes.values()].map((running) => running.stop()));
    throw error;
  }

  return {
    url: `http://127.0.0.1:${options.gatewayPort}`,
    processes,
    startRemote,
    startService,
    stopProcess: async (name) => {
      await processes.get(name)?.stop();
      processes.delete(name);
    },
    stop: async () => {
      await Promise.all([...processes.values()].map((running) => running.stop()));
      processes.clear();
    },
  };
}
