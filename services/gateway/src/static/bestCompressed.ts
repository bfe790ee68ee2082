import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotliCompress = promisify(zlib.brotliCompress);

/** Below this the gateway's compression leaves a page as it is (koa-compress's threshold in app.ts). */
const MIN_BYTES = 1024;

export interface BestCompressed {
  /** The page's bytes at brotli's best, once made for that ETag; undefined until then. */
  get(etag: string): Buffer | undefined;
  /** Makes the page's bytes at brotli's best in the background, once per ETag. */
  offer(etag: string, body: string): void;
}

/**
 * A storefront page is the same bytes for every shopper until the catalogue changes (a drawn page
 * is kept, and its ETag is its body's hash), yet the gateway compressed it anew for each request at
 * brotli 5 (app.ts), which is fast enough per request. Brotli's best is ten to a hundred times slower
 * (30-150 ms for a 15-45 KB page here) but 10-15 % smaller (the Swahili home page 7.9 → 7.0 KB,
 * /checkout 4.4 → 3.8 KB): made once per ETag in the background, and sent from the next request
 * on. The oldest are forgotten beyond `maxEntries`.
 */
export function bestCompressed(maxEntries = 512): BestCompressed {
  const made = new Map<string, Buffer>();
  const making = new Set<string>();
  return {
    get: (etag) => made.get(etag),
    offer(etag, body) {
      if (made.has(etag) || making.has(etag) || Buffer.byteLength(body) < MIN_BYTES) return;
      making.add(etag);
      const plain = Buffer.from(body);
      brotliCompress(plain, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      })
        .then((best) => {
          made.set(etag, best);
          for (const oldest of made.keys()) {
            if (made.size <= maxEntries) break;
            made.delete(oldest);
          }
        })
        // Not made: the page is compressed per request as before.
        .catch(() => undefined)
        .finally(() => making.delete(etag));
    },
  };
}
