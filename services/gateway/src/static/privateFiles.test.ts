import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createLogger, listen, type RunningServer } from '@shop/service-kit';
import { createGateway } from '../app';
import { loadGatewayConfig } from '../config';
import { createRemoteServer } from './remoteServer';
import { publicBuildFile } from './staticSite';

/** What only the gateway may read: a renderer, the page table and a source map, each marked so a leak shows. */
const RENDERER = 'module.exports = "RENDERER SOURCE";';
const PAGE_TABLE = 'module.exports = "PAGE TABLE";';
const SOURCE_MAP = '{"version":3,"sources":["SOURCE MAP"]}';
const LEAKS = /RENDERER SOURCE|PAGE TABLE|SOURCE MAP/;

function writeBuild(dir: string): void {
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'main.1a2b3c4d.js'), 'console.log("public");');
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), 'console.log("entry");');
  fs.writeFileSync(path.join(dir, 'main.1a2b3c4d.js.map'), SOURCE_MAP);
  fs.writeFileSync(path.join(dir, 'server', 'index.js'), RENDERER);
  fs.writeFileSync(path.join(dir, 'server', 'pages.js'), PAGE_TABLE);
}

/** Every other spelling of the private files: case, escapes (single and double), backslashes, doubled slashes, dot segments. */
const PRIVATE_SPELLINGS = [
  'server/index.js',
  'server/pages.js',
  'Server/index.js',
  'SERVER/pages.js',
  '%73erver/index.js',
  '%53erver/index.js',
  '%73%65%72%76%65%72/pages.js',
  'server%2findex.js',
  'server%2Fpages.js',
  'server%5cindex.js',
  '%2573erver/index.js',
  '%25%37%33erver/index.js',
  'server\\index.js',
  '.\\server\\index.js',
  '/server/index.js',
  'server//index.js',
  './server/index.js',
  'x/../server/index.js',
  '%2e/server/index.js',
  '%2e%2e/mf-catalog/server/index.js',
  'server/%2e/index.js',
  'server/index.js%00',
  'server/index%2ejs',
  'main.1a2b3c4d.js.map',
  'main.1a2b3c4d.js.MAP',
  'main.1a2b3c4d.js.%6dap',
  'main.1a2b3c4d.js.%6Dap',
  'main.1a2b3c4d.js%2emap',
  'main.1a2b3c4d.js.%256dap',
  'main.1a2b3c4d.js.map/',
  'main.1a2b3c4d.js.map%2f',
];

/** The path exactly as written: fetch() would normalise backslashes and dot segments before sending. */
function rawGet(origin: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = http.get({ hostname, port, path: rawPath }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

describe('static files are decided on the path as it is read from disk', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'private-files-'));
  const shellDir = path.join(root, 'shell');
  const remoteDir = path.join(root, 'mf-catalog');
  let gateway: RunningServer;
  let remote: RunningServer;

  beforeAll(async () => {
    writeBuild(shellDir);
    writeBuild(remoteDir);
    const config = loadGatewayConfig({ SHELL_DIST_DIR: shellDir, GATEWAY_METRICS_PORT: 'off' });
    config.localRemotes = [{ name: 'mf_catalog', folder: 'mf-catalog', dir: remoteDir }];
    gateway = await listen(createGateway(config, createLogger('gateway')), 0);
    remote = await listen(createRemoteServer(remoteDir), 0);
  });
  afterAll(async () => {
    await gateway.close();
    await remote.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('hands out the public files as the shop links to them', async () => {
    expect(await rawGet(gateway.url, '/main.1a2b3c4d.js')).toEqual({ status: 200, body: 'console.log("public");' });
    expect(await rawGet(gateway.url, '/remotes/mf-catalog/remoteEntry.js')).toEqual({ status: 200, body: 'console.log("entry");' });
    expect(await rawGet(remote.url, '/remoteEntry.js')).toEqual({ status: 200, body: 'console.log("entry");' });
  });

  it("opens a remote's files to other origins, and the shell's only to the shop", async () => {
    const headersOf = (url: string) => fetch(url).then((answer) => answer.headers);
    for (const url of [`${gateway.url}/remotes/mf-catalog/remoteEntry.js`, `${remote.url}/remoteEntry.js`]) {
      const headers = await headersOf(url);
      expect({ url, policy: headers.get('cross-origin-resource-policy') }).toEqual({ url, policy: 'cross-origin' });
      expect(headers.get('access-control-allow-origin')).toBe('*');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await headersOf(`${gateway.url}/main.1a2b3c4d.js`)).get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it.each(PRIVATE_SPELLINGS)(
    'never hands out /%s from the shell, a remote under the gateway, or a remote on its own port',
    async (spelling) => {
      for (const [origin, prefix] of [
        [gateway.url, '/'],
        [gateway.url, '/remotes/mf-catalog/'],
        [remote.url, '/'],
      ] as const) {
        const answer = await rawGet(origin, `${prefix}${spelling}`);
        expect({ at: `${prefix}${spelling}`, leaked: LEAKS.test(answer.body) }).toEqual({ at: `${prefix}${spelling}`, leaked: false });
        // Refused as a bad address (400) or as no such file (404), or (a path without an extension) the shop's page.
        const refused = answer.status === 400 || answer.status === 404;
        expect({ at: `${prefix}${spelling}`, refusedOrPage: refused || answer.body.includes('<div id="root">') }).toEqual({
          at: `${prefix}${spelling}`,
          refusedOrPage: true,
        });
      }
    },
  );

  it('names a file only when written the one way the builds name it', () => {
    expect(publicBuildFile('main.1a2b3c4d.js')).toBe('main.1a2b3c4d.js');
    expect(publicBuildFile('__federation_expose_ProductPage.1234abcd.css')).toBe('__federation_expose_ProductPage.1234abcd.css');
    expect(publicBuildFile('static/media/vendors~main@2x.png')).toBe('static/media/vendors~main@2x.png');
    for (const spelling of PRIVATE_SPELLINGS) expect({ spelling, file: publicBuildFile(spelling) }).toEqual({ spelling, file: null });
    expect(publicBuildFile('.env')).toBeNull();
    expect(publicBuildFile('assets/.hidden.js')).toBeNull();
  });
});
