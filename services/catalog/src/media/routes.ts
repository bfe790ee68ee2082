import path from 'node:path';
import send from 'koa-send';
import type Koa from 'koa';
import type { ServiceState } from '@shop/service-kit';

/**
 * Product, brand and uploaded images under /media. Their file names change when the picture
 * changes, so browsers may keep them for a year.
 */
export function mediaMiddleware(mediaDir: string, uploadDir: string): Koa.Middleware<ServiceState> {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/media/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const relative = ctx.path.slice('/media/'.length);
    if (!/^[\w-]+\/[\w.-]+\.(svg|png|jpe?g|webp)$/.test(relative)) {
      ctx.status = 404;
      ctx.body = { message: 'Image not found.' };
      return;
    }
    try {
      const uploaded = relative.startsWith('uploads/');
      await send(ctx, uploaded ? relative.slice('uploads/'.length) : relative, {
        root: path.resolve(uploaded ? uploadDir : mediaDir),
        maxage: 365 * 24 * 3600 * 1000,
        immutable: true,
        gzip: true,
        brotli: true,
      });
    } catch {
      ctx.status = 404;
      ctx.body = { message: 'Image not found.' };
    }
  };
}
