/**
 * The storefront's baseline: a minimal static page (a heading, a paragraph, no script) served by
 * the gateway's own static file server (pre-compressed, ETag, the same headers), measured by the
 * same Lighthouse under the same throttling in the same run. It is the best any page can score
 * on this machine: the storefront's figures are read beside it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Server } from 'node:http';
import { createRemoteServer } from '../../services/gateway/src/static/remoteServer';

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Shwari Shop</title>
    <meta name="description" content="Flour and groceries from our mills, delivered free across Kenya." />
    <style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#1b1b1b}h1{color:#1f6f3a}</style>
  </head>
  <body>
    <main>
      <h1>Shwari Shop</h1>
      <p>Maize meal, wheat and baking flour, porridge flours, rice, cooking oil and animal feeds from our mills, delivered free across Kenya.</p>
    </main>
  </body>
</html>
`;

export interface BaselinePage {
  url: string;
  close(): Promise<void>;
}

export async function startBaselinePage(): Promise<BaselinePage> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-baseline-'));
  const html = Buffer.from(PAGE);
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  // As the build does for the shell's index.html: brotli and gzip copies beside the file.
  fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(html));
  fs.writeFileSync(path.join(dir, 'index.html.gz'), zlib.gzipSync(html, { level: 9 }));
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  const server: Server = await new Promise((resolve) => {
    const listening = createRemoteServer(dir).listen(0, '127.0.0.1', () => resolve(listening));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/index.html`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
