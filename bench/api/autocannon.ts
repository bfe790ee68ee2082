/**
 * The public API through the gateway under load (autocannon, 50 connections), each endpoint beside
 * a raw node http server sending the same bytes (head and body) in the same run: the ratio shows what the
 * gateway and the services cost over the fastest a Node process on this machine can answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
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
  /** The raw server sending the gateway's whole answer, head and body: the baseline. */
  raw: LoadFigures;
  /** The raw server sending the body with three headers, the baseline before issue 28's "same bytes", to compare with earlier runs. */
  rawBodyOnly: LoadFigures;
  /** Bytes of the head (status line to the blank line) from the gateway, the raw server, and the earlier body-only one. */
  headBytes: { gateway: number; raw: number; rawBodyOnly: number };
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

/**
 * A plain node:http server in a process of its own (as the gateway is), answering fixed bytes per
 * path. `head`, the issue's own words ("a raw node server sending the same bytes"): the gateway's
 * whole answer, its head too, each header in the gateway's order through the public writeHead as
 * any Node server sends headers; only what the gateway makes per answer is made per answer here too
 * (Date and Connection by Node as for the gateway, Age from the clock, a request id of the
 * gateway's shape: a fixed prefix and a counter). `body`: the body with three headers
 * (content-type, content-length, content-encoding), the baseline of runs before issue 28's
 * "same bytes" change, still measured to compare with them.
 */
const RAW_SERVER = `
const http = require('node:http');
const started = Date.now();
const prefix = 'ffffffff-ffff-4fff-bfff-';
let count = 0;
let answers = new Map();
const server = http.createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) { res.writeHead(404); res.end(); return; }
  if (answer.head) {
    const head = answer.head.slice();
    count += 1;
    if (answer.age >= 0) head[answer.age] = String(Math.floor((Date.now() - started) / 1000));
    if (answer.requestId >= 0) head[answer.requestId] = prefix + count.toString(16).padStart(12, '0');
    res.writeHead(200, head);
  } else {
    const headers = { 'content-type': answer.type, 'content-length': answer.body.length };
    if (answer.encoding) headers['content-encoding'] = answer.encoding;
    res.writeHead(200, headers);
  }
  res.end(answer.body);
});
server.keepAliveTimeout = 65000;
process.once('message', ({ answers: list, wholeHead }) => {
  answers = new Map(
    list.map(([path, type, encoding, body, head]) => {
      // Node writes these itself on every answer, the gateway's as much as this one's.
      const kept = [];
      for (let n = 0; wholeHead && n < head.length; n += 2)
        if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(head[n].toLowerCase())) kept.push(head[n], head[n + 1]);
      const at = (name) => { const n = kept.findIndex((value, i) => i % 2 === 0 && value.toLowerCase() === name); return n < 0 ? -1 : n + 1; };
      return [path, { type, encoding, body: Buffer.from(body, 'base64'), head: wholeHead ? kept : null, age: at('age'), requestId: at('x-request-id') }];
    }),
  );
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
  /** The gateway's head as it sent it: [name, value, ...] in its order and spelling. */
  head: string[];
}

/** `wholeHead`: the gateway's head too (the baseline since issue 28), or the body with three headers (the earlier one). */
async function startRawServer(answers: FixedAnswer[], wholeHead: boolean): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', RAW_SERVER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.send({
    wholeHead,
    answers: answers.map(({ path, type, encoding, body, head }) => [path, type, encoding, body.toString('base64'), head]),
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`raw server stopped (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/**
 * Reads before the counted seconds, the same number for the gateway and the raw server: until
 * V8's optimising compiler has compiled each one's hot path (on this machine the gateway's cached
 * read settles after about 70,000 reads; a one-second warm-up left it compiling during the counted
 * seconds, at whatever rate the load allowed).
 */
const WARM_UP_READS = 100_000;

/**
 * One-second rounds until WARM_UP_READS are read (autocannon's own `amount` left connections
 * unread and never ended here once); at most 30 rounds, for a machine too slow to read them all.
 */
async function warmUp(url: string, connections: number): Promise<void> {
  let read = 0;
  for (let round = 0; round < 30 && read < WARM_UP_READS; round++)
    read += (await autocannon({ url, connections, duration: 1, headers: BROWSER_HEADERS })).requests.total;
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
            head: response.rawHeaders,
          });
        });
      })
      .on('error', reject);
  });
}

/** The bytes of an answer's head as they came on the wire: the status line and each header line. */
function headBytesOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname, port, pathname, search } = new URL(url);
    const socket = net.connect(Number(port), hostname, () => {
      const asked = Object.entries(BROWSER_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`GET ${pathname}${search} HTTP/1.1\r\nhost: ${hostname}:${port}\r\nconnection: close\r\n${asked.join('')}\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      const end = Buffer.concat(chunks).indexOf('\r\n\r\n');
      // Connection: close here where the load keeps the connection alive: the same for all three.
      if (end < 0) reject(new Error(`${url}: no head`));
      else resolve(end + 4);
    });
    socket.on('error', reject);
  });
}

/**
 * GET each path through the gateway, then the same bytes from the raw server, one after the other
 * (and, to compare with runs before the raw server sent the gateway's head, from the body-only one).
 */
export async function benchApi(gatewayUrl: string, paths: string[], options: ApiBenchOptions = {}): Promise<EndpointFigures[]> {
  const connections = options.connections ?? 50;
  const seconds = options.seconds ?? Number(process.env.BENCH_API_SECONDS ?? 8);
  const answers: FixedAnswer[] = [];
  for (const path of paths) {
    // The first read may be the service's answer through the proxy; the load reads the kept one.
    await fetchAsSent(`${gatewayUrl}${path}`, path);
    answers.push(await fetchAsSent(`${gatewayUrl}${path}`, path));
  }
  const raw = await startRawServer(answers, true);
  const bodyOnly = await startRawServer(answers, false);
  try {
    const figures: EndpointFigures[] = [];
    for (const path of paths) {
      // Minutes after the answers were first read, the gateway's kept one may have expired: a read
      // first, so the head measured is the kept answer's, the one the load reads (a read on a
      // connection that closes is not kept, hence not headBytesOf's).
      await fetchAsSent(`${gatewayUrl}${path}`, path);
      const headBytes = {
        gateway: await headBytesOf(`${gatewayUrl}${path}`),
        raw: await headBytesOf(`${raw.url}${path}`),
        rawBodyOnly: await headBytesOf(`${bodyOnly.url}${path}`),
      };
      await warmUp(`${gatewayUrl}${path}`, connections);
      await warmUp(`${raw.url}${path}`, connections);
      await warmUp(`${bodyOnly.url}${path}`, connections);
      const gateway = await load(`${gatewayUrl}${path}`, connections, seconds);
      const baseline = await load(`${raw.url}${path}`, connections, seconds);
      const rawBodyOnly = await load(`${bodyOnly.url}${path}`, connections, seconds);
      figures.push({ path, gateway, raw: baseline, rawBodyOnly, headBytes });
    }
    return figures;
  } finally {
    raw.child.kill();
    bodyOnly.child.kill();
  }
}
