import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { listen } from '@shop/service-kit';
import type { FirstScreens } from '../ssr/firstScreen';
import { shellPage } from '../static/shellPage';
import { pagePolicies, pagePolicy, remoteOrigin } from './contentSecurityPolicy';

describe("the pages' Content-Security-Policy", () => {
  it('allows scripts from the shop and the origins the remotes are configured at, and nothing inline', () => {
    const policy = pagePolicy(
      [
        { name: 'mf_catalog', entry: '/remotes/mf-catalog/mf-manifest.json' },
        { name: 'mf_account', entry: 'https://account.cdn.example/2026/mf-manifest.json' },
        { name: 'mf_chat', entry: 'https://account.cdn.example/chat/mf-manifest.json' },
      ],
      ['https://secure.3gdirectpay.com'],
    );
    expect(policy.plain).toContain("script-src 'self' https://account.cdn.example;");
    expect(policy.plain).toContain("form-action 'self' https://secure.3gdirectpay.com;");
    expect(policy.plain).not.toMatch(/script-src[^;]*unsafe/);
    expect(remoteOrigin('javascript:alert(1)')).toBeNull();
  });

  it('is made once per remotes configuration', () => {
    const policyFor = pagePolicies([]);
    const remotes = [{ name: 'mf_catalog', entry: 'http://127.0.0.1:3001/mf-manifest.json' }];
    expect(policyFor(remotes)).toBe(policyFor(remotes));
    expect(policyFor([...remotes])).toBe(policyFor(remotes));
    expect(policyFor([{ name: 'mf_catalog', entry: 'http://127.0.0.1:3999/mf-manifest.json' }]).plain).toContain('http://127.0.0.1:3999');
  });

  it("allows a drawn page's loader by its hash: the same page, ETag and policy for every shopper", async () => {
    const shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-shell-'));
    fs.writeFileSync(
      path.join(shellDir, 'index.html'),
      '<!doctype html><html><head><script defer src=/main.js></script></head><body><div id=root></div></body></html>',
    );
    const screens: FirstScreens = {
      draw: async () => ({ personal: false, html: '<h1>Unga</h1>', state: '', stylesheets: [] }),
    };
    const page = shellPage({ shellDir, localRemotes: [], formTargets: [] }, () => null, screens);
    const app = new Koa();
    app.use((ctx) => page(ctx, [{ name: 'mf_catalog', entry: '/remotes/mf-catalog/mf-manifest.json' }]));
    const server = await listen(app, 0);
    try {
      const first = await fetch(`${server.url}/product/unga`);
      const html = await first.text();
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
      expect(inline).toHaveLength(1);
      const hash = `'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`;
      expect(first.headers.get('content-security-policy')).toContain(`script-src 'self' ${hash};`);
      // As a browser revalidates (fetch() would add Cache-Control: no-cache to a conditional request).
      const again = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http.get(`${server.url}/product/unga`, { headers: { 'if-none-match': first.headers.get('etag')! } }, resolve).on('error', reject),
      );
      again.resume();
      expect(again.statusCode).toBe(304);
      expect(again.headers['content-security-policy']).toBe(first.headers.get('content-security-policy'));
    } finally {
      await server.close();
      fs.rmSync(shellDir, { recursive: true, force: true });
    }
  });
});
