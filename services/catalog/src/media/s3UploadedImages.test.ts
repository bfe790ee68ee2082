/**
 * Staff uploads in an S3-compatible bucket, against a fake store started here (PUT, GET and HEAD of
 * objects over real HTTP, refusing unsigned requests), and which store the environment picks.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDatabase } from '@shop/service-kit';
import { s3SettingsFromEnv, s3UploadedImages, uploadedImagesFor, type S3Settings } from './s3UploadedImages';
import { strongEtag } from './uploadedImages';

interface FakeObject {
  bytes: Buffer;
  contentType: string;
  modified: Date;
}

/** Just enough of S3: path-style objects, and a 403 for a request without a SigV4 signature of the expected key. */
function fakeS3(accessKeyId: string) {
  const objects = new Map<string, FakeObject>();
  const requests: Array<{ method: string; url: string; authorization: string }> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const authorization = request.headers.authorization ?? '';
      requests.push({ method: request.method ?? '', url: request.url ?? '', authorization });
      if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`) || !request.headers['x-amz-date']) {
        response.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      const key = decodeURIComponent(request.url ?? '');
      if (request.method === 'PUT') {
        objects.set(key, {
          bytes: Buffer.concat(chunks),
          contentType: request.headers['content-type'] ?? 'binary/octet-stream',
          modified: new Date(),
        });
        response.writeHead(200, { etag: '"fake"' }).end();
        return;
      }
      const found = objects.get(key);
      if (!found) {
        response.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
        return;
      }
      response.writeHead(200, {
        'content-type': found.contentType,
        'content-length': String(found.bytes.length),
        'last-modified': found.modified.toUTCString(),
      });
      response.end(request.method === 'HEAD' ? undefined : found.bytes);
    });
  });
  return { server, objects, requests };
}

describe('uploaded images in an S3-compatible bucket', () => {
  const fake = fakeS3('AKIATESTKEY');
  let settings: S3Settings;

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    settings = s3SettingsFromEnv({
      S3_BUCKET: 'shop-media',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'af-south-1',
      S3_ACCESS_KEY_ID: 'AKIATESTKEY',
      S3_SECRET_ACCESS_KEY: 'secret',
    })!;
  });

  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  it('keeps a picture of 1.5 MB byte for byte, with its type and a strong ETag, signed for the region; an unknown name is null', async () => {
    const images = s3UploadedImages(settings);
    const bytes = crypto.randomBytes(1_500_000);
    await images.put('0123456789abcdef0123.webp', bytes, 'image/webp');
    expect([...fake.objects.keys()]).toEqual(['/shop-media/catalog/uploads/0123456789abcdef0123.webp']);
    const stored = await images.get('0123456789abcdef0123.webp');
    expect(stored?.bytes.equals(bytes)).toBe(true);
    expect(stored?.contentType).toBe('image/webp');
    expect(stored?.etag).toBe(strongEtag(bytes));
    expect(stored?.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(fake.requests.at(-1)?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATESTKEY\/\d{8}\/af-south-1\/s3\/aws4_request/);
    expect(await images.get('ffffffffffffffffffff.webp')).toBeNull();
  });

  it('says what the store answered when it refuses a write', async () => {
    const images = s3UploadedImages({ ...settings, accessKeyId: 'AKIAWRONG' });
    await expect(images.put('aaaaaaaaaaaaaaaaaaaa.png', Buffer.from('png'), 'image/png')).rejects.toThrow(
      /S3 PUT aaaaaaaaaaaaaaaaaaaa.png answered 403/,
    );
  });

  it('is the store when S3_BUCKET is set; without it the database is', async () => {
    const db = createDatabase({ service: 'catalog', sqliteFile: ':memory:' });
    try {
      const viaEnv = uploadedImagesFor(db, {
        S3_BUCKET: 'shop-media',
        S3_ENDPOINT: settings.endpoint,
        S3_ACCESS_KEY_ID: 'AKIATESTKEY',
        S3_SECRET_ACCESS_KEY: 'secret',
      });
      await viaEnv.put('cccccccccccccccccccc.jpg', Buffer.from('jpeg'), 'image/jpeg');
      expect(fake.objects.has('/shop-media/catalog/uploads/cccccccccccccccccccc.jpg')).toBe(true);
    } finally {
      await db.destroy();
    }
    expect(s3SettingsFromEnv({})).toBeNull();
  });

  it('refuses a bucket without its keys, and an endpoint that is not an origin, at start', () => {
    expect(() => s3SettingsFromEnv({ S3_BUCKET: 'shop-media' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() =>
      s3SettingsFromEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'minio:9000/path' }),
    ).toThrow(/S3_ENDPOINT must be an origin/);
    expect(s3SettingsFromEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_REGION: 'eu-west-1' })).toMatchObject({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      prefix: 'catalog/uploads/',
    });
  });
});
