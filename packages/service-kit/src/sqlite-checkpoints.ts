import { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';
import { dialectOf } from './database';

export interface BackgroundCheckpoints {
  /** Stops the checkpoints (a last one runs first); the database itself stays open. */
  stop(): Promise<void>;
}

export interface BackgroundCheckpointOptions {
  /** How often the WAL is copied into the database file (ms). */
  everyMs?: number;
  /**
   * WAL frames (pages) past which the service's connection checkpoints in its commits again, as
   * by default, until the WAL is short. The WAL starts over only when a commit finds it all
   * copied, which under writes that never pause a checkpoint beside them seldom leaves it; the
   * writer's own checkpoint always does. (A restarting checkpoint from here would make the
   * writer's commits wait, asleep, for it: 35 % fewer replies per second back to back.)
   */
  longWalFrames?: number;
}

/**
 * Runs in the worker: its own connection to the file, a passive checkpoint every `everyMs` (it
 * copies what was committed into the database file and syncs it, beside the writer, never
 * holding its lock), and word to the service whenever the WAL becomes long or short again.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const failed = (error) => parentPort.postMessage({ error: String(error && error.message ? error.message : error) });
(() => {
  let db;
  try {
    db = new Database(workerData.filename, { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
  } catch (error) {
    failed(error);
    parentPort.close();
    return;
  }
  let long = false;
  const checkpoint = () => {
    try {
      const [result] = db.pragma('wal_checkpoint(PASSIVE)');
      const now = Boolean(result && result.log > workerData.longWalFrames);
      if (now !== long) parentPort.postMessage({ long: (long = now) });
    } catch (error) {
      failed(error);
    }
  };
  const timer = setInterval(checkpoint, workerData.everyMs);
  parentPort.on('message', (message) => {
    if (message !== 'stop') return;
    clearInterval(timer);
    checkpoint();
    db.close();
    parentPort.close();
  });
})();
`;

/**
 * SQLite only: moves the WAL's checkpoints off the service's event loop. By default the
 * connection that commits runs a checkpoint every 1,000 WAL pages, inside that commit: it copies
 * the pages into the database file and syncs both files to disk, 5-100 ms on this machine's disk
 * while every request waits (better-sqlite3 is synchronous). A service that writes on every
 * request (the assistant: a conversation per message) had one such stall every 170 or so
 * messages. Here the service's connection does not checkpoint while a worker thread with a
 * connection of its own does it beside it (every 500 ms); a commit then only appends to the WAL.
 *
 * Nothing for MySQL or an in-memory database (answers a stop that does nothing).
 */
export async function checkpointInBackground(
  db: Knex,
  options: BackgroundCheckpointOptions & { onError?: (message: string) => void } = {},
): Promise<BackgroundCheckpoints> {
  const filename = (db.client.config.connection as { filename?: string } | undefined)?.filename;
  if (dialectOf(db) !== 'sqlite' || !filename || filename === ':memory:') return { stop: async () => undefined };
  await db.raw('PRAGMA wal_autocheckpoint = 0');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver: require.resolve('better-sqlite3'),
      filename,
      everyMs: options.everyMs ?? 500,
      longWalFrames: options.longWalFrames ?? 4000,
    },
  });
  // The service's shutdown decides when the process ends, not this thread.
  worker.unref();
  worker.on('message', (message: { error?: string; long?: boolean }) => {
    if (message.error) options.onError?.(message.error);
    if (message.long !== undefined)
      void db.raw(`PRAGMA wal_autocheckpoint = ${message.long ? 1000 : 0}`).catch((error: unknown) => options.onError?.(String(error)));
  });
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      // A thread that died leaves the checkpoints to the service's connection again, as SQLite does by default.
      if (!stopping) void db.raw('PRAGMA wal_autocheckpoint = 1000').catch(() => undefined);
      resolve();
    }),
  );
  worker.on('error', (error: unknown) => options.onError?.(error instanceof Error ? error.message : String(error)));
  return {
    stop: async () => {
      stopping = true;
      worker.postMessage('stop');
      await exited;
    },
  };
}
