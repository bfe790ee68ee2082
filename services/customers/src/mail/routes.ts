import { notFound, parseParams, type AuthState, type AccessRoutes } from '@shop/service-kit';
import { z } from 'zod';
import type { Outbox, StoredMail } from './mailer';

const latestQuery = z.object({ to: z.string('The to parameter is required.').trim().min(1, 'The to parameter is required.').max(255) });

/**
 * Development only: read the local outbox, so tests and the browser journeys can pick up the reset
 * code a "mail" carried. The access table's `dev-loopback` guard answers 404 in production and 403
 * to any caller not on this machine (a reset code in here takes over the account it was sent to).
 */
export function outboxRoutes(routes: AccessRoutes<AuthState>, outbox: Outbox): void {
  const router = routes.under('/api/dev/outbox');
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.get('/', async (ctx) => {
    const mails = await outbox.latest(50);
    // A person opening the outbox in a browser gets a readable page; tests and scripts get JSON.
    if (ctx.accepts('json', 'html') === 'html') {
      ctx.type = 'html';
      ctx.body = outboxPage(mails);
      return;
    }
    ctx.body = mails;
  });

  router.get('/latest', async (ctx) => {
    const { to } = parseParams(latestQuery, ctx.query);
    const mail = await outbox.latestTo(to);
    if (!mail) throw notFound('No mail to this address.');
    ctx.body = mail;
  });
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

/** The outbox as a page: newest mail first, as plain text (never the mail's own HTML). */
function outboxPage(mails: StoredMail[]): string {
  const items = mails
    .map(
      (mail) =>
        `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.created_at)}</p><pre>${escapeHtml(mail.text)}</pre></article>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#555}pre{white-space:pre-wrap}</style></head>
<body><h1>Outbox</h1><p>Mails the shop would have sent. This page exists only outside production.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
}
