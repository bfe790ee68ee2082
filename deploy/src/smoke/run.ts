/**
 * Small process helpers of the smoke: every command it runs is printed when it fails, never
 * silently retried, and nothing is installed.
 */
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';

export interface Ran {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion, its output captured. */
export function run(command: string, args: string[], options: SpawnSyncOptions = {}): Ran {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, ...options });
  return {
    status: result.error ? 127 : (result.status ?? 1),
    stdout: String(result.stdout ?? ''),
    stderr: result.error ? result.error.message : String(result.stderr ?? ''),
  };
}

/** Runs a command that must succeed; its output goes to the log file the smoke keeps. */
export function mustRun(command: string, args: string[], log: (text: string) => void, options: SpawnSyncOptions = {}): string {
  log(`$ ${command} ${args.join(' ')}\n`);
  const ran = run(command, args, options);
  log(ran.stdout + ran.stderr);
  if (ran.status !== 0)
    throw new Error(`${command} ${args.slice(0, 4).join(' ')} … failed (${ran.status}): ${lastLines(ran.stderr || ran.stdout)}`);
  return ran.stdout;
}

/** A long command (image builds) streamed into the log instead of buffered. */
export function runStreaming(command: string, args: string[], log: (text: string) => void, env?: NodeJS.ProcessEnv): Promise<void> {
  log(`$ ${command} ${args.join(' ')}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const take = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      tail = (tail + text).slice(-4000);
      log(text);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code}): ${lastLines(tail)}`)),
    );
  });
}

export const lastLines = (text: string, count = 6): string => text.trim().split('\n').slice(-count).join('\n');
