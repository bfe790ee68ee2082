import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { headsSkipChecks, preparedHead } from './preparedHead';

const HEAD = [
  'age',
  '',
  'x-request-id',
  '',
  'X-Content-Type-Options',
  'nosniff',
  'Permissions-Policy',
  'camera=(), usb=()',
  'content-type',
  'application/json; charset=utf-8',
  'etag',
  '"v1"',
  'content-length',
  '11',
];
const BODY = Buffer.from('{"ok":true}');

/** The bytes of one answer to `request`, read from the socket as the client gets them, without its Date line. */
function bytesOf(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () =>
      resolve(
        Buffer.concat(chunks)
          .toString('latin1')
          .replace(/\r\nDate: [^\r]*/, ''),
      ),
    );
  });
}

describe('a prepared head', () => {
  let server: http.Server;
  let port: number;
  const prepared = preparedHead(HEAD);
  // A name every object has (Object.prototype's): the head still sends every header.
  const CLASHING = [...HEAD.slice(0, 4), 'Constructor', 'x', ...HEAD.slice(4)];
  const clashing = preparedHead(CLASHING);

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/set-first') res.setHeader('x-set-first', 'yes');
      if (req.url === '/clash' || req.url === '/clash-list') {
        if (req.url === '/clash') clashing.write(res, 200, '7', 'id-1');
        else {
          const list = CLASHING.slice();
          list[1] = '7';
          list[3] = 'id-1';
          res.writeHead(200, list);
        }
        return void res.end(BODY);
      }
      if (req.url === '/list' || req.url === '/list-set-first') {
        if (req.url === '/list-set-first') res.setHeader('x-set-first', 'yes');
        const list = HEAD.slice();
        list[1] = '7';
        list[3] = 'id-1';
        res.writeHead(200, list);
      } else prepared.write(res, 200, '7', 'id-1');
      res.end(req.method === 'HEAD' ? undefined : BODY);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('skips writeHead’s checks of each header on this Node', () => {
    expect(headsSkipChecks).toBe(true);
  });

  it.each([
    ['a keep-alive GET', 'GET /{path} HTTP/1.1\r\nHost: shop\r\n\r\n'],
    ['a GET that closes', 'GET /{path} HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n'],
    ['an HTTP/1.0 GET', 'GET /{path} HTTP/1.0\r\n\r\n'],
    ['a HEAD', 'HEAD /{path} HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n'],
  ])('answers %s with the bytes writeHead sends for the same list', async (_, request) => {
    const prepared = await bytesOf(port, request.replace('{path}', 'prepared'));
    const listed = await bytesOf(port, request.replace('{path}', 'list'));
    expect(prepared).toBe(listed);
    expect(prepared).toContain('\r\nage: 7\r\nx-request-id: id-1\r\nX-Content-Type-Options: nosniff\r\n');
  });

  it('sends the headers a response already had set too, as writeHead does', async () => {
    const prepared = await bytesOf(port, 'GET /set-first HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n');
    expect(prepared).toBe(await bytesOf(port, 'GET /list-set-first HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n'));
    expect(prepared).toContain('x-set-first: yes');
  });

  it('sends a name Object.prototype has as writeHead does', async () => {
    const clash = await bytesOf(port, 'GET /clash HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n');
    expect(clash).toBe(await bytesOf(port, 'GET /clash-list HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n'));
    expect(clash).toContain('\r\nConstructor: x\r\n');
  });

  it('fills in each answer’s own two values', async () => {
    const head = preparedHead(HEAD);
    const heads: string[] = [];
    const own = http.createServer((req, res) => {
      head.write(res, 200, String(heads.length), `id-${heads.length}`);
      res.end(BODY);
    });
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    try {
      const ownPort = (own.address() as AddressInfo).port;
      for (let n = 0; n < 2; n++) heads.push(await bytesOf(ownPort, 'GET / HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n'));
    } finally {
      await new Promise<void>((resolve) => own.close(() => resolve()));
    }
    expect(heads[0]).toContain('\r\nage: 0\r\nx-request-id: id-0\r\n');
    expect(heads[1]).toContain('\r\nage: 1\r\nx-request-id: id-1\r\n');
  });

  it('refuses, when it is made, a name or value writeHead would refuse', () => {
    expect(() => preparedHead(['age', '', 'x-request-id', '', 'etag', '"v1"\r\nset-cookie: a=b'])).toThrow();
    expect(() => preparedHead(['age', '', 'x-request-id', '', 'bad name', 'x'])).toThrow();
  });
});
