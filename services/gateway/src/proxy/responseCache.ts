import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type Koa from 'koa';
import { parseDigits } from '@shop/api-types';
import { instanceRotation, millisecondsSince } from '@shop/service-kit';
import type { UpstreamRoute } from '../config';
import { prefixTable } from '../routing/prefixTable';
import { normalPathOf } from '../routing/requestPath';
import { preparedHead, type PreparedHead } from './preparedHead';

/** What a cached answer keeps: the service's own headers, never the gateway's per-request ones. */
const KEPT_HEADERS = ['content-type', 'content-encoding', 'content-language', 'etag', 'last-modified', 'cache-control', 'vary'];

interface Entry {
  area: string;
  /** The request the answer was made for, to ask the service again for it before it expires. */
  url: string;
  encoding: Encoding;
  headers: Record<string, string>;
  /** The same headers plus content-length as a flat [name, value, ...] list, built once: the hot path hands it to writeHead as is. */
  headerList: string[];
  /**
   * The raw path's whole head per set of security headers, built and checked on first use: age
   * and request id first (their values filled in per answer), then the security headers, then
   * headerList.
   */
  rawHeads: Map<readonly string[], PreparedHead>;
  body: Buffer;
  /**
   * A small body again as a one-byte string of the same bytes (latin1), for the raw path: Node
   * joins a string body to the head and writes them as one chunk, where a Buffer body is a chunk
   * of its own after the head's (callgrind: about 3,200 instructions less per cached read of a
   * product, 4 %). Null for a larger body (see WIRE_TEXT_MAX_BYTES).
   */
  bodyText: string | null;
  etag: string | undefined;
  storedAt: number;
  freshForMs: number;
}

/** An answer given on the raw connection, as the gateway's metrics and access log record it. */
export interface RawAnswered {
  method: string;
  url: string;
  status: number;
  route: string;
  requestId: string;
}

/**
 * What the gateway adds to an answer on the raw connection, made once and used for every request
 * (on this path a closure or an object spread per request was a measurable share of its cost).
 */
export interface RawAnswerHooks {
  /** A new request id (the gateway makes them; a client's own is not trusted). */
  requestId(): string;
  /** The security headers every gateway answer carries, as a flat [name, value, ...] list. */
  securityHeaders(req: IncomingMessage): readonly string[];
  /** Records the answer (metrics, access log) as the Koa chain would. */
  done(answered: RawAnswered, req: IncomingMessage, ms: number): void;
}

/** Answers a fresh cached read on the raw connection (see answerRaw in responseCache). */
type AnswerRaw = (req: IncomingMessage, res: ServerResponse, hooks: RawAnswerHooks) => boolean;

export interface ResponseCacheOptions {
  /** Largest answer kept (bytes). */
  maxEntryBytes?: number;
  /** All answers together (bytes); the oldest go first. */
  maxTotalBytes?: number;
  now?: () => number;
  /**
   * Tells the other gateways that staff changed an area (shared/sharedState.ts); the staff's answer
   * ends once it has, so a read they make next through any gateway sees the change.
   */
  announceChange?: (area: string) => Promise<void>;
}

type Encoding = 'br' | 'gzip' | 'identity';

/** Browsers send a handful of distinct Accept-Encoding values, each thousands of times. */
const encodingOfHeader = new Map<string, Encoding>();

/** preferredEncoding, remembered per header value (bounded: a client sending random values only fills it once). */
function encodingFor(acceptEncoding: string): Encoding {
  const known = encodingOfHeader.get(acceptEncoding);
  if (known) return known;
  const encoding = preferredEncoding(acceptEncoding);
  if (encodingOfHeader.size < 256) encodingOfHeader.set(acceptEncoding, encoding);
  return encoding;
}

/** The encoding the answer is asked in: one per client kind, so the cache holds at most three copies. */
export function preferredEncoding(acceptEncoding: string): Encoding {
  const accepted = new Set(
    acceptEncoding
      .toLowerCase()
      .split(',')
      .map((part) => part.split(';').map((piece) => piece.trim()))
      .filter(([, ...params]) => !params.some((param) => /^q=0(\.0*)?$/.test(param)))
      .map(([name]) => name),
  );
  const accepts = (name: string) => accepted.has(name);
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

/** Seconds a shared cache may keep the answer (Cache-Control: public with s-maxage or max-age), or 0. */
export function sharedFreshness(cacheControl: string | undefined): number {
  if (!cacheControl) return 0;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());
  if (!directives.includes('public') || directives.some((d) => d === 'private' || d === 'no-store' || d === 'no-cache')) return 0;
  // delta-seconds are digits only (RFC 9111); a directive with anything else is ignored.
  const age = (name: string): number | null => {
    const found = directives.find((d) => d.startsWith(`${name}=`));
    return found === undefined ? null : parseDigits(found.slice(name.length + 1));
  };
  const seconds = age('s-maxage') ?? age('max-age');
  return seconds !== null && seconds > 0 ? seconds : 0;
}

/** How long before it expires a kept answer is asked for again: its last fifth, ten seconds at most. */
export function refreshAheadMs(freshForMs: number): number {
  return Math.min(10_000, freshForMs / 5);
}

/**
 * A shared HTTP cache in the gateway for the services' public reads, as a CDN or nginx's
 * proxy_cache would be: an answer a service marks `Cache-Control: public, max-age=N` (the
 * catalogue's brands, categories and products) is kept for N seconds, per URL and per encoding
 * (brotli, gzip, none), and answered from memory, with a 304 when the shopper's ETag matches.
 * Every change staff make through the gateway to an area (a POST, PUT, PATCH or DELETE on its
 * /api/admin/ routes that succeeds, see changedByStaff) empties that area's answers at once, so
 * shoppers see edits immediately, and with `announceChange` (REDIS_URL) every other gateway
 * empties it too (clearArea) before the staff's answer ends; max-age bounds what changes by other
 * ways (internal calls, an announcement lost while Redis was unreachable).
 *
 * Shortly before max-age (see refreshAheadMs), a read still gets the kept answer while one request
 * in the background asks the service again: a busy list never expires for everyone at once
 * (without it, every shopper asking in that moment waits on the service together). An answer past
 * max-age is never sent, though the services allow stale-while-revalidate: a browser takes an
 * answer older than its max-age as stale at once, and asks again for what it had just preloaded.
 *
 * Only answers marked public are kept, so, as RFC 9111 (3.5) allows, a signed-in shopper's read
 * (the storefront sends its token with every call) is answered from and kept in the cache too.
 * A miss goes through the proxy unchanged (its timeouts, 503s and limits); its answer is copied
 * as it streams to the client.
 */
export function responseCache(
  upstreams: UpstreamRoute[],
  options: ResponseCacheOptions = {},
): Koa.Middleware & { clear(): void; clearArea(area: string): void; answerRaw: AnswerRaw; generation(area: string): number } {
  const maxEntryBytes = options.maxEntryBytes ?? 2 * 1024 * 1024;
  const maxTotalBytes = options.maxTotalBytes ?? 64 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  const routeOfArea = new Map(upstreams.map((route) => [route.area, route]));
  // A service of several instances (a comma list) is asked in turn, as the proxy does.
  const rotationOfArea = new Map(upstreams.map((route) => [route.area, instanceRotation(route.target)]));
  const areaOf = prefixTable(upstreams.flatMap((route) => route.prefixes.map((prefix) => ({ prefix, value: route.area }))));

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.body.length;
    entries.delete(key);
  };
  const store = (key: string, entry: Entry) => {
    remove(key);
    entries.set(key, entry);
    totalBytes += entry.body.length;
    // Map order is insertion order: the oldest answers go first.
    for (const oldest of entries.keys()) {
      if (totalBytes <= maxTotalBytes) break;
      remove(oldest);
    }
  };
  /**
   * Services compress for speed (brotli 4): every answer is compressed as it is made. An answer the
   * cache keeps is sent thousands of times, so it is worth brotli's best once, in the background
   * (about a sixth fewer bytes on a product list for a shopper on mobile data); until then, and if
   * that fails, the service's own bytes are sent.
   */
  const recompress = (key: string, entry: Entry) => {
    if (entry.headers['content-encoding'] !== 'br' || entry.body.length < RECOMPRESS_MIN_BYTES) return;
    brotliDecompress(entry.body)
      .then((plain) =>
        brotliCompress(plain, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          },
        }),
      )
      .then((best) => {
        // Replaced, emptied or expired meanwhile: nothing to improve.
        if (entries.get(key) !== entry || best.length >= entry.body.length) return;
        store(key, {
          ...entry,
          body: best,
          bodyText: wireTextOf(best),
          headerList: headerListOf(entry.headers, best),
          rawHeads: new Map(),
        });
      })
      .catch(() => undefined);
  };
  /**
   * Per area, bumped whenever its answers are emptied (a change went through): what was drawn from
   * them (first screens) is stale then. `everything` moves with every area.
   */
  const generations = new Map<string, number>();
  let everything = 0;
  const clearArea = (area: string) => {
    generations.set(area, (generations.get(area) ?? 0) + 1);
    for (const [key, entry] of entries) if (entry.area === area) remove(key);
  };
  const generation = (area: string) => everything + (generations.get(area) ?? 0);

  /** Keeps a service's answer for a request, if it is a 200 a shared cache may keep (public, with a max-age, no cookie). */
  const keep = (key: string, asked: Pick<Entry, 'area' | 'url' | 'encoding'>, answer: CapturedAnswer): void => {
    const freshSeconds = sharedFreshness(answer.headers['cache-control']);
    if (answer.status !== 200 || freshSeconds === 0 || answer.setsCookie) return;
    const entry: Entry = {
      ...asked,
      headers: answer.headers,
      headerList: headerListOf(answer.headers, answer.body),
      rawHeads: new Map(),
      body: answer.body,
      bodyText: wireTextOf(answer.body),
      etag: answer.headers.etag,
      storedAt: now(),
      freshForMs: freshSeconds * 1000,
    };
    store(key, entry);
    recompress(key, entry);
  };

  /**
   * Misses being asked of a service, by key, until its answer is kept or refused: a list that
   * expired while nobody read it, then read by fifty shoppers at once, was fifty requests to the
   * service (each building and compressing the list) where one serves them all.
   */
  const asking = new Map<string, Promise<void>>();

  /** Keys being asked for again in the background: one request each, however many shoppers ask meanwhile. */
  const refreshing = new Set<string>();
  const refreshAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const refresh = (key: string, expiring: Entry) => {
    const route = routeOfArea.get(expiring.area);
    if (!route || refreshing.has(key)) return;
    refreshing.add(key);
    const askedIn = generation(expiring.area);
    const done = () => refreshing.delete(key);
    const request = http.get(
      new URL(expiring.url, rotationOfArea.get(expiring.area)!.order()[0]),
      { agent: refreshAgent, headers: { 'accept-encoding': expiring.encoding, 'x-request-id': randomUUID() } },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= maxEntryBytes) chunks.push(chunk);
        });
        response.on('error', done);
        response.on('end', () => {
          done();
          // A change went through meanwhile: this answer may predate it, and the next read asks anew.
          if (size > maxEntryBytes || generation(expiring.area) !== askedIn) return;
          keep(key, expiring, {
            status: response.statusCode ?? 0,
            headers: keptHeaders((name) => response.headers[name]),
            body: Buffer.concat(chunks),
            setsCookie: Boolean(response.headers['set-cookie']),
          });
        });
      },
    );
    // A slow or failing service leaves the kept answer in place until it expires.
    request.setTimeout(route.timeoutMs, () => request.destroy());
    request.on('error', done);
  };
  /** The kept answer for a key if it is fresh; near its expiry, one request asks for the next. */
  const usable = (key: string, at: number): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const age = at - entry.storedAt;
    if (age >= entry.freshForMs) return undefined;
    if (age >= entry.freshForMs - refreshAheadMs(entry.freshForMs)) refresh(key, entry);
    return entry;
  };

  const answerFromCache = (ctx: Koa.Context, area: string, cached: Entry, at: number): void => {
    ctx.state.route = cachedRouteOf(area);
    ctx.set('Age', String(Math.floor((at - cached.storedAt) / 1000)));
    ctx.compress = false;
    if (
      cached.etag &&
      ctx
        .get('if-none-match')
        .split(',')
        .some((tag) => tag.trim() === cached.etag)
    ) {
      ctx.status = 304;
      if (cached.headers['cache-control']) ctx.set('Cache-Control', cached.headers['cache-control']);
      ctx.set('ETag', cached.etag);
      if (cached.headers.vary) ctx.set('Vary', cached.headers.vary);
      return;
    }
    ctx.status = 200;
    ctx.set(cached.headers);
    ctx.body = cached.body;
  };

  /**
   * Answers a fresh cached read straight on the connection, before Koa builds anything for it:
   * the bulk of a busy shop's requests then skip the request context, compression and limits that
   * only matter for requests that reach a service. `hooks` give what every gateway answer carries
   * (request id, security headers) and record the answer (metrics, access log) as the chain would.
   * False when there is nothing fresh to answer with.
   */
  const answerRaw: AnswerRaw = (req, res, hooks) => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '';
    if ((method !== 'GET' && method !== 'HEAD') || !url.startsWith('/api/')) return false;
    const acceptEncoding = req.headers['accept-encoding'];
    // One reading of the clock decides freshness and makes the Age header (a clock read is a
    // measurable share of this path).
    const at = now();
    const cached = usable(`${encodingFor(Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? ''))} ${url}`, at);
    if (!cached) return false;
    const started = process.hrtime.bigint();
    const requestId = hooks.requestId();
    const age = String(Math.floor((at - cached.storedAt) / 1000));
    const ifNoneMatch = req.headers['if-none-match'];
    let status = 200;
    if (ifNoneMatch && cached.etag && ifNoneMatch.split(',').some((tag) => tag.trim() === cached.etag)) {
      status = 304;
      const list = ['age', age, 'x-request-id', requestId, ...hooks.securityHeaders(req), 'etag', cached.etag];
      if (cached.headers['cache-control']) list.push('cache-control', cached.headers['cache-control']);
      if (cached.headers.vary) list.push('vary', cached.headers.vary);
      res.writeHead(304, list);
      res.end();
    } else {
      // The head is the same for every answer of this entry but for two values: checked once, not per answer.
      const security = hooks.securityHeaders(req);
      let head = cached.rawHeads.get(security);
      if (!head) cached.rawHeads.set(security, (head = preparedHead(['age', '', 'x-request-id', '', ...security, ...cached.headerList])));
      head.write(res, 200, age, requestId);
      if (method === 'HEAD') res.end();
      else if (cached.bodyText !== null) res.end(cached.bodyText, 'latin1');
      else res.end(cached.body);
    }
    hooks.done({ method, url, status, route: cachedRouteOf(cached.area), requestId }, req, millisecondsSince(started));
    return true;
  };

  const middleware = async (ctx: Koa.Context, next: Koa.Next) => {
    const path = normalPathOf(ctx);
    const area = path.startsWith('/api/') ? areaOf(path) : undefined;
    if (!area) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      if (path.startsWith('/api/admin/')) emptiedBeforeTheAnswerEnds(ctx.res, area);
      return next();
    }

    const encoding = encodingFor(ctx.get('accept-encoding'));
    const key = `${encoding} ${ctx.url}`;
    const at = now();
    const cached = usable(key, at);
    if (cached) return answerFromCache(ctx, area, cached, at);
    // Another read of the same answer is asking the service already: its answer, once kept, is
    // this one's too (what nginx's proxy_cache_lock does).
    const asked = asking.get(key);
    if (asked) {
      await asked;
      const after = now();
      const kept = usable(key, after);
      if (kept) return answerFromCache(ctx, area, kept, after);
    }
    remove(key);

    // The service answers in exactly the encoding the key names; a conditional request would get
    // a bodiless 304 that cannot be kept, so the cache asks for the whole answer.
    ctx.req.headers['accept-encoding'] = encoding;
    if (ctx.method === 'GET') delete ctx.req.headers['if-none-match'];
    const capture = ctx.method === 'GET' ? captureResponse(ctx.res, maxEntryBytes) : null;
    let answered: (() => void) | undefined;
    if (capture && !asking.has(key)) asking.set(key, new Promise<void>((resolve) => (answered = resolve)));
    try {
      await next();
      const answer = capture?.result();
      if (answer) keep(key, { area, url: ctx.url, encoding }, answer);
    } finally {
      if (answered) {
        asking.delete(key);
        answered();
      }
    }
  };
  /**
   * A staff change empties the area before its answer ends (the proxy streams the service's answer
   * and ends it; the end waits here), and, with announceChange, once the other gateways were told:
   * whatever the staff's screen asks next, through whichever gateway, is read anew. An answer never
   * ended (the client left first) changes nothing here and is left to max-age.
   */
  const emptiedBeforeTheAnswerEnds = (res: ServerResponse, area: string) => {
    if (!options.announceChange) {
      const end = res.end;
      res.end = function (this: ServerResponse, ...args: unknown[]) {
        res.end = end;
        if (changedByStaff(res)) clearArea(area);
        return (end as (...args: unknown[]) => ServerResponse).apply(this, args);
      } as ServerResponse['end'];
      return;
    }
    // The body is held back too: a client has the whole answer with its last byte, before the end.
    const { write, end } = res;
    const held: Array<{ chunk: unknown; rest: unknown[] }> = [];
    res.write = function (chunk: unknown, ...rest: unknown[]) {
      held.push({ chunk, rest: rest.filter((arg) => typeof arg !== 'function') });
      return true;
    } as ServerResponse['write'];
    res.end = function (this: ServerResponse, ...args: unknown[]) {
      res.write = write;
      res.end = end;
      const finish = () => {
        for (const { chunk, rest } of held) (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
        return (end as (...args: unknown[]) => ServerResponse).apply(this, args);
      };
      if (!changedByStaff(res)) return finish();
      clearArea(area);
      void options.announceChange!(area).finally(finish);
      return this;
    } as ServerResponse['end'];
  };

  return Object.assign(middleware, {
    clearArea,
    clear: () => {
      entries.clear();
      everything += 1;
    },
    answerRaw,
    generation,
  });
}

/**
 * Whether a write on an area's /api/admin/ routes changed what it shows: staff changed it, and the
 * change went through.
 * Shoppers write too (every catalogue search is a POST, sign-ins, orders), and emptying the cache
 * and the drawn pages for each of those would let anyone empty them at will. Every /api/admin/
 * route of the services requires a staff session (a bearer token, or the staff cookie with its
 * CSRF header), so a 2xx answer there is the service's word that staff made the change, however
 * the session is carried; a refused one (401, 403, 422) changed nothing.
 */
function changedByStaff(res: ServerResponse): boolean {
  return res.statusCode >= 200 && res.statusCode < 300;
}

const brotliCompress = promisify(zlib.brotliCompress);
const brotliDecompress = promisify(zlib.brotliDecompress);
/** Below this, brotli's best saves a few bytes at most. */
const RECOMPRESS_MIN_BYTES = 512;

/** The metrics' route of an area's cached reads, made once per area (not a new string per answer). */
const cachedRoutes = new Map<string, string>();
function cachedRouteOf(area: string): string {
  let route = cachedRoutes.get(area);
  if (!route) cachedRoutes.set(area, (route = `api ${area} (cached)`));
  return route;
}

/** The service's own headers a kept answer repeats, read from an answer's headers by name. */
function keptHeaders(read: (name: string) => string | string[] | number | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = read(name);
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * A string body is copied into the socket's write on every answer, a Buffer is not: large answers
 * (a product list, tens of KB) stay Buffers, and the copy stays small (measured on a product's
 * 0.7 KB answer, not beyond).
 */
const WIRE_TEXT_MAX_BYTES = 12 * 1024;

function wireTextOf(body: Buffer): string | null {
  return body.length <= WIRE_TEXT_MAX_BYTES ? body.toString('latin1') : null;
}

function headerListOf(headers: Record<string, string>, body: Buffer): string[] {
  return Object.entries({ ...headers, 'content-length': String(body.length) }).flat();
}

/**
 * Copies what the proxy writes to the client (status, headers, body) as it streams, without
 * holding it back; gives up on answers larger than the limit.
 */
interface CapturedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  setsCookie: boolean;
}

function captureResponse(res: ServerResponse, maxBytes: number): { result(): CapturedAnswer | null } {
  const chunks: Buffer[] = [];
  let size = 0;
  let overflow = false;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (overflow || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    size += buffer.length;
    if (size > maxBytes) {
      overflow = true;
      chunks.length = 0;
      return;
    }
    chunks.push(buffer);
  };
  const write = res.write;
  const end = res.end;
  // Wrapped on this one response only; the originals do the writing. (The overloads of write and
  // end cannot be expressed by a wrapper's type, hence the casts.)
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse['end'];
  return {
    result() {
      res.write = write;
      res.end = end;
      if (overflow || !res.writableFinished) return null;
      return {
        status: res.statusCode,
        headers: keptHeaders((name) => res.getHeader(name)),
        body: Buffer.concat(chunks),
        setsCookie: res.hasHeader('set-cookie'),
      };
    },
  };
}
