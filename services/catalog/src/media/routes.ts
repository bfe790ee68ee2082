import path from 'node:path';
import send from 'koa-send';
import type Koa from 'koa';
import type { ServiceState } from '@shop/service-kit';
import { parseSharePath, shareImages } from './shareImages';
import type { UploadedImages } from './uploadedImages';

const YEAR_SECONDS = 365 * 24 * 3600;
/** A year: every picture's name changes when the picture does. */
const SEND_OPTIONS = { maxage: YEAR_SECONDS * 1000, immutable: true } as const;
/** The header koa-send writes for SEND_OPTIONS, so uploads (from the database) are cached alike. */
const CACHE_CONTROL = `max-age=${YEAR_SECONDS},immutable`;
const UPLOAD_PATH = /^uploads\/([\w-]+\.(?:png|jpe?g|webp))$/;

/**
 * Product, brand and uploaded images under /media, and their raster copies for link previews
 * under /media/share/ (shareImages.ts). Their file names change when the picture changes, so
 * browsers may keep them for a year. Seeded pictures ship with the code (mediaDir); staff uploads
 * come from the catalog's database (uploadedImages.ts), the same on every replica.
 */
export function mediaMiddleware(mediaDir: string, uploads: UploadedImages, shareCacheDir?: string): Koa.Middleware<ServiceState> {
  const shares = shareImages(mediaDir, uploads, shareCacheDir);
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
    const upload = UPLOAD_PATH.exec(relative);
    if (upload) {
      const image = await uploads.get(upload[1]!);
      if (!image) return notFound(ctx);
      ctx.set('Cache-Control', CACHE_CONTROL);
      ctx.set('ETag', image.etag);
      ctx.lastModified = image.createdAt;
      ctx.type = image.contentType;
      // Koa reads freshness only for a successful status (the default until a body is set is 404).
      ctx.status = 200;
      // A revalidation (If-None-Match / If-Modified-Since) that still matches: 304, no body.
      if (ctx.fresh) {
        ctx.status = 304;
        return;
      }
      ctx.body = image.bytes;
      return;
    }
    if (!/^[\w-]+\/[\w.-]+\.(svg|png|jpe?g|webp)$/.test(relative) || relative.startsWith('uploads/')) return notFound(ctx);
    try {
      await send(ctx, relative, { root: path.resolve(mediaDir), ...SEND_OPTIONS, gzip: true, brotli: true });
    } catch {
      notFound(ctx);
    }
  };
}
