/**
 * Checkout throughput: `npm run orders -w @shop/bench` (or `npx tsx bench/orders/orders.bench.ts`).
 *
 * Starts the REAL catalog, customers and orders apps in this process, each on a fresh MySQL
 * database (MYSQL_URL, default mysql://root@127.0.0.1:3306/test), and the gateway in front of them,
 * over HTTP on 127.0.0.1, each on its own worker thread (its own event loop, as each is its own
 * process in production). A load generator in another worker thread keeps BENCH_CONNECTIONS
 * keep-alive connections busy with POST /api/site/orders/store for BENCH_WARMUP_SECONDS unmeasured,
 * then BENCH_SECONDS measured (window.ts), and every measured answer is checked against the orders
 * table afterwards: an order answered 201 but missing is lost; an order number answered twice, or a
 * row nobody was answered for, is duplicated. Both must be 0.
 *
 * The mix is what a shop sees: mostly guests, some signed-in customers (their token is checked by
 * the customers service, then taken as live for 5 s), some with the UNGA200 coupon, carts of 1-4 products.
 */
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';
import type { LookupProduct } from '@shop/api-types';
import { prepareCatalogDatabase } from '../../services/catalog/src/db/setup';
import { PasswordHasher } from '../../services/customers/src/accounts/passwords';
import { loadCustomersConfig } from '../../services/customers/src/config';
import { prepareCustomersDatabase } from '../../services/customers/src/db/setup';
import { unitPriceCents } from '../../services/orders/src/checkout/pricing';
import { CatalogClient } from '../../services/orders/src/clients/catalog';
import { prepareOrdersDatabase } from '../../services/orders/src/db/setup';
import { sibling } from '../../services/orders/src/testing/harness';
import { benchRawInserts } from './rawInserts';
import { connectionsOf, measuredSecondsOf, warmUpSecondsOf } from './window';
import { startThread, stopThread } from './threads';
import { TARGETS } from '../targets';

export interface OrdersBenchResult {
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  lost: number;
  duplicated: number;
}

export interface OrdersBenchOptions {
  seconds?: number;
  connections?: number;
  /** Seconds of the same load before the measured ones (BENCH_WARMUP_SECONDS, default 10). */
  warmUpSeconds?: number;
  /** Share of orders placed by signed-in customers (0..1). */
  signedIn?: number;
  /** Share of orders with the UNGA200 coupon (0..1). */
  coupon?: number;
  print?: boolean;
}

interface WorkerReport {
  latenciesMs: number[];
  /** Latencies by kind of order (guest, signed in, coupon). */
  byKind: Record<string, number[]>;
  created: string[];
  refused: Record<string, number>;
  errors: number;
  elapsedMs: number;
}

/** The load generator, plain JavaScript so the worker needs no TypeScript loader. */
const LOAD_GENERATOR = `
const http = require('node:http');
const { workerData, parentPort } = require('node:worker_threads');
const { url, bodies, seconds, connections } = workerData;
const target = new URL(url + '/api/site/orders/store');
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latenciesMs = [];
const byKind = {};
const created = [];
const refused = {};
let errors = 0;
let next = 0;
const post = (entry) => new Promise((resolve) => {
  const payload = Buffer.from(entry.body);
  const headers = { 'content-type': 'application/json', 'content-length': payload.length };
  if (entry.token) headers.authorization = 'Bearer ' + entry.token;
  const started = process.hrtime.bigint();
  const req = http.request(target, { method: 'POST', agent, headers }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      latenciesMs.push(ms);
      (byKind[entry.kind] = byKind[entry.kind] || []).push(ms);
      const text = Buffer.concat(chunks).toString();
      if (res.statusCode === 201) created.push(JSON.parse(text).data.order_number);
      else refused[res.statusCode + ' ' + text.slice(0, 120)] = (refused[res.statusCode + ' ' + text.slice(0, 120)] || 0) + 1;
      resolve();
    });
  });
  req.on('error', () => { errors += 1; resolve(); });
  req.end(payload);
});
(async () => {
  const started = Date.now();
  const until = started + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < until) await post(bodies[next++ % bodies.length]);
  }));
  parentPort.postMessage({ latenciesMs, byKind, created, refused, errors, elapsedMs: Date.now() - started });
  agent.destroy();
})();
`;

/** CPU seconds used so far by a local MariaDB/MySQL server (Linux /proc), or null when there is none to read. */
function databaseCpuSeconds(): number | null {
  try {
    for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      const comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      if (comm !== 'mariadbd' && comm !== 'mysqld') continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    }
  } catch {
    // Not Linux, or not allowed to read: the figure is left out.
  }
  return null;
}

/** The server's statement and commit counters (whole server: another client's work counts too). */
async function databaseCounters(db: Knex): Promise<{ statements: number; commits: number }> {
  const [rows] = (await db.raw("SHOW GLOBAL STATUS WHERE Variable_name IN ('Questions', 'Com_commit')")) as [
    Array<{ Variable_name: string; Value: string }>,
  ];
  const value = (name: string) => Number(rows.find((row) => row.Variable_name === name)?.Value ?? 0);
  return { statements: value('Questions'), commits: value('Com_commit') };
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function randomCart(products: LookupProduct[], rand: () => number): Array<{ id: number; quantity: number; unitCents: number }> {
  const everyday = products.filter((p) => p.max_quantity >= 5);
  for (;;) {
    const count = 1 + Math.floor(rand() * 4);
    const chosen = new Map<number, { id: number; quantity: number; unitCents: number }>();
    while (chosen.size < count) {
      const product = everyday[Math.floor(rand() * everyday.length)]!;
      chosen.set(product.id, {
        id: product.id,
        quantity: product.min_quantity + Math.floor(rand() * 3),
        unitCents: unitPriceCents(product),
      });
    }
    const lines = [...chosen.values()];
    // At least KSh 2,200 so a KSh 200 coupon still clears the minimum: top up quantities within limits.
    for (let i = 0; lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0) < 220_000 && i < 60; i++) {
      const line = lines[i % lines.length]!;
      const max = everyday.find((p) => p.id === line.id)!.max_quantity;
      if (line.quantity < max) line.quantity += 1;
    }
    if (lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0) >= 220_000) return lines;
  }
}

export async function benchOrders(options: OrdersBenchOptions = {}): Promise<OrdersBenchResult> {
  const seconds = options.seconds ?? measuredSecondsOf(process.env);
  const warmUpSeconds = options.warmUpSeconds ?? warmUpSecondsOf(process.env);
  const connections = options.connections ?? connectionsOf(process.env);
  const signedInShare = options.signedIn ?? 0.2;
  const couponShare = options.coupon ?? 0.1;
  const print = options.print ?? false;
  process.env.MYSQL_URL ??= 'mysql://root@127.0.0.1:3306/test';
  process.env.LOG_LEVEL ??= 'warn';
  // The customers service's argon2 cost stays OWASP's: only the few sign-ups before the run pay it.
  const threads: Worker[] = [];
  const drops: Array<() => Promise<void>> = [];
  try {
    const catalogDb = await sibling('catalog', 'mysql').create();
    drops.push(catalogDb.drop);
    await prepareCatalogDatabase(catalogDb.db);
    const customersDb = await sibling('customers', 'mysql').create();
    drops.push(customersDb.drop);
    const ordersDb = await sibling('orders', 'mysql').create();
    drops.push(ordersDb.drop);

    const customersConfig = loadCustomersConfig({ ...process.env, NODE_ENV: 'test' });
    const internalSecret = customersConfig.internalSecret;
    await prepareCustomersDatabase(customersDb.db, { seedDemoAccounts: false, hasher: new PasswordHasher(customersConfig.passwordHash) });
    await prepareOrdersDatabase(ordersDb.db);

    // Each service on its own thread, as each is its own process in production.
    const customers = await startThread({ service: 'customers', dbUrl: customersDb.url, internalSecret }, threads);
    const catalog = await startThread({ service: 'catalog', dbUrl: catalogDb.url, internalSecret }, threads);
    const orders = await startThread(
      { service: 'orders', dbUrl: ordersDb.url, internalSecret, catalogUrl: catalog, customersUrl: customers },
      threads,
    );
    // Shoppers reach the orders service through the gateway, as in production.
    const gateway = await startThread(
      { service: 'gateway', dbUrl: '', internalSecret, catalogUrl: catalog, customersUrl: customers, ordersUrl: orders },
      threads,
    );
    const catalogClient = new CatalogClient(catalog, internalSecret);

    // Signed-in shoppers: real accounts and tokens of the customers service.
    const tokens: string[] = [];
    for (let i = 0; i < 8; i++) {
      const email = `bench.${Date.now()}.${i}@example.com`;
      const password = 'Bench-passw0rd!';
      const post = (route: string, body: unknown) =>
        fetch(`${customers}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      await post('/api/site/register', { email, password, first_name: 'Bench', last_name: 'Shopper', phone: '0712345678' });
      tokens.push(((await (await post('/api/login', { email, password })).json()) as { token: string }).token);
    }

    const products = [...(await catalogClient.lookup(Array.from({ length: 200 }, (_, i) => i + 1))).values()];
    let seed = 42;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const bodies = Array.from({ length: 2000 }, (_, i) => {
      const lines = randomCart(products, rand);
      const subtotal = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
      const coupon = rand() < couponShare;
      const token = rand() < signedInShare ? tokens[i % tokens.length]! : undefined;
      return {
        token,
        kind: coupon ? 'with a coupon' : token ? 'signed in' : 'guest',
        body: JSON.stringify({
          first_name: 'Wanjiku',
          last_name: 'Kamau',
          phone: '0712345678',
          email: `shopper${i}@example.com`,
          mpesa_no: '254712345678',
          street: '12 Moi Avenue',
          apartment: 'Flat 4B',
          county_id: 47,
          subcounty_id: 274,
          town: 'Westlands',
          depot_id: 1,
          order_notes: '',
          coupon: coupon ? 'UNGA200' : '',
          cart_items: lines.map((l) => ({
            id: l.id,
            quantity: l.quantity,
            price: l.unitCents / 100,
            product_total: (l.unitCents * l.quantity) / 100,
          })),
          total_amount: (subtotal - (coupon ? 20_000 : 0)) / 100,
        }),
      };
    });

    // Warm up (connections, caches of county names, JIT) and start from an empty table.
    for (const entry of bodies.slice(0, 30)) {
      const answer = await fetch(`${gateway}/api/site/orders/store`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(entry.token ? { authorization: `Bearer ${entry.token}` } : {}) },
        body: entry.body,
      });
      if (answer.status !== 201) throw new Error(`warm-up order answered ${answer.status}: ${await answer.text()}`);
    }
    // Then the same load, unmeasured, until the services run at their steady pace: from a cold
    // start the shop's four services take about 8 s to get there (300-400 orders/s in the first
    // second, 800-900 from the eighth on, one per-second series on 2 cores), the raw INSERTs about
    // 3 s, so a 10 s window from cold measured mostly their warming up, not the shop. Raw INSERTs
    // get the same (rawInserts.ts).
    const load = (forSeconds: number) =>
      new Promise<WorkerReport>((resolve, reject) => {
        const worker = new Worker(LOAD_GENERATOR, { eval: true, workerData: { url: gateway, bodies, seconds: forSeconds, connections } });
        worker.once('message', (message: WorkerReport) => resolve(message));
        worker.once('error', reject);
      });
    const warming = await load(warmUpSeconds);
    const db: Knex = ordersDb.db;
    const maxId = Number(((await db('orders').max({ maxId: 'id' })) as Array<{ maxId: number }>)[0]?.maxId ?? 0);

    const loopsBefore = threads.map((thread) => thread.performance.eventLoopUtilization());
    const cpuBefore = process.cpuUsage();
    const databaseBefore = databaseCpuSeconds();
    const countersBefore = await databaseCounters(db);
    const report = await load(seconds);
    // A refusal or a broken connection while warming up counts as one in the run.
    for (const [reason, times] of Object.entries(warming.refused)) report.refused[reason] = (report.refused[reason] ?? 0) + times;
    report.errors += warming.errors;

    // How busy this thread (the three services) was, per order: the figure that decides throughput on two cores.
    const loops = threads.map((thread, i) => thread.performance.eventLoopUtilization(loopsBefore[i]));
    const cpu = process.cpuUsage(cpuBefore);
    const databaseAfter = databaseCpuSeconds();
    const countersAfter = await databaseCounters(db);
    const rows = (await db('orders').where('id', '>', maxId).select('order_number')) as Array<{ order_number: string }>;
    const inDb = new Set(rows.map((row) => row.order_number));
    const answered = new Set(report.created);
    const lost = report.created.filter((number) => !inDb.has(number)).length;
    const phantoms = rows.filter((row) => !answered.has(row.order_number)).length;
    const duplicated = report.created.length - answered.size + phantoms;
    const sorted = [...report.latenciesMs].sort((a, b) => a - b);
    const result: OrdersBenchResult = {
      ordersPerSecond: Math.round((report.created.length / (report.elapsedMs / 1000)) * 10) / 10,
      p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
      p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
      lost,
      duplicated,
    };

    if (print) {
      const refusedTotal = Object.values(report.refused).reduce((sum, n) => sum + n, 0);
      console.log(
        `\nPOST /api/site/orders/store through the gateway, MySQL, ${connections} connections, ${(report.elapsedMs / 1000).toFixed(1)} s after ${warmUpSeconds} s of the same load`,
      );
      console.log(
        `mix: ${Math.round(signedInShare * 100)}% signed in (token checked by the customers service, then taken as live for 5 s), ${Math.round(couponShare * 100)}% with a coupon, 1-4 products a cart\n`,
      );
      const rowsOut: Array<[string, string, string, boolean]> = [
        // Its target is a share of raw INSERTs measured in the same run (bench/run.ts, or below when run alone).
        ['orders/s', String(result.ordersPerSecond), '', true],
        ['p50 latency', `${result.p50Ms} ms`, '', true],
        ['p99 latency', `${result.p99Ms} ms`, `<= ${TARGETS.orderP99Ms} ms`, result.p99Ms <= TARGETS.orderP99Ms],
        ['orders answered 201', String(report.created.length), '', true],
        ...(['customers', 'catalog', 'orders', 'gateway'] as const).map((name, i): [string, string, string, boolean] => [
          `${name} thread busy (per order)`,
          `${Math.round(loops[i]!.utilization * 100)} % (${(loops[i]!.active / Math.max(1, report.created.length)).toFixed(2)} ms)`,
          '',
          true,
        ]),
        [
          'process CPU per order (all threads)',
          `${((cpu.user + cpu.system) / 1000 / Math.max(1, report.created.length)).toFixed(2)} ms`,
          '',
          true,
        ],
        ...(databaseBefore !== null && databaseAfter !== null
          ? [
              [
                'database server CPU per order (whole server)',
                `${(((databaseAfter - databaseBefore) * 1000) / Math.max(1, report.created.length)).toFixed(2)} ms`,
                '',
                true,
              ] as [string, string, string, boolean],
            ]
          : []),
        [
          'database statements, commits per order (whole server)',
          `${((countersAfter.statements - countersBefore.statements) / Math.max(1, report.created.length)).toFixed(2)}, ${(
            (countersAfter.commits - countersBefore.commits) /
            Math.max(1, report.created.length)
          ).toFixed(2)}`,
          '',
          true,
        ],
        ['refused (4xx/5xx)', String(refusedTotal), '0', refusedTotal === 0],
        ['connection errors', String(report.errors), '0', report.errors === 0],
        ['lost (201 but no row)', String(lost), '0', lost === 0],
        ['duplicated (repeat number or unanswered row)', String(duplicated), '0', duplicated === 0],
      ];
      for (const [name, value, target, ok] of rowsOut)
        console.log(
          `${target ? (ok ? 'ok  ' : 'MISS') : '    '}  ${name.padEnd(46)} ${value.padStart(10)}  ${target ? `target ${target}` : ''}`,
        );
      for (const [kind, latencies] of Object.entries(report.byKind)) {
        const ordered = [...latencies].sort((a, b) => a - b);
        console.log(
          `      ${`${kind} (${ordered.length})`.padEnd(28)} p50 ${percentile(ordered, 50).toFixed(1)} ms, p99 ${percentile(ordered, 99).toFixed(1)} ms`,
        );
      }
      for (const [reason, count] of Object.entries(report.refused)) console.log(`      refused ${count}x: ${reason}`);
      console.log('');
    }
    return result;
  } finally {
    for (const thread of threads.reverse()) await stopThread(thread);
    for (const drop of drops.reverse()) await drop().catch(() => undefined);
  }
}

if (require.main === module) {
  // Raw INSERTs of the same rows right after, on the same server: the ratio is what travels
  // between runs on a busy machine (BENCH_RAW=off leaves them out).
  const withRaw = process.env.BENCH_RAW !== 'off';
  benchOrders({ print: true })
    .then(async (result) => {
      if (withRaw) {
        const raw = await benchRawInserts();
        const share = Math.round((result.ordersPerSecond / raw.ordersPerSecond) * 100);
        console.log(`raw INSERTs of the same rows: ${raw.ordersPerSecond} /s, p99 ${raw.p99Ms} ms`);
        console.log(
          `orders through the gateway: ${result.ordersPerSecond} /s = ${share} % of raw (target >= ${Math.round(TARGETS.ordersShareOfRaw * 100)} %), p99 ${result.p99Ms} ms (target <= ${TARGETS.orderP99Ms} ms)\n`,
        );
      }
      return result;
    })
    .then((result) => process.exit(result.lost === 0 && result.duplicated === 0 ? 0 : 1))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
