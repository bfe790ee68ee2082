import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createDatabase } from './database';
import { checkpointInBackground } from './sqlite-checkpoints';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SQLite checkpoints in the background', () => {
  let dir: string;
  let file: string;
  let db: Knex;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-checkpoints-'));
    file = path.join(dir, 'test.sqlite');
    db = createDatabase({ service: 'checkpoints', sqliteFile: file, env: {} });
    await db.schema.createTable('notes', (table) => {
      table.increments('id');
      table.text('text').notNullable();
    });
  });

  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const writeNotes = async (count: number) => {
    // One commit each, as a service writes one per request.
    for (let i = 0; i < count; i++) await db('notes').insert({ text: `note ${i} `.repeat(200) });
  };

  it('leaves the commits to append to the WAL and copies it into the database file beside them', async () => {
    const checkpoints = await checkpointInBackground(db, { everyMs: 20 });
    try {
      // The service's own connection never checkpoints: no commit waits on a disk sync.
      expect((await db.raw('PRAGMA wal_autocheckpoint')) as unknown).toEqual([{ wal_autocheckpoint: 0 }]);
      const before = fs.statSync(file).size;
      await writeNotes(200);
      await sleep(200);
      // About 400 KB of notes reached the database file: only the worker's checkpoints copy them there.
      expect(fs.statSync(file).size - before).toBeGreaterThan(300_000);
      expect(await db('notes').count({ count: '*' })).toEqual([{ count: 200 }]);
    } finally {
      await checkpoints.stop();
    }
  });

  it('lets the connection checkpoint in its commits while the WAL is long, and takes it back once short', async () => {
    const checkpoints = await checkpointInBackground(db, { everyMs: 20, longWalFrames: 20 });
    try {
      await writeNotes(60);
      await sleep(150);
      expect((await db.raw('PRAGMA wal_autocheckpoint')) as unknown).toEqual([{ wal_autocheckpoint: 1000 }]);
      // This commit finds the WAL all copied and starts it over: short again.
      await writeNotes(1);
      await sleep(150);
      expect((await db.raw('PRAGMA wal_autocheckpoint')) as unknown).toEqual([{ wal_autocheckpoint: 0 }]);
    } finally {
      await checkpoints.stop();
    }
  });

  it('stops with a last checkpoint and leaves the database open', async () => {
    const checkpoints = await checkpointInBackground(db, { everyMs: 60_000 });
    const before = fs.statSync(file).size;
    await writeNotes(50);
    await checkpoints.stop();
    expect(fs.statSync(file).size - before).toBeGreaterThan(50_000);
    await writeNotes(1);
    expect(await db('notes').count({ count: '*' })).toEqual([{ count: 51 }]);
  });

  it('hands the checkpoints back to the connection when the worker cannot run', async () => {
    const errors: string[] = [];
    // The worker opens the file by its name, which is not there for a moment.
    fs.renameSync(file, `${file}.moved`);
    const checkpoints = await checkpointInBackground(db, { everyMs: 20, onError: (message) => errors.push(message) });
    await sleep(300);
    fs.renameSync(`${file}.moved`, file);
    expect(errors.join(' ')).toMatch(/unable to open|does not exist|SQLITE_CANTOPEN/i);
    // Were the connection left without checkpoints, its WAL would grow without end.
    expect((await db.raw('PRAGMA wal_autocheckpoint')) as unknown).toEqual([{ wal_autocheckpoint: 1000 }]);
    await checkpoints.stop();
  });

  it('does nothing for an in-memory database', async () => {
    const memory = createDatabase({ service: 'checkpoints', sqliteFile: ':memory:', env: {} });
    try {
      const checkpoints = await checkpointInBackground(memory);
      expect((await memory.raw('PRAGMA wal_autocheckpoint')) as unknown).toEqual([{ wal_autocheckpoint: 1000 }]);
      await checkpoints.stop();
    } finally {
      await memory.destroy();
    }
  });
});
