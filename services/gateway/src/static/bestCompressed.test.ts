import zlib from 'node:zlib';
import { bestCompressed } from './bestCompressed';

/** A page-like body: repeated markup with varying words, as a drawn product grid is. */
const page = (words: number) =>
  `<!doctype html><html><body>${Array.from({ length: words }, (_, i) => `<li class="card_${i % 7}">Unga ${i} KSh ${(i * 37) % 1000}.00</li>`).join('')}</body></html>`;

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('a storefront page compressed at brotli best, once per ETag', () => {
  it('gives the same page in fewer bytes than the per-request brotli 5, after the first request', async () => {
    const best = bestCompressed();
    const body = page(600);
    expect(best.get('"a"')).toBeUndefined();
    best.offer('"a"', body);
    await until(() => best.get('"a"') !== undefined);
    const bytes = best.get('"a"')!;
    expect(zlib.brotliDecompressSync(bytes).toString()).toBe(body);
    const perRequest = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    expect(bytes.length).toBeLessThan(perRequest.length);
  });

  it('leaves a page below the compression threshold alone, and forgets the oldest beyond its size', async () => {
    const best = bestCompressed(2);
    best.offer('"small"', '<p>hi</p>');
    for (const etag of ['"1"', '"2"', '"3"']) {
      best.offer(etag, page(100));
      await until(() => best.get(etag) !== undefined);
    }
    expect(best.get('"small"')).toBeUndefined();
    expect(best.get('"1"')).toBeUndefined();
    expect(best.get('"2"')).toBeDefined();
  });
});
