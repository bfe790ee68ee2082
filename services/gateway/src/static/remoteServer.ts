import Koa from 'koa';
import { REMOTE_MANIFEST_FILE } from '@shop/api-types';
import { CROSS_ORIGIN_RESOURCE_HEADERS } from '../security/securityHeaders';
import { sendFile } from './staticSite';

/**
 * One remote's built files on a port of its own, as the team that owns it deploys it: CORS open
 * (the shell loads it from another origin), pre-compressed files, entry points revalidated.
 */
export function createRemoteServer(dir: string): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
    // The gateway's headers, with the files open to the shell's origin (Cross-Origin-Resource-Policy: cross-origin).
    ctx.set(CROSS_ORIGIN_RESOURCE_HEADERS);
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.status = 204;
      return;
    }
    const file = ctx.path.slice(1) || REMOTE_MANIFEST_FILE;
    if (!(await sendFile(ctx, dir, file))) {
      ctx.status = 404;
      ctx.body = 'Not found';
    }
  });
  return app;
}
