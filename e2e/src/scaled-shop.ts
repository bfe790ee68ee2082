import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { REPO_ROOT, SERVICES, stopper, waitForHttp, type RunningProcess } from '../../scripts/stack';

/**
 * The shop grown past one process, as processes on 127.0.0.1: two gateways sharing Redis, and two
 * instances of every service on one MySQL database (each service its own tables, as in the other
 * journeys), every service and gateway given each service as the comma list of both instances.
 */
export interface ScaledShop {
  /** Gateway A and gateway B. */
  gateways: [RunningProcess, RunningProcess];
  /** Per service name, its first and second instance. */
  instances: Map<string, [RunningProcess, RunningProcess]>;
  /** Every line the processes wrote, each prefixed with [process name]. */
  logs: string[];
  close(): Promise<void>;
}

export interface ScaledShopOptions {
  /** Gateway A listens here, gateway B 10 above; the services' first instances from basePort + 20, their second ones 10 above those. */
  basePort: number;
  mysqlUrl: string;
  redisUrl: string;
  env?: Record<string, string>;
}

/**
 * One process per instance, `node --import tsx` rather than tsx's CLI: the CLI runs the program in
 * a child process of its own, so a SIGKILL sent to it would leave the instance serving.
 */
function launchInstance(name: string, cwd: string, env: NodeJS.ProcessEnv, log: (line: string) => void): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(`[${name}] ${line}`);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  return child;
}

export async function startScaledShop(options: ScaledShopOptions): Promise<ScaledShop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-scaled-'));
  const databaseName = `shop_e2e_scaled_${randomBytes(4).toString('hex')}`;
  const admin: Knex = knexFactory({
    client: 'mysql2',
    connection: { uri: options.mysqlUrl } as Knex.MySqlConnectionConfig & { uri: string },
  });
  await admin.raw(`CREATE DATABASE \`${databaseName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const databaseUrl = new URL(options.mysqlUrl);
  databaseUrl.pathname = `/${databaseName}`;

  const logs: string[] = [];
  const log = (line: string) => {
    logs.push(line);
    if (process.env.E2E_VERBOSE) console.log(line);
  };
  const started: RunningProcess[] = [];
  const gatewayPorts = [options.basePort, options.basePort + 10] as const;
  const instancePort = (serviceIndex: number, instance: 0 | 1) => options.basePort + 20 + instance * 10 + serviceIndex;
  const serviceUrls: Record<string, string> = {};
  SERVICES.forEach((service, index) => {
    serviceUrls[service.urlEnv] = [0, 1].map((instance) => `http://127.0.0.1:${instancePort(index, instance as 0 | 1)}`).join(',');
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SHOP_DATA_DIR: dataDir,
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl.toString(),
    PUBLIC_URL: `http://localhost:${gatewayPorts[0]}`,
    ...serviceUrls,
    ...options.env,
  };

  const startInstance = async (serviceIndex: number, instance: 0 | 1): Promise<RunningProcess> => {
    const service = SERVICES[serviceIndex]!;
    const port = instancePort(serviceIndex, instance);
    const name = `${service.name}-${instance + 1}`;
    const child = launchInstance(name, path.join(REPO_ROOT, service.dir), { ...env, [service.portEnv]: String(port) }, log);
    const running: RunningProcess = { name, port, url: `http://127.0.0.1:${port}`, child, stop: stopper(child) };
    started.push(running);
    await waitForHttp(`${running.url}/readyz`, child);
    return running;
  };

  const startGateway = async (index: 0 | 1): Promise<RunningProcess> => {
    const port = gatewayPorts[index];
    const name = `gateway-${'ab'[index]}`;
    const child = launchInstance(
      name,
      path.join(REPO_ROOT, 'services/gateway'),
      { ...env, GATEWAY_PORT: String(port), GATEWAY_HOST: '127.0.0.1', GATEWAY_METRICS_PORT: 'off', REDIS_URL: options.redisUrl },
      log,
    );
    const running: RunningProcess = { name, port, url: `http://127.0.0.1:${port}`, child, stop: stopper(child) };
    started.push(running);
    await waitForHttp(`${running.url}/healthz`, child);
    return running;
  };

  const close = async () => {
    await Promise.all(started.map((running) => running.stop()));
    await admin.raw(`DROP DATABASE IF EXISTS \`${databaseName}\``);
    await admin.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const instances = new Map<string, [RunningProcess, RunningProcess]>();
    // Both instances of a service start at once on its empty tables, as replicas do: they migrate
    // and seed once between them. The waves keep the stack's order (orders seeds its history
    // through the catalogue and the accounts).
    const waves = [...new Set(SERVICES.map((service) => service.wave))].sort((a, b) => a - b);
    for (const wave of waves) {
      await Promise.all(
        SERVICES.map(async (service, index) => {
          if (service.wave !== wave) return;
          const pair = await Promise.all([startInstance(index, 0), startInstance(index, 1)]);
          instances.set(service.name, pair);
        }),
      );
    }
    const gateways = (await Promise.all([startGateway(0), startGateway(1)])) as [RunningProcess, RunningProcess];
    return { gateways, instances, logs, close };
  } catch (error) {
    await close();
    throw new Error(`The scaled-out shop did not start: ${String(error)}\n${logs.slice(-40).join('\n')}`);
  }
}
