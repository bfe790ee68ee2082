import path from 'node:path';
import send from 'koa-send';
import type Koa from 'koa';
import type { ServiceState } from '@shop/service-kit';
import { parseSharePath, shareImages } from './shareImages';

/** A year: every picture's name changes when the picture does. */
const SEND_OPTIONS = { maxage: 365 * 24 * 3600 * 1000, immutable: true } as const;

/**
 * Product, brand and uploaded images under /media, and their raster copies for link previews
 * under /media/share/ (shareImages.ts). Their file names change when the picture changes, so
 * browsers may keep them for a year.
 */
export function mediaMiddleware(mediaDir: string, uploadDir: string, shareCacheDir?: string): Koa.Middleware<ServiceState> {
  const shares = shareImages(mediaDir, uploadDir, shareCacheDir);
  const notFound = (ctx: Koa.Context) => {
    ctx.status = 404;
    ctx.body = { message: 'Image not found.' };
  };
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/media/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const relative = ctx.path.slice('/media/'.length);
    const share = parseSharePath(relative);
    if (share) {
      // A picture sharp cannot draw is the service's fault: a 500, logged by the app's error handler.
      const file = await shares.fileFor(share);
      if (!file) return notFound(ctx);
      await send(ctx, file, { root: shares.dir, ...SEND_OPTIONS });
      return;
    }
    if (!/^[\w-]+\/[\w.-]+\.(svg|png|jpe?g|webp)$/.test(relative)) return notFound(ctx);
    try {
      const uploaded = relative.startsWith('uploads/');
      await send(ctx, uploaded ? relative.slice('uploads/'.length) : relative, {
        root: path.resolve(uploaded ? uploadDir : mediaDir),
        ...SEND_OPTIONS,
        gzip: true,
        brotli: true,
      });
    } catch {
      notFound(ctx);
    }
  };
}
