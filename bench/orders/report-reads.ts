/**
 * What each call of the reports bench costs, in figures the machine's load does not
 * move: `npm run report-reads -w @shop/bench` with MYSQL_URL and BENCH_REPORT_DATABASE naming a
 * database the reports bench kept (it generates one in minutes; this reads it).
 *
 * Each call of reportCallPlan() runs in this process on one connection, as the route would run it,
 * and prints: statements sent, rows read (MariaDB's session Handler_read* counters) and rows
 * written (Handler_write/update/delete: temporary tables of GROUP BY and sorts), the answer's JSON
 * bytes and a SHA-256 of them (an answer that changes shows here); then, over BENCH_READS_CALLS
 * calls (20), the CPU time a call takes in the database's thread serving this connection (from
 * /proc, when MariaDB runs on this machine: MARIADB_PID, or the one mariadbd found) and in this
 * process (knex, the driver, the answer's JSON), and the median wall time, which the machine's
 * load moves and the CPU times much less. BENCH_READS_JSON names a file to write the figures to,
 * to compare two versions.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { adminReportQuerySchema, type AdminReportQuery } from '@shop/api-types';
import { createDatabase, parseParams } from '@shop/service-kit';
import { Reports } from '../../services/orders/src/admin/reports';
import { reportCallPlan } from './reports.bench';

interface CallReads {
  call: string;
  range: string | null;
  statements: number;
  rowsRead: number;
  rowsWritten: number;
  bytes: number;
  sha256: string;
  /** CPU per call in the database's thread, null when it could not be found. */
  databaseCpuMs: number | null;
  nodeCpuMs: number;
  medianMs: number;
}

type Counters = Map<string, number>;

async function handlerCounters(db: Knex): Promise<Counters> {
  const [rows] = (await db.raw("SHOW SESSION STATUS LIKE 'Handler\\_%'")) as [Array<{ Variable_name: string; Value: string }>];
  return new Map(rows.map((row) => [row.Variable_name, Number(row.Value)]));
}

const sumOf = (before: Counters, after: Counters, names: (name: string) => boolean): number =>
  [...after].filter(([name]) => names(name)).reduce((sum, [name, value]) => sum + value - (before.get(name) ?? 0), 0);
const isRead = (name: string) => name.startsWith('Handler_read_');
const isWrite = (name: string) =>
  ['Handler_write', 'Handler_update', 'Handler_delete', 'Handler_tmp_write', 'Handler_tmp_update'].includes(name);

/** Nanoseconds each thread of a process has run (the first field of /proc/<pid>/task/<tid>/schedstat). */
function threadRuntimes(pid: number): Map<string, number> {
  const runtimes = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      runtimes.set(tid, Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return runtimes;
}

/**
 * The database thread serving `db`'s one connection: the thread that ran through a burst of work
 * sent on it, twice (another client's busy thread would have to match both bursts).
 */
async function connectionThread(db: Knex): Promise<{ pid: number; tid: string } | null> {
  let pid = Number(process.env.MARIADB_PID);
  if (!pid) {
    try {
      pid = Number(execFileSync('pgrep', ['-xo', 'mariadbd'], { encoding: 'utf8' }).trim());
    } catch {
      return null;
    }
  }
  const busiest = async (): Promise<Set<string>> => {
    // About 170 ms of CPU here; most of it whatever the load, which stretches only the wall time.
    const before = threadRuntimes(pid);
    await db.raw('SELECT BENCHMARK(20000000, 1 + 1)');
    const after = threadRuntimes(pid);
    return new Set([...after].filter(([tid, ns]) => ns - (before.get(tid) ?? ns) > 100e6).map(([tid]) => tid));
  };
  try {
    const first = await busiest();
    const both = [...(await busiest())].filter((tid) => first.has(tid));
    return both.length === 1 ? { pid, tid: both[0]! } : null;
  } catch {
    return null; // not this machine's database, or no /proc
  }
}

/** The Reports method a path names, with its query parsed as the route parses it. */
function callOf(reports: Reports, path: string): () => Promise<unknown> {
  const url = new URL(path, 'http://orders');
  const name = url.pathname.split('/').pop()!;
  const query = (): AdminReportQuery => parseParams(adminReportQuerySchema, Object.fromEntries(url.searchParams));
  const calls: Record<string, () => Promise<unknown>> = {
    depot: () => reports.depot(),
    statusReport: () => reports.statusReport(),
    revenueChart: () => reports.revenueChart(),
    monthlySalesTotal: () => reports.monthlySalesTotal(),
    today: () => reports.today(),
    category_report: () => reports.categoryReport(query()),
    product_report: () => reports.productReport(query()),
    revenue_report: () => reports.revenueReport(query()),
    order_report: () => reports.orderReport(query()),
  };
  const call = calls[name];
  if (!call) throw new Error(`no report call named ${name}`);
  return call;
}

async function main(): Promise<void> {
  const name = process.env.BENCH_REPORT_DATABASE;
  if (!process.env.MYSQL_URL || !name || !/^\w+$/.test(name))
    throw new Error('set MYSQL_URL and BENCH_REPORT_DATABASE (a database the reports bench kept)');
  const url = new URL(process.env.MYSQL_URL);
  url.pathname = `/${name}`;
  // One connection: the session counters are that connection's, and the reports' parallel reads queue on it.
  const db = createDatabase({ service: 'orders', url: url.toString(), env: { ...process.env, DATABASE_POOL_MAX: '1' } });
  const perCall = Number(process.env.BENCH_READS_CALLS ?? 20);
  try {
    const [generated] = (await db('bench_report_generation').select('generated_at')) as Array<{ generated_at: Date }>;
    if (!generated) throw new Error(`${name} holds no generated orders: run the reports bench with BENCH_REPORT_DATABASE=${name} first`);
    const now = new Date(generated.generated_at);
    const reports = new Reports(db, () => now);
    let statements = 0;
    db.on('query', () => (statements += 1));
    // What reading the counters itself reads, taken off every figure.
    const first = await handlerCounters(db);
    const second = await handlerCounters(db);
    const ownReads = sumOf(first, second, isRead);
    const ownWrites = sumOf(first, second, isWrite);

    const thread = await connectionThread(db);
    if (!thread) console.log('(the database thread was not found: no database CPU figures)');
    const threadNs = () => (thread ? Number(readFileSync(`/proc/${thread.pid}/task/${thread.tid}/schedstat`, 'utf8').split(' ')[0]) : 0);

    const figures: CallReads[] = [];
    for (const entry of reportCallPlan(now)) {
      const call = callOf(reports, entry.path);
      await call(); // warm: buffer pool pages, the statements' plans
      const before = await handlerCounters(db);
      statements = 0;
      const answer = JSON.stringify(await call());
      const sent = statements;
      const after = await handlerCounters(db);
      const times: number[] = [];
      const databaseBefore = threadNs();
      const nodeBefore = process.cpuUsage();
      for (let i = 0; i < perCall; i++) {
        const started = process.hrtime.bigint();
        JSON.stringify(await call());
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      const node = process.cpuUsage(nodeBefore);
      const databaseNs = threadNs() - databaseBefore;
      times.sort((a, b) => a - b);
      const round2 = (ms: number) => Math.round(ms * 100) / 100;
      figures.push({
        call: entry.call,
        range: entry.range,
        statements: sent,
        rowsRead: sumOf(before, after, isRead) - ownReads,
        rowsWritten: sumOf(before, after, isWrite) - ownWrites,
        bytes: Buffer.byteLength(answer),
        sha256: createHash('sha256').update(answer).digest('hex').slice(0, 16),
        databaseCpuMs: thread ? round2(databaseNs / 1e6 / perCall) : null,
        nodeCpuMs: round2((node.user + node.system) / 1e3 / perCall),
        medianMs: round2(times[Math.floor(times.length / 2)]!),
      });
      const f = figures[figures.length - 1]!;
      console.log(
        `${`${f.call}${f.range ? ` (${f.range})` : ''}`.padEnd(72)} ${String(f.statements).padStart(3)} stmts ${String(f.rowsRead).padStart(7)} read ${String(f.rowsWritten).padStart(6)} written ${String(f.bytes).padStart(7)} B  ${f.sha256}  db ${String(f.databaseCpuMs ?? '-').padStart(5)} node ${String(f.nodeCpuMs).padStart(5)} CPU ms  median ${String(f.medianMs).padStart(6)} ms`,
      );
    }
    if (process.env.BENCH_READS_JSON) writeFileSync(process.env.BENCH_READS_JSON, `${JSON.stringify(figures, null, 2)}\n`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
