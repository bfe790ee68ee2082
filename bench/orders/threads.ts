import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ServiceThreadData } from './service-thread';

/** Starts one service on its own thread (as each is its own process in production); answers its URL. */
export function startThread(data: ServiceThreadData, threads: Worker[]): Promise<string> {
  // A worker does not inherit tsx's hooks: register them there, then load the TypeScript entry.
  const entry = path.join(__dirname, 'service-thread.ts');
  const thread = new Worker(`require('tsx/cjs'); require(${JSON.stringify(entry)});`, { eval: true, workerData: data });
  threads.push(thread);
  return new Promise((resolve, reject) => {
    thread.once('message', (message: { url: string }) => resolve(message.url));
    thread.once('error', reject);
    thread.once('exit', (code) => reject(new Error(`${data.service} thread stopped (${code})`)));
  });
}

export function stopThread(thread: Worker): Promise<void> {
  return new Promise((resolve) => {
    thread.once('exit', () => resolve());
    thread.postMessage('stop');
    setTimeout(() => void thread.terminate(), 5000).unref();
  });
}
