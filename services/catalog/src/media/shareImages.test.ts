/**
 * The raster copies of the catalogue's pictures that link previews show (WhatsApp and Facebook
 * show no SVG), over real HTTP: /media/share/<folder>/<name>.png or .jpg, a 1200×630 card drawn
 * once and kept, with the year-long cache life of /media; unknown names and paths out of the
 * picture folders answer 404.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { createLogger, listen, type RunningServer } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import { createCatalogApp, MEDIA_DIR } from '../app';
import { prepareCatalogDatabase } from '../db/setup';
import { brands as seedBrands, products as seedProducts } from '../db/seed/data';
import { defaultShareCacheDir, SHARE_CARD } from './shareImages';
import { databaseUploadedImages, type UploadedImages } from './uploadedImages';

// The pictures do not depend on the database: SQLite is enough.
const [sqlite] = testDatabases('catalog');

describe('share images for link previews', () => {
  let server: RunningServer;
  let drop: () => Promise<void>;
  let uploads: UploadedImages;
  const slug = seedProducts[0]!.slug;
  // Unique per run: the drawn cards are kept in the temporary folder between runs.
  const uploadName = crypto.randomBytes(10).toString('hex');

  beforeAll(async () => {
    const created = await sqlite!.create();
    drop = created.drop;
    await prepareCatalogDatabase(created.db);
    uploads = databaseUploadedImages(created.db);
    server = await listen(
      createCatalogApp({
        db: created.db,
        logger: createLogger('catalog'),
        internalSecret: 'test-secret',
        orderLines: async () => [],
      }),
      0,
    );
  });

  afterAll(async () => {
    await server?.close();
    await drop?.();
    fs.rmSync(path.join(defaultShareCacheDir(MEDIA_DIR), 'uploads', `${uploadName}.jpg`), { force: true });
  });

  const fetchImage = async (pathname: string) => {
    const response = await fetch(`${server.url}${pathname}`);
    return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
  };

  /** A request for the path exactly as written: fetch would resolve '..' before sending it. */
  const rawStatus = (pathname: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(`${server.url}/`, { path: pathname }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
    });

  it("answers a product's picture as a 1200×630 PNG card, small enough for WhatsApp, kept for a year", async () => {
    const image = await fetchImage(`/media/share/products/${slug}.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toContain('max-age=31536000');
    expect(image.headers.get('cache-control')).toContain('immutable');
    expect(image.body.length).toBeGreaterThan(2_000);
    // WhatsApp leaves out a preview image much above 300 KB.
    expect(image.body.length).toBeLessThan(300_000);
    const metadata = await sharp(image.body).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: SHARE_CARD.width, height: SHARE_CARD.height });
    // Padded with the picture's own background, not black or transparent.
    const { data } = await sharp(image.body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).not.toEqual([0, 0, 0]);
    expect(metadata.hasAlpha).toBe(false);
  });

  it('draws a card once and answers the kept copy after that', async () => {
    const first = await fetchImage(`/media/share/brands/${seedBrands[0]!.slug}.png`);
    expect(first.status).toBe(200);
    const kept = path.join(defaultShareCacheDir(MEDIA_DIR), 'brands', `${seedBrands[0]!.slug}.png`);
    const drawnAt = fs.statSync(kept).mtimeMs;
    const [second, third] = await Promise.all([
      fetchImage(`/media/share/brands/${seedBrands[0]!.slug}.png`),
      fetchImage(`/media/share/brands/${seedBrands[0]!.slug}.png`),
    ]);
    expect(second.body.equals(first.body)).toBe(true);
    expect(third.body.equals(first.body)).toBe(true);
    expect(fs.statSync(kept).mtimeMs).toBe(drawnAt);
  });

  it('answers a JPEG card too, and one for a staff upload kept in the database', async () => {
    const jpeg = await fetchImage(`/media/share/products/${slug}.jpg`);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(jpeg.body).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });

    expect((await fetchImage(`/media/share/uploads/${uploadName}.jpg`)).status).toBe(404);
    const red = await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .webp()
      .toBuffer();
    await uploads.put(`${uploadName}.webp`, red, 'image/webp');
    const card = await fetchImage(`/media/share/uploads/${uploadName}.jpg`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    const redPixel = (await sharp(card.body).raw().toBuffer()).subarray(0, 3);
    expect(redPixel[0]).toBeGreaterThan(150);
    expect(redPixel[2]).toBeLessThan(100);
  });

  it('answers 404 for an unknown picture and refuses paths out of the picture folders', async () => {
    expect((await fetchImage('/media/share/products/no-such-flour.png')).status).toBe(404);
    expect((await fetchImage('/media/share/products/no-such-flour.jpg')).status).toBe(404);
    expect((await fetchImage(`/media/share/products/${slug}.gif`)).status).toBe(404);
    expect((await fetchImage(`/media/share/share/products.png`)).status).toBe(404);
    for (const pathname of [
      '/media/share/../package.json',
      '/media/share/../../package.png',
      '/media/share/products/../../package.png',
      '/media/share/products/..%2F..%2Fpackage.png',
      '/media/share/..%2F..%2Fsrc/app.png',
      '/media/share/%2e%2e/package.png',
      `/media/share/products/${slug}.svg.png`,
    ]) {
      expect([pathname, await rawStatus(pathname)]).toEqual([pathname, 404]);
    }
  });
});
