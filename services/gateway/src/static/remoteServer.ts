import Koa from 'koa';
import { sendFile } from './staticSite';

/**
 * One remote's built files on a port of its own, as the team that owns it deploys it: CORS open
 * (the shell loads it from another origin), pre-compressed files, entry points revalidated.
 */
export function createRemoteServer(dir: string): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.status = 204;
      return;
    }
    const file = ctx.path.slice(1) || 'mf-manifest.json';
    if (!(await sendFile(ctx, dir, file))) {
      ctx.status = 404;
      ctx.body = 'Not found';
    }
  });
  return app;
}
