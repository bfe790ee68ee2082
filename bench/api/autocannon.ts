/**
 * The public API through the gateway under load (autocannon, 50 connections), each endpoint beside
 * a raw node http server answering the same JSON bytes in the same run: the ratio shows what the
 * gateway and the services cost over the fastest a Node process on this machine can answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 2xx, and connection errors or timeouts. */
  failed: number;
}

export interface EndpointFigures {
  path: string;
  gateway: LoadFigures;
  raw: LoadFigures;
}

export interface ApiBenchOptions {
  connections?: number;
  seconds?: number;
}

/** A plain node:http server in a process of its own (as the gateway is), answering fixed bytes per path. */
const RAW_SERVER = `
const http = require('node:http');
let answers = new Map();
const server = http.createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { 'content-type': answer.type, 'content-length': answer.body.length });
  res.end(answer.body);
});
server.keepAliveTimeout = 65000;
process.once('message', (list) => {
  answers = new Map(list.map(([path, type, body]) => [path, { type, body: Buffer.from(body, 'base64') }]));
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
});
process.on('disconnect', () => process.exit(0));
`;

async function startRawServer(answers: Array<[path: string, type: string, body: Buffer]>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', RAW_SERVER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.send(answers.map(([path, type, body]) => [path, type, body.toString('base64')]));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`raw server stopped (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function load(url: string, connections: number, seconds: number): Promise<LoadFigures> {
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** GET each path through the gateway, then the same bytes from the raw server, one after the other. */
export async function benchApi(gatewayUrl: string, paths: string[], options: ApiBenchOptions = {}): Promise<EndpointFigures[]> {
  const connections = options.connections ?? 50;
  const seconds = options.seconds ?? Number(process.env.BENCH_API_SECONDS ?? 8);
  const answers: Array<[string, string, Buffer]> = [];
  for (const path of paths) {
    const response = await fetch(`${gatewayUrl}${path}`, { headers: { 'accept-encoding': 'identity' } });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    answers.push([path, response.headers.get('content-type') ?? 'application/json', Buffer.from(await response.arrayBuffer())]);
  }
  const raw = await startRawServer(answers);
  try {
    const figures: EndpointFigures[] = [];
    for (const path of paths) {
      // A short warm-up of both (JIT, connection pools, caches), not counted.
      await autocannon({ url: `${gatewayUrl}${path}`, connections, duration: 1 });
      await autocannon({ url: `${raw.url}${path}`, connections, duration: 1 });
      const gateway = await load(`${gatewayUrl}${path}`, connections, seconds);
      const baseline = await load(`${raw.url}${path}`, connections, seconds);
      figures.push({ path, gateway, raw: baseline });
    }
    return figures;
  } finally {
    raw.child.kill();
  }
}
