import { parentPort, workerData } from 'node:worker_threads';
import { createLogger } from '@shop/service-kit/logger';
import { createDrawer, type DrawingConfig, type DrawingJob } from './drawing';

/** The gateway's drawing thread (see drawing.ts): one job at a time per message, answered by id. */
const draw = createDrawer(workerData as DrawingConfig, createLogger('gateway'));

parentPort?.on('message', (message: { id: number; job: DrawingJob }) => {
  draw(message.job)
    .catch(() => null)
    .then((page) => parentPort?.postMessage({ id: message.id, page }));
});
