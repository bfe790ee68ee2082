import { formatCents } from '@shop/money';
import type { SimulatorRow } from './simulator';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f3f4f6; color: #111827; }
  main { max-width: 26rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 0.75rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
  h1 { font-size: 1.35rem; margin: 0 0 0.25rem; }
  .note { margin: 0 0 1.25rem; color: #4b5563; font-size: 0.95rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 1rem; margin: 0 0 1.5rem; }
  dt { color: #4b5563; } dd { margin: 0; font-weight: 600; text-align: right; }
  .amount { font-size: 1.5rem; }
  form { margin: 0 0 0.75rem; }
  button, a.button { display: block; width: 100%; box-sizing: border-box; min-height: 3rem; padding: 0.75rem; border-radius: 0.5rem; font-size: 1.05rem; font-weight: 600; text-align: center; text-decoration: none; cursor: pointer; border: 2px solid transparent; }
  button:focus-visible, a.button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  .pay { background: #15803d; color: #fff; }
  .decline { background: #fff; color: #b91c1c; border-color: #b91c1c; }
  .cancel { background: #fff; color: #374151; border-color: #9ca3af; }
  .result { padding: 0.75rem; border-radius: 0.5rem; background: #eef2ff; margin: 0 0 1rem; }
`;

/** The simulator's hosted payment page: the order, the amount in KSh, and Pay / Decline / Cancel. */
export function simulatorPage(row: SimulatorRow, callbackUrl: string): string {
  const action = (name: string) => `/api/site/v1/simulator/${encodeURIComponent(row.reference)}/${name}`;
  const decided = row.outcome !== 'pending';
  const body = decided
    ? `<p class="result" role="status">This payment was already ${row.outcome === 'paid' ? 'paid' : row.outcome}.</p>
       <a class="button pay" href="${escape(callbackUrl)}">Continue to the shop</a>`
    : `<form method="post" action="${action('pay')}"><button class="pay" type="submit">Pay ${escape(formatCents(row.amount_cents))}</button></form>
       <form method="post" action="${action('decline')}"><button class="decline" type="submit">Decline</button></form>
       <form method="post" action="${action('cancel')}"><button class="cancel" type="submit">Cancel</button></form>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Pay for order ${escape(row.order_number)} – payment simulator</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <h1>Secure payment (simulator)</h1>
  <p class="note">This page stands in for the payment provider on a machine without payment credentials. No money moves.</p>
  <dl>
    <dt>Order</dt><dd>${escape(row.order_number)}</dd>
    <dt>Amount</dt><dd class="amount">${escape(formatCents(row.amount_cents))}</dd>
  </dl>
  ${body}
</main>
</body>
</html>
`;
}

export function simulatorNotFoundPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Payment not found</title><style>${STYLE}</style></head>
<body><main><h1>Payment not found</h1><p class="note">This payment link is unknown or has expired.</p><a class="button cancel" href="/checkout">Back to checkout</a></main></body></html>
`;
}
