/**
 * Staff uploads kept in the catalog's database: a picture of more than MySQL's plain BLOB (64 KB)
 * comes back byte for byte, and the pictures an earlier release kept in its upload folder are
 * imported once at start, on SQLite and MySQL.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testDatabases } from '@shop/service-kit/testing';
import { prepareCatalogDatabase } from '../db/setup';
import { databaseUploadedImages, importUploadFolder, strongEtag } from './uploadedImages';

describe.each(testDatabases('catalog-media'))('uploaded images on $dialect', ({ create }) => {
  let drop: () => Promise<void>;
  let images: ReturnType<typeof databaseUploadedImages>;
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-media-'));

  beforeAll(async () => {
    const created = await create();
    drop = created.drop;
    await prepareCatalogDatabase(created.db);
    images = databaseUploadedImages(created.db);
  });

  afterAll(async () => {
    await drop?.();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  it('keeps a picture of 1.5 MB byte for byte, with its type and a strong ETag; an unknown name is null', async () => {
    const bytes = crypto.randomBytes(1_500_000);
    await images.put('0123456789abcdef0123.webp', bytes, 'image/webp');
    // The same name again (the same content hash) changes nothing.
    await images.put('0123456789abcdef0123.webp', bytes, 'image/webp');
    const stored = await images.get('0123456789abcdef0123.webp');
    expect(stored?.bytes.equals(bytes)).toBe(true);
    expect(stored?.contentType).toBe('image/webp');
    expect(stored?.etag).toBe(strongEtag(bytes));
    expect(stored?.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await images.get('ffffffffffffffffffff.webp')).toBeNull();
  });

  it('imports the pictures of an earlier release’s upload folder once, and skips other files', async () => {
    const webp = crypto.randomBytes(2000);
    const jpeg = crypto.randomBytes(3000);
    fs.writeFileSync(path.join(uploadDir, 'aaaaaaaaaaaaaaaaaaaa.webp'), webp);
    fs.writeFileSync(path.join(uploadDir, 'bbbbbbbbbbbbbbbbbbbb.jpg'), jpeg);
    fs.writeFileSync(path.join(uploadDir, 'notes.txt'), 'not a picture');
    fs.mkdirSync(path.join(uploadDir, 'nested.png'));

    expect(await importUploadFolder(images, uploadDir)).toBe(2);
    expect((await images.get('aaaaaaaaaaaaaaaaaaaa.webp'))?.bytes.equals(webp)).toBe(true);
    expect(await images.get('bbbbbbbbbbbbbbbbbbbb.jpg')).toMatchObject({ contentType: 'image/jpeg' });
    expect(await images.get('notes.txt')).toBeNull();
    // A second start (or a second replica) finds nothing left to import.
    expect(await importUploadFolder(images, uploadDir)).toBe(0);
    expect(await importUploadFolder(images, path.join(uploadDir, 'missing'))).toBe(0);
  });
});
