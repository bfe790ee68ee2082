import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CHAT_ERROR_MESSAGE } from '@shop/api-types';
import { REMOTES, REPO_ROOT, SERVICES } from '../../scripts/stack';
import { launchBrowser, openJourney } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

/**
 * Teams deploy alone: every remote runs on its own origin; a remote or a service going down leaves
 * the rest of the shop working with a clear message where the missing part would be; and a remote
 * rebuilt and moved to a new origin reaches shoppers by changing only the remote configuration.
 */
const SLOT = 7;
const remotesFile = path.join(os.tmpdir(), `shop-remotes-${SLOT}-${randomBytes(4).toString('hex')}.json`);
const FALLBACK = 'This part of the shop is taking a short break';
const DEMO = { email: 'customer@example.com', password: 'Customer@123' };

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    // LOG_LEVEL info: the request-id test reads every process's access log.
    startShop({
      slot: SLOT,
      separateRemotes: REMOTES.map((remote) => remote.name),
      env: { GATEWAY_REMOTES_FILE: remotesFile, LOG_LEVEL: 'info' },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  fs.rmSync(remotesFile, { force: true });
});

async function expectHome(page: Page): Promise<void> {
  await page.goto(`${shop.url}/`);
  await page.getByRole('heading', { name: 'Best Selling Products' }).waitFor();
  await page.locator('a[href^="/product/"]').first().waitFor();
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${shop.url}/login`);
  await page.getByLabel('Email address').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
}

describe('one request id', () => {
  it("follows a shopper's call from the gateway through every service it reaches, in their JSON logs", async () => {
    const login = (await (
      await fetch(`${shop.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO) })
    ).json()) as { token: string };
    // The orders service checks the token with the customers service before answering.
    const answer = await fetch(`${shop.url}/api/orders`, {
      headers: { authorization: `Bearer ${login.token}`, 'x-request-id': 'made-up-by-the-client' },
    });
    expect(answer.status).toBe(200);
    const requestId = answer.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const deadline = Date.now() + 5000;
    const linesOf = (name: string) =>
      shop.logs
        .filter((line) => line.startsWith(`[${name}] {`))
        .map((line) => JSON.parse(line.slice(name.length + 3)) as Record<string, unknown>)
        .filter((entry) => entry.reqId === requestId);
    // Each process writes its access line once its answer is out: give the pipes a moment.
    while (Date.now() < deadline && ['gateway', 'orders', 'customers'].some((name) => linesOf(name).length === 0))
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(linesOf('gateway')).toContainEqual(expect.objectContaining({ msg: 'request', url: '/api/orders', status: 200 }));
    expect(linesOf('orders')).toContainEqual(expect.objectContaining({ msg: 'request', url: '/api/orders', status: 200 }));
    expect(linesOf('customers')).toContainEqual(
      expect.objectContaining({ msg: 'request', url: '/internal/tokens/introspect', status: 200 }),
    );
    expect(shop.logs.join('\n')).not.toContain('made-up-by-the-client');
  });
});

/** Where each remote's area is, and a page of another area that must keep working while it is down. */
const REMOTE_AREAS: Record<string, { path: string; storefront: boolean; elsewhere: (page: Page) => Promise<void> }> = {
  mf_catalog: {
    path: '/',
    storefront: true,
    elsewhere: async (page) => {
      await page.goto(`${shop.url}/login`);
      await page.getByRole('heading', { name: 'Login' }).waitFor();
    },
  },
  mf_account: { path: '/login', storefront: true, elsewhere: expectHome },
  mf_checkout: { path: '/cart', storefront: true, elsewhere: expectHome },
  mf_chat: { path: '/chat', storefront: true, elsewhere: expectHome },
  // The back office has its own layout (no storefront header) around the fallback.
  mf_admin: { path: '/admin', storefront: false, elsewhere: expectHome },
};

describe.each(REMOTES)('with the $folder remote down', (remote) => {
  it('shows the friendly message in its area only, and the rest of the shop works', async () => {
    const area = REMOTE_AREAS[remote.name];
    if (!area) throw new Error(`Add ${remote.name} to REMOTE_AREAS: where its area is and what else must keep working without it.`);
    const running = shop.stack.processes.get(remote.name)!;
    const port = running.port;
    const { page } = await openJourney(browser, { width: 1280, height: 900 });
    await shop.stack.stopProcess(remote.name);
    try {
      await page.goto(`${shop.url}${area.path}`);
      await page.getByText(FALLBACK).waitFor({ timeout: 15_000 });
      if (area.storefront) await page.getByRole('link', { name: 'Shwari Shop home' }).waitFor();
      await area.elsewhere(page);
    } finally {
      await shop.stack.startRemote(remote.name, port);
    }
    // Back up on the same origin: the area returns without touching anything else.
    await page.goto(`${shop.url}${area.path}`);
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(FALLBACK).count()).toBe(0);
  });
});

/** What each area shows while its service is down (the spec's error states), and what keeps working. */
const SERVICE_OUTAGES: Record<string, { affected: (page: Page) => Promise<void>; elsewhere: (page: Page) => Promise<void> }> = {
  catalog: {
    // Catalogue reads shoppers made moments ago are still answered from the gateway's and the
    // browser's caches (a minute), which is the point of them; what nobody read yet shows the error.
    affected: async (page) => {
      await page.goto(`${shop.url}/search?q=ugali`);
      await page.getByText('We could not search just now. Please try again.').waitFor({ timeout: 15_000 });
      await page.goto(`${shop.url}/product/${unviewedProductSlug}`);
      await page.getByText('We could not load this product just now.').waitFor({ timeout: 15_000 });
    },
    elsewhere: async (page) => {
      await signIn(page);
      await page.goto(`${shop.url}/profile/orders`);
      await page.getByRole('heading', { name: 'Orders' }).waitFor();
    },
  },
  customers: {
    affected: async (page) => {
      await page.goto(`${shop.url}/login`);
      await page.getByLabel('Email address').fill(DEMO.email);
      await page.getByLabel('Password').fill(DEMO.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByText('The account service is unavailable right now. Please try again shortly.').waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe('/login');
    },
    elsewhere: expectHome,
  },
  orders: {
    affected: async (page) => {
      await signIn(page);
      await page.goto(`${shop.url}/profile/orders`);
      await page.getByText('We could not load your orders just now.').waitFor({ timeout: 15_000 });
    },
    elsewhere: expectHome,
  },
  chat: {
    affected: async (page) => {
      await page.goto(`${shop.url}/chat`);
      await page.getByText(CHAT_ERROR_MESSAGE).first().waitFor({ timeout: 15_000 });
    },
    elsewhere: expectHome,
  },
};

/** A public path of each service, answered 503 by the gateway while the service is down. */
const SERVICE_PROBES: Record<string, string> = {
  catalog: '/api/site/products/featured',
  customers: '/api/site/counties',
  orders: '/api/site/coupons/check/KARIBU10/a@example.com',
  chat: '/api/chat',
};

/** A product no journey here opened, so no cache holds it. */
let unviewedProductSlug = '';

describe.each(SERVICES)('with the $name service down', (service) => {
  beforeAll(async () => {
    const products = (await (await fetch(`${shop.url}/api/site/products`)).json()) as Array<{ slug: string }>;
    unviewedProductSlug = products[products.length - 1]!.slug;
  });

  it('shows the error state where it is needed, without hanging, and the rest of the shop works', async () => {
    const outage = SERVICE_OUTAGES[service.name];
    if (!outage) throw new Error(`Add ${service.name} to SERVICE_OUTAGES: what shoppers see while it is down and what keeps working.`);
    const { page } = await openJourney(browser, { width: 1280, height: 900 });
    await shop.stack.stopProcess(service.name);
    try {
      // The gateway itself answers for the stopped service at once.
      const probe = await fetch(`${shop.url}${SERVICE_PROBES[service.name] ?? '/api/none'}`);
      expect([service.name, probe.status]).toEqual([service.name, 503]);
      const started = Date.now();
      await outage.affected(page);
      // The gateway answers at once for a stopped service: the error shows in seconds, not after a timeout.
      expect(Date.now() - started).toBeLessThan(30_000);
      await outage.elsewhere(page);
    } finally {
      await shop.stack.startService(service.name);
    }
  });
});

describe('a remote rebuilt and moved to a new origin', () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-release-'));
  let server: ChildProcess | undefined;

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('reaches the running shop when only the remote configuration changes', async () => {
    const { page } = await openJourney(browser, { width: 1280, height: 900 });
    await expectHome(page);
    expect(await page.getByRole('heading', { name: 'Best Selling Products This Week' }).count()).toBe(0);

    const before = {
      pids: new Map([...shop.stack.processes].map(([name, running]) => [name, running.child.pid])),
      shellBuild: fs.statSync(path.join(REPO_ROOT, 'shell/dist/main.js')).mtimeMs,
    };

    // The catalogue team changes a heading and builds its remote on its own, elsewhere.
    const dist = await buildCatalogueRelease(workDir, [
      '"home.bestSelling": "Best Selling Products"',
      '"home.bestSelling": "Best Selling Products This Week"',
    ]);
    const port = 18080 + SLOT * 10 + 9;
    server = spawn(
      process.execPath,
      [require.resolve('tsx/cli'), path.join(REPO_ROOT, 'services/gateway/src/static/serveRemoteCli.ts'), dist, String(port)],
      { cwd: workDir, stdio: 'ignore' },
    );
    await waitForManifest(`http://127.0.0.1:${port}/mf-manifest.json`);

    // The one change: where the shell finds mf_catalog.
    fs.writeFileSync(remotesFile, JSON.stringify({ mf_catalog: `http://127.0.0.1:${port}/mf-manifest.json` }));

    const fromNewOrigin: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`http://127.0.0.1:${port}/`)) fromNewOrigin.push(request.url());
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Best Selling Products This Week' }).waitFor();
    expect(fromNewOrigin).toContainEqual(expect.stringContaining('remoteEntry.js'));
    // The other areas are as they were.
    await page.goto(`${shop.url}/login`);
    await page.getByRole('heading', { name: 'Login' }).waitFor();

    // Nothing else was rebuilt or restarted: same processes, same shell build.
    expect(new Map([...shop.stack.processes].map(([name, running]) => [name, running.child.pid]))).toEqual(before.pids);
    expect(fs.statSync(path.join(REPO_ROOT, 'shell/dist/main.js')).mtimeMs).toBe(before.shellBuild);
  }, 420_000);
});

/**
 * A copy of mf-catalog's sources with one visible change, built by its own webpack config into the
 * copy's dist/ (never the workspace's): what the team's pipeline would do. Modules resolve from the
 * repository's node_modules through a link, as they would from the team's own install.
 */
async function buildCatalogueRelease(workDir: string, [from, to]: [string, string]): Promise<string> {
  const copy = path.join(workDir, 'mf-catalog');
  fs.cpSync(path.join(REPO_ROOT, 'mf-catalog'), copy, { recursive: true, filter: (source) => !/[\\/](node_modules|dist)$/.test(source) });
  fs.cpSync(path.join(REPO_ROOT, 'types'), path.join(workDir, 'types'), { recursive: true });
  fs.copyFileSync(path.join(REPO_ROOT, 'tsconfig.base.json'), path.join(workDir, 'tsconfig.base.json'));
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(workDir, 'node_modules'), 'dir');
  // The home page's words live in the remote's English catalog (src/i18n), compiled by its build.
  const strings = path.join(copy, 'src/i18n/locales/en.json');
  const source = fs.readFileSync(strings, 'utf8');
  if (!source.includes(from)) throw new Error(`mf-catalog's English strings no longer contain ${from}`);
  fs.writeFileSync(strings, source.replace(from, to));
  await new Promise<void>((resolve, reject) => {
    const build = spawn(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], {
      cwd: copy,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    build.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    build.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`The release build failed (${code}):\n${output}`))));
  });
  return path.join(copy, 'dist');
}

async function waitForManifest(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}
