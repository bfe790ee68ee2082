import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The bench parts whose timings the measuring process itself is part of, by the module and function that run them. */
export const FRESH_PROCESS_PARTS = {
  chat: { file: path.join(__dirname, 'chat', 'chat.bench.ts'), exportName: 'benchChat' },
  orders: { file: path.join(__dirname, 'orders', 'orders.bench.ts'), exportName: 'benchOrders' },
  rawInserts: { file: path.join(__dirname, 'orders', 'rawInserts.ts'), exportName: 'benchRawInserts' },
  reports: { file: path.join(__dirname, 'orders', 'reports.bench.ts'), exportName: 'benchReports' },
} as const;

export type FreshProcessPart = keyof typeof FRESH_PROCESS_PARTS;

/**
 * Runs one bench part in a node process of its own (its printed lines on this one's output) and
 * answers what the part returned.
 *
 * The orders and reports benches run the services on worker threads of the process that measures
 * them. Run after Lighthouse in `npm run bench`, that process still held Lighthouse's modules and
 * results, and V8's garbage collector shares its helper threads between a process's threads: the
 * same reports on the same kept database answered at p50 9-11 ms instead of 6-8 (alone), and the
 * order reports' p95 went from 9-12 to 22-32 ms. A part's figures must not depend on which parts
 * ran before it in the same command. The assistant's twenty conversations are timed by this
 * process's event loop as well, so they too start from a process of their own.
 */
export async function inFreshProcess<Result>(part: FreshProcessPart, options: object = {}): Promise<Result> {
  const resultFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-part-')), 'result.json');
  const { file, exportName } = FRESH_PROCESS_PARTS[part];
  const child = spawn(
    process.execPath,
    [require.resolve('tsx/cli'), path.join(__dirname, 'freshProcessEntry.ts'), file, exportName, JSON.stringify(options), resultFile],
    { stdio: 'inherit', env: process.env },
  );
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`the ${part} bench stopped with exit code ${code}`);
    return JSON.parse(fs.readFileSync(resultFile, 'utf8')) as Result;
  } finally {
    fs.rmSync(path.dirname(resultFile), { recursive: true, force: true });
  }
}
