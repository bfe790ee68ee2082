/**
 * The public API through the gateway under load (autocannon, 50 connections), each endpoint beside
 * a raw node http server answering the same JSON bytes in the same run: the ratio shows what the
 * gateway and the services cost over the fastest a Node process on this machine can answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
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

/**
 * What Chromium sends with every request: shoppers' browsers always ask for compressed answers, so
 * the load does too (without it, the 59 KB product lists measure loopback copying, not the shop).
 */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'application/json' };

/** A plain node:http server in a process of its own (as the gateway is), answering fixed bytes per path. */
const RAW_SERVER = `
const http = require('node:http');
let answers = new Map();
const server = http.createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) { res.writeHead(404); res.end(); return; }
  const headers = { 'content-type': answer.type, 'content-length': answer.body.length };
  if (answer.encoding) headers['content-encoding'] = answer.encoding;
  res.writeHead(200, headers);
  res.end(answer.body);
});
server.keepAliveTimeout = 65000;
process.once('message', (list) => {
  answers = new Map(list.map(([path, type, encoding, body]) => [path, { type, encoding, body: Buffer.from(body, 'base64') }]));
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
});
process.on('disconnect', () => process.exit(0));
`;

interface FixedAnswer {
  path: string;
  type: string;
  /** The content-encoding the gateway chose for a browser's request ('' for none). */
  encoding: string;
  body: Buffer;
}

async function startRawServer(answers: FixedAnswer[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', RAW_SERVER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.send(answers.map(({ path, type, encoding, body }) => [path, type, encoding, body.toString('base64')]));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`raw server stopped (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function load(url: string, connections: number, seconds: number): Promise<LoadFigures> {
  const result = await autocannon({ url, connections, duration: seconds, headers: BROWSER_HEADERS });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** The answer's bytes exactly as the gateway sends them to a browser (fetch would decompress them). */
function fetchAsSent(url: string, path: string): Promise<FixedAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_HEADERS }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`${path} answered ${response.statusCode}`));
          resolve({
            path,
            type: response.headers['content-type'] ?? 'application/json',
            encoding: response.headers['content-encoding'] ?? '',
            body: Buffer.concat(chunks),
          });
        });
      })
      .on('error', reject);
  });
}

/** GET each path through the gateway, then the same bytes from the raw server, one after the other. */
export async function benchApi(gatewayUrl: string, paths: string[], options: ApiBenchOptions = {}): Promise<EndpointFigures[]> {
  const connections = options.connections ?? 50;
  const seconds = options.seconds ?? Number(process.env.BENCH_API_SECONDS ?? 8);
  const answers: FixedAnswer[] = [];
  for (const path of paths) answers.push(await fetchAsSent(`${gatewayUrl}${path}`, path));
  const raw = await startRawServer(answers);
  try {
    const figures: EndpointFigures[] = [];
    for (const path of paths) {
      // A short warm-up of both (JIT, connection pools, caches), not counted.
      await autocannon({ url: `${gatewayUrl}${path}`, connections, duration: 1, headers: BROWSER_HEADERS });
      await autocannon({ url: `${raw.url}${path}`, connections, duration: 1, headers: BROWSER_HEADERS });
      const gateway = await load(`${gatewayUrl}${path}`, connections, seconds);
      const baseline = await load(`${raw.url}${path}`, connections, seconds);
      figures.push({ path, gateway, raw: baseline });
    }
    return figures;
  } finally {
    raw.child.kill();
  }
}
