/**
 * `npm run bench`: starts the shop on its own ports and prints each figure beside its target.
 * Writes the same table to bench/results.json for comparison between versions.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Product } from '@shop/api-types';
import { launchBrowser } from '../e2e/src/browser';
import { startStack } from '../scripts/stack';
import { measureFirstLoad } from './firstLoadBytes';
import { benchOrders } from '../services/orders/bench/orders.bench';

const KB = 1024;
const FIRST_LOAD_BUDGET_KB = 170;

interface Row {
  figure: string;
  value: number;
  unit: string;
  target: string;
  ok: boolean;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const stack = await startStack({ gatewayPort: 18500, portOffset: 30000, env: { SHOP_DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
  const browser = await launchBrowser();
  const rows: Row[] = [];
  try {
    const products = (await (await fetch(`${stack.url}/api/site/products`)).json()) as Product[];
    const routes = ['/', '/shop/all', `/product/${products[0]!.slug}`, '/cart', '/checkout', '/login'];
    console.log('\nFirst load of each storefront route, compressed bytes (HTML + JS + CSS, images excluded)\n');
    console.log(['route'.padEnd(44), 'HTML'.padStart(8), 'JS'.padStart(8), 'CSS'.padStart(8), 'total'.padStart(9), '  by area'].join(''));
    for (const route of routes) {
      const bytes = await measureFirstLoad(browser, stack.url, route);
      const kb = (value: number) => `${(value / KB).toFixed(1)}`;
      const areas = Object.entries(bytes.byArea)
        .map(([area, value]) => `${area} ${kb(value)}`)
        .join(', ');
      console.log([route.padEnd(44), kb(bytes.html).padStart(8), kb(bytes.js).padStart(8), kb(bytes.css).padStart(8), kb(bytes.total).padStart(9), `  ${areas}`].join(''));
      rows.push({ figure: `first load ${route}`, value: Number(kb(bytes.total)), unit: 'KB', target: `<= ${FIRST_LOAD_BUDGET_KB} KB`, ok: bytes.total <= FIRST_LOAD_BUDGET_KB * KB });
      rows.push({ figure: `admin libraries loaded on ${route}`, value: bytes.forbidden.length, unit: 'files', target: '0', ok: bytes.forbidden.length === 0 });
    }
  } finally {
    await browser.close();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // Orders created per second on MySQL (the services in-process over HTTP; see services/orders/bench).
  console.log('\nOrders on MySQL (10 s, 8 connections)\n');
  const orders = await benchOrders({ print: true });
  rows.push({ figure: 'orders created per second (MySQL)', value: Math.round(orders.ordersPerSecond), unit: '/s', target: '>= 300 /s', ok: orders.ordersPerSecond >= 300 });
  rows.push({ figure: 'order creation p99 latency', value: Math.round(orders.p99Ms), unit: 'ms', target: '<= 50 ms', ok: orders.p99Ms <= 50 });
  rows.push({ figure: 'orders lost or duplicated', value: orders.lost + orders.duplicated, unit: 'orders', target: '0', ok: orders.lost + orders.duplicated === 0 });

  console.log('\nSummary\n');
  for (const row of rows) console.log(`${row.ok ? 'ok  ' : 'MISS'}  ${row.figure.padEnd(60)} ${String(row.value).padStart(8)} ${row.unit.padEnd(6)} target ${row.target}`);
  fs.writeFileSync(path.join(__dirname, 'results.json'), `${JSON.stringify({ measuredAt: new Date().toISOString(), rows }, null, 2)}\n`);
  console.log(`\nWritten to bench/results.json`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
