import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REMOTES, SERVICES } from '../../scripts/stack';
import { loadGatewayConfig } from '../../services/gateway/src/config';
import { loadOrdersConfig } from '../../services/orders/src/config';
import { REPO_ROOT, containerEnv, interpolate, loadCompose, requiredVariables, type ComposeService } from './layout';

/**
 * deploy/swarm/stack.yml (what `docker stack deploy` and `npm run deploy:swarm-smoke` run) against
 * what the shop is made of: scripts/stack.ts's SERVICES and REMOTES, and docker-compose.yml's
 * settings, so a service, remote or variable added there without its Swarm entry fails here.
 */
interface SwarmService extends Omit<ComposeService, 'ports' | 'healthcheck'> {
  stop_grace_period?: string;
  configs?: Array<{ source: string; target: string }>;
  healthcheck?: ComposeService['healthcheck'] & { interval?: string; retries?: number; start_period?: string };
  ports?: SwarmPort[];
  deploy?: {
    mode?: string;
    replicas?: number | string;
    endpoint_mode?: string;
    update_config?: { order?: string; failure_action?: string; monitor?: string; parallelism?: number; max_failure_ratio?: number };
    rollback_config?: { order?: string };
    restart_policy?: { condition?: string };
    placement?: { constraints?: string[] };
  };
}
interface SwarmPort {
  target: number;
  published: string;
  protocol: string;
  mode: string;
}

const STACK_FILE = path.join(REPO_ROOT, 'deploy/swarm/stack.yml');
const stackText = fs.readFileSync(STACK_FILE, 'utf8');
const stack = parse(stackText, { merge: true }) as {
  version: string;
  services: Record<string, SwarmService>;
  configs?: Record<string, { file: string }>;
  volumes?: Record<string, unknown>;
};
const compose = loadCompose();
const lbConf = fs.readFileSync(path.join(REPO_ROOT, 'deploy/swarm', stack.configs?.['lb-conf']?.file ?? 'missing'), 'utf8');
const OPERATOR_ENV: Record<string, string> = {
  MYSQL_PASSWORD: 'mysql-password-from-the-vault',
  MYSQL_ROOT_PASSWORD: 'mysql-root-password-from-the-vault',
  INTERNAL_SECRET: 'a-long-random-internal-secret-0123456789',
  DPO_COMPANY_TOKEN: '9F416C11-127B-4DE2-AC7F-D5710E4C5E0A',
  DPO_SERVICE_TYPE: '3854',
};
const envVariable = (folder: string) => folder.toUpperCase().replace(/-/g, '_');
/** A service's environment as its container would see it with the operator's variables. */
const swarmEnv = (service: SwarmService) => containerEnv({ environment: service.environment }, OPERATOR_ENV);
const healthTest = (service: SwarmService) => [service.healthcheck?.test ?? []].flat().join(' ');
/** What an area's release changes: its own tag variable, nothing else. */
const tagVariable = (name: string) => `${envVariable(name)}_TAG`;
const APPLICATION = [...SERVICES.map((spec) => spec.name), 'gateway', ...REMOTES.map((remote) => remote.folder)];

describe('deploy/swarm/stack.yml', () => {
  it('is a compose v3 file docker stack deploy reads: no build keys, no compose-only dependencies', () => {
    expect(stack.version).toMatch(/^3\.\d+$/);
    for (const [name, service] of Object.entries(stack.services)) {
      expect([name, service.build, service.depends_on, service.restart]).toEqual([name, undefined, undefined, undefined]);
      expect([name, service.deploy?.restart_policy?.condition]).toEqual([name, 'any']);
    }
  });

  it('has every service and remote of scripts/stack.ts, the gateway and the balancer, and the same ones as docker-compose.yml', () => {
    const composeLongRunning = Object.keys(compose.services).filter((name) => !name.endsWith('-migrate'));
    expect(Object.keys(stack.services).sort()).toEqual(composeLongRunning.sort());
    for (const name of APPLICATION) expect([name, stack.services[name] !== undefined]).toEqual([name, true]);
  });

  describe.each(APPLICATION)('%s', (name) => {
    const service = stack.services[name]!;

    it('runs two dnsrr replicas by default behind the balancer, publishing nothing itself', () => {
      expect(service.deploy?.mode).toBe('replicated');
      expect(interpolate(String(service.deploy?.replicas), {})).toBe('2');
      expect(service.deploy?.endpoint_mode).toBe('dnsrr');
      expect(service.ports).toBeUndefined();
    });

    it('rolls a release out one replica at a time, the new one healthy first, and rolls back on failure', () => {
      expect(service.deploy?.update_config).toMatchObject({
        parallelism: 1,
        order: 'start-first',
        failure_action: 'rollback',
        max_failure_ratio: 0,
        monitor: expect.stringMatching(/^\d+s$/),
      });
      expect(service.deploy?.rollback_config?.order).toBe('start-first');
      expect(healthTest(service)).toMatch(/http:\/\/127\.0\.0\.1:\d+\/(readyz|healthz)/);
      expect(service.healthcheck?.retries).toBeGreaterThan(0);
    });

    it("is tagged with its own variable (the area's version), pulled from the configured registry", () => {
      expect(interpolate(service.image!, {})).toBe(`shwari-shop/${name}:latest`);
      expect(interpolate(service.image!, { SHOP_IMAGE_PREFIX: 'registry.example.co.ke/shop', [tagVariable(name)]: '1.4.1' })).toBe(
        `registry.example.co.ke/shop/${name}:1.4.1`,
      );
    });

    it('keeps nothing on its own disk: no volume', () => {
      expect(service.volumes).toBeUndefined();
    });
  });

  describe.each(SERVICES)('the $name service', (spec) => {
    const service = stack.services[spec.name]!;

    it("has docker-compose.yml's environment (minus the upload folder the database replaced)", () => {
      const fromCompose = containerEnv(compose.services[spec.name]!, OPERATOR_ENV);
      delete fromCompose.MEDIA_UPLOAD_DIR;
      expect(swarmEnv(service)).toEqual(fromCompose);
    });

    it("is checked on its own port's /readyz, and given time to finish requests on SIGTERM", () => {
      expect(healthTest(service)).toContain(`http://127.0.0.1:${spec.defaultPort}/readyz`);
      expect(service.stop_grace_period).toMatch(/^\d+s$/);
    });

    it('migrates on start (under the MySQL named lock), as Swarm has no one-shot jobs to wait for', () => {
      const main = fs.readFileSync(path.join(REPO_ROOT, spec.dir, 'src/main.ts'), 'utf8');
      expect(main).toMatch(/await prepare\w+Database\(db/);
      const database = fs.readFileSync(path.join(REPO_ROOT, 'packages/service-kit/src/database.ts'), 'utf8');
      expect(database).toContain('GET_LOCK');
    });
  });

  describe.each(REMOTES)('the $folder remote', (remote) => {
    it("is served through the balancer on its own origin's port, as the gateway tells the shell", () => {
      const ports = stack.services.lb!.ports!;
      const port = ports.find((candidate) => candidate.target === remote.defaultPort);
      expect(port).toMatchObject({ mode: 'host', protocol: 'tcp' });
      expect(interpolate(port!.published, {})).toBe(String(remote.defaultPort));
      expect(interpolate(port!.published, { [`${envVariable(remote.folder)}_PUBLIC_PORT`]: '43001' })).toBe('43001');
      expect(lbConf).toContain(`listen ${remote.defaultPort};`);
      expect(lbConf).toMatch(new RegExp(`${remote.defaultPort} ${remote.folder}:8080;`));
      const env = swarmEnv(stack.services.gateway!);
      expect(env[`REMOTE_${remote.name.toUpperCase()}_URL`]).toBe(`http://localhost:${remote.defaultPort}/mf-manifest.json`);
    });
  });

  it('publishes only the balancer, in host mode (no ingress routing mesh), on every node', () => {
    const publishing = Object.entries(stack.services)
      .filter(([, service]) => (service.ports ?? []).length > 0)
      .map(([name]) => name);
    expect(publishing).toEqual(['lb']);
    const lb = stack.services.lb!;
    expect(lb.deploy?.mode).toBe('global');
    for (const port of lb.ports!) expect(port.mode).toBe('host');
    expect(lb.ports!.map((port) => port.target).sort()).toEqual([8080, ...REMOTES.map((remote) => remote.defaultPort)].sort());
    // Two balancer tasks cannot hold one host port: it is replaced stop-first.
    expect(lb.deploy?.update_config?.order).toBe('stop-first');
    expect(lb.configs).toEqual([{ source: 'lb-conf', target: '/etc/nginx/conf.d/default.conf' }]);
  });

  it('balances through Docker DNS, refreshed quickly, never sending a POST twice and retrying remote files elsewhere', () => {
    expect(lbConf).toMatch(/resolver 127\.0\.0\.11 valid=\d+s/);
    expect(lbConf).toMatch(/set \$gateways gateway:8080;\s+proxy_pass http:\/\/\$gateways;/);
    expect(lbConf).toMatch(/proxy_pass http:\/\/\$gateways;[\s\S]*?proxy_next_upstream error timeout;/);
    expect(lbConf).toContain('proxy_next_upstream error timeout http_404');
    expect(lbConf).toContain('location ^~ /server/');
    expect(lbConf).toContain('location = /lb-healthz');
    expect(healthTest(stack.services.lb!)).toContain('http://127.0.0.1:8080/lb-healthz');
  });

  it('keeps state only in MySQL (one task, its volume, pinned) and Redis', () => {
    const mysql = stack.services.mysql!;
    expect(mysql.volumes).toEqual(['mysql-data:/var/lib/mysql']);
    expect(Object.keys(stack.volumes ?? {})).toEqual(['mysql-data']);
    expect(mysql.deploy?.replicas).toBe(1);
    expect(mysql.deploy?.update_config?.order).toBe('stop-first');
    expect(mysql.deploy?.placement?.constraints).toEqual(['node.role == manager']);
    expect(healthTest(mysql)).toContain('mysqladmin ping');
    expect(stack.services.redis!.volumes).toBeUndefined();
  });

  it('asks the operator for the same secrets as docker-compose.yml and writes none', () => {
    expect(requiredVariables(stackText)).toEqual(requiredVariables(fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')));
    for (const [name, service] of Object.entries(stack.services))
      for (const [key, value] of Object.entries(service.environment ?? {}))
        if (/SECRET|PASSWORD|TOKEN|KEY|PASSKEY/.test(key))
          expect([name, key, String(value)]).toEqual([name, key, expect.stringMatching(/^\$\{[A-Z_]+(:\?|:-)[^}]*\}$/)]);
  });

  it("gives the gateway and orders the configuration their own loaders accept, as compose's", () => {
    const gatewayEnv = swarmEnv(stack.services.gateway!);
    expect(gatewayEnv).toEqual(containerEnv(compose.services.gateway!, OPERATOR_ENV));
    expect(loadGatewayConfig(gatewayEnv).trustedProxies).toEqual({ kind: 'hops', hops: 1 });
    expect(loadOrdersConfig(swarmEnv(stack.services.orders!))).toMatchObject({ production: true });
  });
});
