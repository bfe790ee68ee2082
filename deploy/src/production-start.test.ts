import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICES } from '../../scripts/stack';
import { createDatabase } from '../../packages/service-kit/src/database';
import { PasswordHasher } from '../../services/customers/src/accounts/passwords';
import { prepareCustomersDatabase } from '../../services/customers/src/db/setup';
import { REPO_ROOT } from './layout';

/**
 * Each service started the way its image starts it (`node --import tsx src/main.ts` in its
 * folder) with NODE_ENV=production: a missing DATABASE_URL, a missing or development secret, the
 * payment simulator, or a staff account with the published demo password stops the start with a
 * message naming the cause.
 */
interface Outcome {
  code: number | null;
  output: string;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-production-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

let port = 25900;

function startService(dir: string, env: Record<string, string>, timeoutMs = 30_000): Promise<Outcome> {
  const base: Record<string, string> = {};
  // Only what a container would have: no development secrets or URLs leak in from this shell.
  for (const key of ['PATH', 'HOME', 'TMPDIR']) if (process.env[key]) base[key] = process.env[key]!;
  const spec = SERVICES.find((service) => service.dir === dir);
  port += 1;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(REPO_ROOT, dir),
      env: {
        ...base,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SHOP_DATA_DIR: dataDir,
        ...(spec ? { [spec.portEnv]: String(port) } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe.each(SERVICES)('the $name service in production', (spec) => {
  it('refuses to start without INTERNAL_SECRET, saying so', async () => {
    const outcome = await startService(spec.dir, {});
    expect(outcome.code).not.toBe(0);
    expect(outcome.output).toContain('INTERNAL_SECRET must be set in production');
  });

  it('refuses the development default INTERNAL_SECRET', async () => {
    const outcome = await startService(spec.dir, { INTERNAL_SECRET: 'dev-internal-secret' });
    expect(outcome.code).not.toBe(0);
    expect(outcome.output).toContain('INTERNAL_SECRET must not be the development default in production');
  });

  it('refuses to start without DATABASE_URL instead of writing to a SQLite file', async () => {
    // Everything else a production start needs is given, so only the database can stop it.
    const outcome = await startService(spec.dir, {
      INTERNAL_SECRET: 'a-long-random-internal-secret-0123456789',
      DPO_COMPANY_TOKEN: 'token',
      DPO_SERVICE_TYPE: '3854',
    });
    expect(outcome.code).not.toBe(0);
    expect(outcome.output).toContain(`DATABASE_URL must be set in production: the ${spec.name} service`);
    expect(fs.existsSync(path.join(dataDir, `${spec.name}.sqlite`))).toBe(false);
  });
});

describe('payment credentials in production', () => {
  const secret = { INTERNAL_SECRET: 'a-long-random-internal-secret-0123456789' };

  it('refuses the payment simulator, and DPO or M-Pesa without all their credentials', async () => {
    const simulator = await startService('services/orders', secret);
    expect([simulator.code, simulator.output]).toEqual([1, expect.stringContaining('The payment simulator is refused in production')]);
    const dpo = await startService('services/orders', { ...secret, PAYMENT_PROVIDER: 'dpo', DPO_COMPANY_TOKEN: 'token' });
    expect([dpo.code, dpo.output]).toEqual([
      1,
      expect.stringContaining('PAYMENT_PROVIDER=dpo needs DPO_COMPANY_TOKEN and DPO_SERVICE_TYPE'),
    ]);
    const mpesa = await startService('services/orders', {
      ...secret,
      DPO_COMPANY_TOKEN: 'token',
      DPO_SERVICE_TYPE: '3854',
      MPESA_CONSUMER_KEY: 'key',
    });
    expect([mpesa.code, mpesa.output]).toEqual([
      1,
      expect.stringContaining('M-Pesa needs all of MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET, MPESA_SHORTCODE, MPESA_PASSKEY'),
    ]);
  });
});

describe('staff passwords in production', () => {
  it('refuses to start while a staff account still has the published demo password', async () => {
    const file = path.join(dataDir, 'customers-copied-from-development.sqlite');
    const db = createDatabase({ service: 'customers', url: `sqlite:${file}` });
    try {
      // A development database (with the demo accounts) brought to production.
      await prepareCustomersDatabase(db, {
        seedDemoAccounts: true,
        hasher: new PasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
      });
    } finally {
      await db.destroy();
    }
    const outcome = await startService('services/customers', {
      INTERNAL_SECRET: 'a-long-random-internal-secret-0123456789',
      DATABASE_URL: `sqlite:${file}`,
    });
    expect(outcome.code).not.toBe(0);
    expect(outcome.output).toContain(
      'Refusing to start in production: the staff account admin@shwarimills.co.ke still uses the published demo password',
    );
  });
});
