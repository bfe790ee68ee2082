import fs from 'node:fs';
import path from 'node:path';
import { REMOTES, SERVICES } from '../../scripts/stack';
import { internalSecretFromEnv } from '../../packages/service-kit/src/auth/internal-secret';
import { loadCustomersConfig } from '../../services/customers/src/config';
import { loadGatewayConfig } from '../../services/gateway/src/config';
import { loadOrdersConfig } from '../../services/orders/src/config';
import { REPO_ROOT, containerEnv, interpolate, loadCompose, requiredVariables, type ComposeService } from './layout';

/**
 * docker-compose.yml against what the shop is made of: scripts/stack.ts's SERVICES and REMOTES
 * (what `npm start` and the journeys run), so a service or remote added there without its
 * production entries fails here.
 */
const compose = loadCompose();
const composeText = fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
const entries = Object.entries(compose.services);

/** What an operator provides (the file's ${NAME:?} entries), as in a real deployment. */
const OPERATOR_ENV: Record<string, string> = {
  MYSQL_PASSWORD: 'mysql-password-from-the-vault',
  MYSQL_ROOT_PASSWORD: 'mysql-root-password-from-the-vault',
  INTERNAL_SECRET: 'a-long-random-internal-secret-0123456789',
  DPO_COMPANY_TOKEN: '9F416C11-127B-4DE2-AC7F-D5710E4C5E0A',
  DPO_SERVICE_TYPE: '3854',
};

/** Published ports as compose reads them with the operator's defaults (no SHOP_BIND_ADDRESS etc.). */
const published = (service: ComposeService) => (service.ports ?? []).map((port) => interpolate(port, {}));
const NODE_BUILD_ARGS = { NODE_IMAGE: '${NODE_IMAGE:-node:20-bookworm-slim}' };
const NGINX_BUILD_ARGS = { ...NODE_BUILD_ARGS, NGINX_IMAGE: '${NGINX_IMAGE:-nginxinc/nginx-unprivileged:1.27-alpine}' };
const healthTest = (service: ComposeService) => [service.healthcheck?.test ?? []].flat().join(' ');
/** One-shot jobs (migrations): awaited by another service until they complete successfully. */
const oneShots = new Set(
  entries.flatMap(([, service]) =>
    Object.entries(service.depends_on ?? {})
      .filter(([, dependency]) => dependency.condition === 'service_completed_successfully')
      .map(([name]) => name),
  ),
);
const urlOf = (name: string) => {
  const spec = SERVICES.find((service) => service.name === name)!;
  return `http://${spec.name}:${spec.defaultPort}`;
};

describe('docker-compose.yml', () => {
  it('gives every service a build or an image, a restart policy and a health check (one-shot jobs: restarted on failure only)', () => {
    for (const [name, service] of entries) {
      expect([name, Boolean(service.build?.dockerfile || service.image)]).toEqual([name, true]);
      if (oneShots.has(name)) {
        expect([name, service.restart]).toEqual([name, 'on-failure']);
        continue;
      }
      expect([name, service.restart]).toEqual([name, 'unless-stopped']);
      expect([name, healthTest(service)]).toEqual([name, expect.stringMatching(/\S/)]);
    }
  });

  it('runs MySQL 8 with a named volume and a health check that the migrations wait for', () => {
    const mysql = compose.services.mysql!;
    // MYSQL_IMAGE may name a stand-in (the smoke's MariaDB from Debian packages); MySQL 8 by default.
    expect(interpolate(mysql.image!, {})).toMatch(/^mysql:8(\.|$)/);
    expect(interpolate(mysql.image!, { MYSQL_IMAGE: 'shwari-shop/mariadb:10.11-bookworm' })).toBe('shwari-shop/mariadb:10.11-bookworm');
    const [volume] = (mysql.volumes ?? []).map((mount) => mount.split(':')[0]!);
    expect(volume).toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toContain(volume);
    expect(healthTest(mysql)).toContain('mysqladmin ping');
    expect(published(mysql)).toEqual([]);
  });

  describe.each(SERVICES)('the $name service', (spec) => {
    const service = compose.services[spec.name];
    const migrate = compose.services[`${spec.name}-migrate`];

    it('is built from its own Dockerfile and checked through /readyz on its port', () => {
      expect(service).toBeDefined();
      expect(service!.build).toEqual({ context: '.', dockerfile: `deploy/services/${spec.name}.Dockerfile`, args: NODE_BUILD_ARGS });
      expect(healthTest(service!)).toContain(`http://127.0.0.1:${spec.defaultPort}/readyz`);
      expect(service!.init).toBe(true);
    });

    it('runs two replicas by default, its migration job once', () => {
      expect(interpolate(String(service!.scale), {})).toBe('2');
      expect(interpolate(String(service!.scale), { SERVICE_REPLICAS: '3' })).toBe('3');
      expect(migrate!.scale).toBeUndefined();
      // Both replicas and the job run one image, tagged once.
      expect(migrate!.image).toBe(service!.image);
      expect(interpolate(service!.image!, {})).toBe(`shwari-shop/${spec.name}:latest`);
    });

    it('waits for its own one-shot migration job, which waits for MySQL', () => {
      expect(migrate).toBeDefined();
      expect(migrate!.build).toEqual(service!.build);
      expect(migrate!.command).toEqual(['node', '--import', 'tsx', 'src/db/migrate-cli.ts']);
      expect(fs.existsSync(path.join(REPO_ROOT, spec.dir, 'src/db/migrate-cli.ts'))).toBe(true);
      expect(migrate!.depends_on).toEqual({ mysql: { condition: 'service_healthy' } });
      expect(service!.depends_on?.[`${spec.name}-migrate`]).toEqual({ condition: 'service_completed_successfully' });
    });

    it('has the environment it needs: production, MySQL, the internal secret, its port and the services it calls', () => {
      const env = containerEnv(service!, OPERATOR_ENV);
      expect(env).toMatchObject({
        NODE_ENV: 'production',
        DATABASE_URL: 'mysql://shop:mysql-password-from-the-vault@mysql:3306/shop',
        INTERNAL_SECRET: OPERATOR_ENV.INTERNAL_SECRET,
        [spec.portEnv]: String(spec.defaultPort),
        [spec.portEnv.replace(/_PORT$/, '_HOST')]: '0.0.0.0',
      });
      // As in scripts/stack.ts: every service knows every other's URL (they call each other at
      // request time) and starts after the services of earlier waves are healthy.
      for (const other of SERVICES.filter((candidate) => candidate.name !== spec.name)) {
        expect([other.urlEnv, env[other.urlEnv]]).toEqual([other.urlEnv, urlOf(other.name)]);
        if (other.wave < spec.wave) expect(service!.depends_on?.[other.name]).toEqual({ condition: 'service_healthy' });
      }
      // The secret comes from the operator's environment: compose refuses to start without it.
      expect(() => containerEnv(service!, { ...OPERATOR_ENV, INTERNAL_SECRET: '' })).toThrow('INTERNAL_SECRET');
    });

    it('is reached only through the gateway: no published port', () => {
      expect(published(service!)).toEqual([]);
      expect(published(migrate!)).toEqual([]);
    });
  });

  describe.each(REMOTES)('the $folder remote', (remote) => {
    const service = compose.services[remote.folder];

    it('is built from its own Dockerfile and served from its own origin, with a health check', () => {
      expect(service).toBeDefined();
      expect(service!.build).toEqual({ context: '.', dockerfile: `deploy/remotes/${remote.folder}.Dockerfile`, args: NGINX_BUILD_ARGS });
      expect(healthTest(service!)).toContain('/healthz');
      expect(published(service!)).toEqual([`0.0.0.0:${remote.defaultPort}:8080`]);
      // The smoke publishes on 127.0.0.1 and ports of its own.
      const variable = `${remote.folder.toUpperCase().replace(/-/g, '_')}_PUBLIC_PORT`;
      expect(service!.ports!.map((port) => interpolate(port, { SHOP_BIND_ADDRESS: '127.0.0.1', [variable]: '43001' }))).toEqual([
        '127.0.0.1:43001:8080',
      ]);
    });

    it('is where the gateway tells the shell to load it from', () => {
      const env = containerEnv(compose.services.gateway!, OPERATOR_ENV);
      expect(env[`REMOTE_${remote.name.toUpperCase()}_URL`]).toBe(`http://localhost:${remote.defaultPort}/mf-manifest.json`);
    });
  });

  describe('the gateways and their load balancer', () => {
    const gateway = compose.services.gateway!;
    const lb = compose.services.lb!;

    it("publishes the load balancer as the only port besides the remotes' own origins", () => {
      const publishing = entries.filter(([, service]) => published(service).length > 0).map(([name]) => name);
      expect(publishing.sort()).toEqual(['lb', ...REMOTES.map((remote) => remote.folder)].sort());
      expect(published(lb)).toEqual(['0.0.0.0:8080:8080']);
      expect(lb.build).toEqual({ context: '.', dockerfile: 'deploy/lb/lb.Dockerfile', args: NGINX_BUILD_ARGS });
      expect(lb.depends_on).toEqual({ gateway: { condition: 'service_healthy' } });
      expect(healthTest(gateway)).toContain('http://127.0.0.1:8080/healthz');
      expect(interpolate(String(gateway.scale), {})).toBe('2');
    });

    it('balances over every gateway found by name, and never serves the server build or source maps', () => {
      const nginx = fs.readFileSync(path.join(REPO_ROOT, 'deploy/lb/nginx-lb.conf'), 'utf8');
      expect(nginx).toContain('listen 8080;');
      // Asked again through Docker's DNS, so a scaled or restarted gateway is found.
      expect(nginx).toMatch(/resolver 127\.0\.0\.11 valid=\d+s/);
      expect(nginx).toMatch(/set \$gateways gateway:8080;\s+proxy_pass http:\/\/\$gateways;/);
      expect(nginx).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
      expect(nginx).toContain('location ^~ /server/');
      expect(nginx).toContain('location ~ \\.map$');
      expect(nginx).toContain('location = /lb-healthz');
      expect(healthTest(lb)).toContain('http://127.0.0.1:8080/lb-healthz');
    });

    it('trusts the one proxy hop in front of the gateways and shares their state through Redis', () => {
      const env = containerEnv(gateway, OPERATOR_ENV);
      expect(loadGatewayConfig(env).trustedProxies).toEqual({ kind: 'hops', hops: 1 });
      expect(env.REDIS_URL).toBe('redis://redis:6379');
      expect(gateway.depends_on?.redis).toEqual({ condition: 'service_healthy' });
      const redis = compose.services.redis!;
      expect(interpolate(redis.image!, {})).toMatch(/^redis:7/);
      expect(healthTest(redis)).toContain('redis-cli ping');
      expect(published(redis)).toEqual([]);
    });

    it('routes every area to the service inside the network and waits for each to be healthy', () => {
      const config = loadGatewayConfig(containerEnv(gateway, OPERATOR_ENV));
      for (const spec of SERVICES) {
        expect(gateway.depends_on?.[spec.name]).toEqual({ condition: 'service_healthy' });
        expect([spec.urlEnv, containerEnv(gateway, OPERATOR_ENV)[spec.urlEnv]]).toEqual([spec.urlEnv, urlOf(spec.name)]);
      }
      // Every area the gateway routes points at a compose service, never at localhost.
      for (const upstream of config.upstreams)
        expect([upstream.area, upstream.target]).toEqual([
          upstream.area,
          expect.stringMatching(/^http:\/\/(catalog|customers|orders|chat):\d+$/),
        ]);
      // Its metrics port is not published.
      expect(config.metrics).toEqual({ port: 9080, host: '0.0.0.0' });
    });
  });

  it('refuses to start without the secrets an operator must provide', () => {
    expect(requiredVariables(composeText)).toEqual([
      'DPO_COMPANY_TOKEN',
      'DPO_SERVICE_TYPE',
      'INTERNAL_SECRET',
      'MYSQL_PASSWORD',
      'MYSQL_ROOT_PASSWORD',
    ]);
    // Nothing secret is written in the file itself.
    for (const [name, service] of entries) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (/SECRET|PASSWORD|TOKEN|KEY|PASSKEY/.test(key))
          expect([name, key, String(value)]).toEqual([name, key, expect.stringMatching(/^\$\{[A-Z_]+(:\?|:-)[^}]*\}$/)]);
      }
    }
  });

  it('gives each service a production configuration its own loader accepts', () => {
    const envOf = (name: string) => containerEnv(compose.services[name]!, OPERATOR_ENV);
    expect(internalSecretFromEnv('catalog', envOf('catalog'))).toBe(OPERATOR_ENV.INTERNAL_SECRET);
    expect(loadCustomersConfig(envOf('customers'))).toMatchObject({
      production: true,
      seedDemoAccounts: false,
      outboxDir: '/app/data/outbox',
    });
    expect(loadOrdersConfig(envOf('orders'))).toMatchObject({
      production: true,
      seedHistory: false,
      catalogUrl: 'http://catalog:4101',
      customersUrl: 'http://customers:4102',
      payments: { hosted: 'dpo', mpesa: null },
    });
    for (const spec of SERVICES) expect(() => internalSecretFromEnv(spec.name, envOf(spec.name))).not.toThrow();
  });
});
