/**
 * The access table, tried as an attacker would: generated from @shop/api-types ACCESS_TABLE, every
 * route × every other spelling of its path × every kind of caller, through the gateway and
 * straight at the service's own port, against the real catalog, customers, orders and chat
 * services (each on a fresh database: SQLite, and MySQL when MYSQL_URL is set) with a real gateway
 * in front. A caller the table refuses gets the guard's answer and writes nothing (every table of
 * every service counted before and after, and the upload folder listed); another spelling is 404
 * everywhere. A route served without a row stops its service at start (accessRoutes), so the
 * harness below would not start; a service that registered a route any other way fails the source check.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import {
  ACCESS_TABLE,
  ACCOUNT_MESSAGES,
  ORDER_MESSAGES,
  STAFF_SESSION_COOKIE,
  accessKey,
  accessPathPattern,
  type AccessRow,
  type CallerKind,
} from '@shop/api-types';
import { SHOP_SERVICES, createLogger, listen, type RunningServer } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import { startChatHarness, type ChatHarness } from '../../../chat/src/testing/harness';
import { createGateway } from '../app';
import { loadGatewayConfig, type GatewayConfig } from '../config';

const REPO_ROOT = path.resolve(__dirname, '../../../..');

type Caller =
  'anonymous' | 'customer' | 'other customer' | 'staff bearer' | 'staff cookie without CSRF' | 'wrong secret' | 'internal secret';
const CALLERS: readonly Caller[] = [
  'anonymous',
  'customer',
  'other customer',
  'staff bearer',
  'staff cookie without CSRF',
  'wrong secret',
  'internal secret',
];

interface Refusal {
  status: number;
  message: string;
}
const UNAUTHENTICATED: Refusal = { status: 401, message: ACCOUNT_MESSAGES.unauthenticated };
const UNAUTHORIZED: Refusal = { status: 403, message: ACCOUNT_MESSAGES.unauthorized };
const CSRF: Refusal = { status: 403, message: ACCOUNT_MESSAGES.csrfInvalid };
const NO_SECRET: Refusal = { status: 403, message: 'A valid x-internal-secret header is required.' };
const NOT_FOUND: Refusal = { status: 404, message: 'Not found.' };
const NOT_LOOPBACK: Refusal = { status: 403, message: 'The development outbox answers only on the machine the shop runs on.' };

/** The answers a guard of this kind refuses with (a handler may answer 401 of its own: the introspection without a token). */
function guardMessages(caller: CallerKind): Set<string> {
  if (caller === 'public') return new Set();
  if (caller === 'internal') return new Set([NO_SECRET.message]);
  if (caller === 'dev-loopback') return new Set([NOT_LOOPBACK.message]);
  return new Set([UNAUTHENTICATED, UNAUTHORIZED, CSRF].map((refusal) => refusal.message));
}

/** What the guard of a caller kind does with each caller: 'pass' lets the handler answer. */
function guardAnswer(caller: CallerKind, who: Caller, method: string): Refusal | 'pass' {
  const safe = method === 'GET';
  switch (caller) {
    case 'public':
    case 'dev-loopback': // every caller of this test is on this machine, outside production
      return 'pass';
    case 'customer-or-guest':
    case 'order-owner-or-payment-key':
      // No Authorization header is a guest (the handler then wants the payment key); a staff token is refused.
      return who === 'staff bearer' ? UNAUTHORIZED : 'pass';
    case 'signed-in':
      return who === 'customer' || who === 'other customer' || who === 'staff bearer' ? 'pass' : UNAUTHENTICATED;
    case 'customer':
      if (who === 'customer' || who === 'other customer') return 'pass';
      return who === 'staff bearer' ? UNAUTHORIZED : UNAUTHENTICATED;
    case 'staff':
      if (who === 'staff bearer') return 'pass';
      if (who === 'staff cookie without CSRF') return safe ? 'pass' : CSRF;
      return who === 'customer' || who === 'other customer' ? UNAUTHORIZED : UNAUTHENTICATED;
    case 'internal':
      return who === 'internal secret' ? 'pass' : NO_SECRET;
  }
}

const TABLE_PATTERNS = ACCESS_TABLE.map((row) => accessPathPattern(row.path));

/**
 * Past the guard of an order's route, the order (the test customer's) answers only its owner: anyone
 * else without the payment key (another customer, a guest) is told it does not exist, as is another
 * customer looking it up among their own orders.
 */
function ownerAnswer(row: AccessRow, who: Caller): Refusal | 'pass' {
  const ordersOwn = row.caller === 'order-owner-or-payment-key' || (row.caller === 'customer' && row.path.includes(':order_number'));
  if (!ordersOwn || who === 'customer') return 'pass';
  return { status: 404, message: ORDER_MESSAGES.orderNotFound };
}

/** Other spellings of a path, each of which must reach no handler. */
export function pathVariants(concrete: string, pattern: string): Array<[string, string]> {
  const segments = concrete.split('/').slice(1);
  const fixed = pattern
    .split('/')
    .slice(1)
    .map((segment, index) => (segment.startsWith(':') ? -1 : index))
    .filter((index) => index >= 0 && /[a-z]/i.test(segments[index]!));
  const first = fixed[0]!;
  const last = fixed[fixed.length - 1]!;
  const withSegment = (index: number, value: string) => `/${segments.map((segment, i) => (i === index ? value : segment)).join('/')}`;
  const capital = (segment: string) => segment.charAt(0).toUpperCase() + segment.slice(1);
  const lastSegment = segments[last]!;
  const letter = [...lastSegment].findIndex((character) => /[a-z]/i.test(character));
  const encodedLetter = `${lastSegment.slice(0, letter)}%${lastSegment.charCodeAt(letter).toString(16)}${lastSegment.slice(letter + 1)}`;
  const rest = segments.slice(1).join('/');
  const variants: Array<[string, string]> = [
    ['capital first segment', withSegment(first, capital(segments[first]!))],
    ['capital last segment', withSegment(last, capital(lastSegment))],
    ['upper case', concrete.toUpperCase()],
    ['doubled slash', `/${segments[0]}//${rest}`],
    ['leading doubled slash', `/${concrete}`],
    ['trailing slash', `${concrete}/`],
    ['encoded letter', withSegment(last, encodedLetter)],
    ['dot segment', `/${segments[0]}/./${rest}`],
    ['encoded dot segments', `/${segments[0]}/x/%2e%2e/${rest}`],
  ];
  // A capital of the table's own (statusReport) written in lower case; a capital in a parameter (a coupon code) is the caller's to choose.
  if (/[A-Z]/.test(pattern.replace(/:\w+/g, ''))) variants.push(['lower case', concrete.toLowerCase()]);
  // A spelling that is another row's own path (`/api/admin/orders/Export.csv` is an order id) is that row's business.
  return variants.filter(([, variant]) => variant !== concrete && !TABLE_PATTERNS.some((route) => route.test(variant)));
}

/** A value for each path parameter: ids that exist where a real order is needed, else ids that do not (a staff write then changes nothing). */
function concretePath(row: AccessRow, order: { id: number; order_number: string }): string {
  const values: Record<string, string> = {
    slug: 'unga-wa-dola',
    brandSlug: 'dola',
    countyId: '47',
    code: 'SAVE10',
    email: 'someone@example.com',
    order_number: order.order_number,
    checkoutRequestId: 'ws_CO_1',
    orderId: String(order.id),
    token: 'abc',
    action: 'pay',
  };
  return row.path.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'id') return row.service === 'orders' && row.path.startsWith('/api/site/orders/') ? String(order.id) : '999999';
    return values[name] ?? '999999';
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

interface Answer {
  status: number;
  message: unknown;
}

/** One request with the path exactly as written (fetch would resolve dot segments first). */
function send(base: string, method: string, rawPath: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: rawPath,
        agent,
        headers: { ...headers, 'content-length': String(body?.length ?? 0) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let message: unknown = text;
          try {
            message = (JSON.parse(text) as { message?: unknown }).message;
          } catch {
            // not JSON (a redirect, a page): compared by status only
          }
          resolve({ status: response.statusCode ?? 0, message });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** A small PNG, as the back office uploads product images. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const BOUNDARY = 'accesstableboundary';
const MULTIPART = Buffer.concat([
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nIntruder\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
  ),
  PNG,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

function bodyOf(row: AccessRow, order: { id: number }): { headers: Record<string, string>; body?: Buffer } {
  if (row.method === 'GET') return { headers: {} };
  // Starting a payment names the order in the body.
  if (row.caller === 'order-owner-or-payment-key')
    return { headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ order_id: order.id })) };
  // The catalogue's forms take an image: a refused caller's upload must never be decoded or stored.
  if (/^\/api\/admin\/(products|categories|brands)\/(store|update)/.test(row.path))
    return { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body: MULTIPART };
  return { headers: { 'content-type': 'application/json' }, body: Buffer.from('{}') };
}

async function tableCounts(db: Knex): Promise<Record<string, number>> {
  const client = String(db.client.config.client);
  const names: string[] = client.includes('mysql')
    ? ((await db.raw('SHOW TABLES'))[0] as Array<Record<string, string>>).map((row) => Object.values(row)[0]!)
    : ((await db.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")) as Array<{ name: string }>).map(
        (row) => row.name,
      );
  const counts: Record<string, number> = {};
  for (const name of names.sort()) {
    const [row] = await db(name).count<Array<{ count: number | string }>>({ count: '*' });
    counts[name] = Number(row?.count ?? 0);
  }
  return counts;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .flatMap((entry) => (entry.isFile() ? [path.join(entry.parentPath, entry.name)] : []));
}

/** Runs the tasks with at most `width` at a time. */
async function inBatches<T>(tasks: Array<() => Promise<T>>, width = 12): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < tasks.length; start += width)
    results.push(...(await Promise.all(tasks.slice(start, start + width).map((task) => task()))));
  return results;
}

describe('no route is served outside the access table', () => {
  it('no service builds a router of its own: every route goes through accessRoutes', () => {
    const offenders: string[] = [];
    for (const service of ['catalog', 'customers', 'orders', 'chat']) {
      const dir = path.join(REPO_ROOT, 'services', service, 'src');
      for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
        if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.includes('testing')) continue;
        const text = fs.readFileSync(path.join(dir, file), 'utf8');
        if (/new Router\b|import Router\b|\.routes\(\)/.test(text)) offenders.push(`services/${service}/src/${file}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

/**
 * The routes anyone may call. The expectations below follow the table, so loosening a row would
 * loosen them too: a route joins this list (or leaves the conventions checked here) only on purpose.
 */
const PUBLIC_ROUTES = [
  'GET /api/docs/catalog',
  'GET /api/site/brands',
  'GET /api/site/categories',
  'GET /api/site/skus',
  'GET /api/site/products',
  'GET /api/site/products/featured',
  'GET /api/site/products/favorites',
  'POST /api/site/products/search',
  'GET /api/site/search',
  'GET /api/site/search/suggest',
  'GET /api/site/products/filter',
  'GET /api/site/products/filter/:brandSlug',
  'GET /api/site/products/sort_filter',
  'GET /api/site/products/view/:slug',
  'GET /api/docs/customers',
  'POST /api/site/register',
  'POST /api/login',
  'POST /api/admin/session',
  'POST /api/forgot-password',
  'GET /api/site/counties',
  'GET /api/site/counties/subcounty/:countyId',
  'GET /api/docs/orders',
  'GET /api/site/v1/dpo/callback',
  'POST /api/site/v1/mpesa/callback',
  'GET /api/site/v1/simulator/:token',
  'POST /api/site/v1/simulator/:token/:action',
  'GET /api/docs/chat',
  'POST /api/chat',
];

describe('the access table itself', () => {
  it('lists each route once, and only these are public', () => {
    const keys = ACCESS_TABLE.map(accessKey);
    expect(keys.length).toBe(new Set(keys).size);
    expect(ACCESS_TABLE.filter((row) => row.caller === 'public').map(accessKey)).toEqual(PUBLIC_ROUTES);
  });

  it('keeps the conventions of the paths: /api/admin is staff (but its sign-in), /internal internal, /api/dev development only', () => {
    const broken = ACCESS_TABLE.filter((row) => {
      if (row.path.startsWith('/internal/')) return row.caller !== 'internal';
      if (row.path.startsWith('/api/dev/')) return row.caller !== 'dev-loopback';
      if (row.path.startsWith('/api/admin/') && accessKey(row) !== 'POST /api/admin/session') return row.caller !== 'staff';
      return row.caller === 'internal' || row.caller === 'dev-loopback' || row.caller === 'staff';
    }).map((row) => `${accessKey(row)} (${row.caller})`);
    expect(broken).toEqual([]);
  });
});

describe.each(testDatabases('chat').map((database) => [database.dialect, database] as const))(
  'the access table on %s',
  (_dialect, database) => {
    let chat: ChatHarness;
    let gateway: RunningServer;
    let config: GatewayConfig;
    let secret: string;
    const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'access-uploads-'));
    const shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'access-shell-'));
    const tokens = { customer: '', other: '', staff: '' };
    let credentials: Array<{ email: string; password: string }> = [];
    let order: { id: number; order_number: string };
    const previousUploadDir = process.env.MEDIA_UPLOAD_DIR;

    const serviceUrl = (row: AccessRow): string => {
      const shop = chat.shop;
      return { catalog: shop.catalog.url, customers: shop.customers.url, orders: shop.url, chat: chat.app.url }[row.service];
    };
    const databases = (): Knex[] => [chat.shop.catalog.db, chat.shop.customers.db, chat.shop.db, chat.db];
    const snapshot = async () => ({
      rows: await Promise.all(databases().map((db) => tableCounts(db))),
      files: filesUnder(uploadDir).sort(),
    });
    const headersOf = (who: Caller): Record<string, string> => {
      switch (who) {
        case 'anonymous':
          return {};
        case 'customer':
          return { authorization: `Bearer ${tokens.customer}` };
        case 'other customer':
          return { authorization: `Bearer ${tokens.other}` };
        case 'staff bearer':
          return { authorization: `Bearer ${tokens.staff}` };
        case 'staff cookie without CSRF':
          return { cookie: `${STAFF_SESSION_COOKIE}=${tokens.staff}` };
        case 'wrong secret':
          return { 'x-internal-secret': 'not-the-secret' };
        case 'internal secret':
          return { 'x-internal-secret': secret };
      }
    };
    /** Sessions a signing-out route ended are opened again. */
    const signIn = async () => {
      tokens.customer = await chat.shop.customers.login(credentials[0]!.email, credentials[0]!.password);
      tokens.other = await chat.shop.customers.login(credentials[1]!.email, credentials[1]!.password);
      tokens.staff = await chat.shop.staffToken();
    };

    beforeAll(async () => {
      // The catalog the harness starts keeps staff uploads here (defaultUploadDir reads it at start).
      process.env.MEDIA_UPLOAD_DIR = uploadDir;
      chat = await startChatHarness(database, { seedDemoAccounts: true });
      secret = chat.shop.config.internalSecret;
      const first = await chat.shop.customer();
      const second = await chat.shop.customer();
      credentials = [first, second];
      await signIn();
      order = await chat.shop.placeOrder(chat.shop.cart(2500), { token: tokens.customer });
      fs.writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
      config = loadGatewayConfig({
        CATALOG_URL: chat.shop.catalog.url,
        CUSTOMERS_URL: chat.shop.customers.url,
        ORDERS_URL: chat.shop.url,
        CHAT_URL: chat.app.url,
        SHELL_DIST_DIR: shellDir,
      });
      // The per-address limits are the gateway's own concern (tested in operability.test.ts); here they would only count this test's calls.
      config = { ...config, rateLimits: [] };
      gateway = await listen(createGateway(config, createLogger('gateway')), 0);
    });

    afterAll(async () => {
      await gateway?.close();
      await chat?.close();
      agent.destroy();
      if (previousUploadDir === undefined) delete process.env.MEDIA_UPLOAD_DIR;
      else process.env.MEDIA_UPLOAD_DIR = previousUploadDir;
      fs.rmSync(uploadDir, { recursive: true, force: true });
      fs.rmSync(shellDir, { recursive: true, force: true });
    });

    it('the gateway routes every /api row to the service the table names', () => {
      const routes = config.upstreams
        .flatMap((upstream) => upstream.prefixes.map((prefix) => ({ prefix: prefix.replace(/\/$/, ''), area: upstream.area })))
        .sort((a, b) => b.prefix.length - a.prefix.length);
      const wrong = ACCESS_TABLE.filter((row) => row.path.startsWith('/api/'))
        .map((row) => {
          const concrete = concretePath(row, { id: 1, order_number: 'X' });
          const area = routes.find(({ prefix }) => concrete === prefix || concrete.startsWith(`${prefix}/`))?.area;
          return area === SHOP_SERVICES[row.service].area ? null : `${accessKey(row)} -> ${area ?? 'nowhere'}`;
        })
        .filter(Boolean);
      expect(wrong).toEqual([]);
    });

    it.each(ACCESS_TABLE.map((row) => [accessKey(row), row.caller, row] as const))(
      '%s (%s): refused callers and other spellings get no further than the guard, and write nothing',
      async (_key, _caller, row) => {
        const concrete = concretePath(row, order);
        const { headers: bodyHeaders, body } = bodyOf(row, order);
        const targets = [
          ['gateway', gateway.url],
          ['service', serviceUrl(row)],
        ] as const;
        const seen: string[] = [];
        const expected: string[] = [];
        const check = (label: string, answer: Answer, want: Refusal) => {
          seen.push(`${label}: ${answer.status} ${String(answer.message)}`);
          expected.push(`${label}: ${want.status} ${want.message}`);
        };

        // 1. Everything that must be refused, with the row and file counts around it.
        const before = await snapshot();
        const refused: Array<() => Promise<void>> = [];
        for (const [target, base] of targets) {
          for (const who of CALLERS) {
            const headers = { ...bodyHeaders, ...headersOf(who) };
            for (const [variant, spelled] of pathVariants(concrete, row.path))
              refused.push(async () =>
                check(`${target} ${who} ${variant} ${spelled}`, await send(base, row.method, spelled, headers, body), NOT_FOUND),
              );
            // The gateway never routes /internal, whoever asks.
            const guarded = target === 'gateway' && row.caller === 'internal' ? NOT_FOUND : guardAnswer(row.caller, who, row.method);
            const answer = guarded === 'pass' ? ownerAnswer(row, who) : guarded;
            if (answer !== 'pass')
              refused.push(async () =>
                check(`${target} ${who} ${concrete}`, await send(base, row.method, concrete, headers, body), answer),
              );
          }
        }
        await inBatches(refused);
        expect(seen).toEqual(expected);
        expect(await snapshot()).toEqual(before);

        // 2. The callers the table lets in reach the handler (whatever it then answers of the request itself).
        for (const [target, base] of targets) {
          if (target === 'gateway' && row.caller === 'internal') continue;
          for (const who of CALLERS) {
            if (guardAnswer(row.caller, who, row.method) !== 'pass' || ownerAnswer(row, who) !== 'pass') continue;
            const answer = await send(base, row.method, concrete, { ...bodyHeaders, ...headersOf(who) }, body);
            const label = `${target} ${who} ${concrete}: ${answer.status} ${String(answer.message)}`;
            expect({
              label,
              refusedByAGuard:
                answer.status === 401 || answer.status === 403 ? guardMessages(row.caller).has(String(answer.message)) : false,
            }).toEqual({
              label,
              refusedByAGuard: false,
            });
            expect({ label, serverError: answer.status >= 500 }).toEqual({ label, serverError: false });
          }
          // Signing out ended the sessions this test uses: open them again.
          if (row.path.endsWith('/logout')) await signIn();
        }
      },
    );
  },
);
