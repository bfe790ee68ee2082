import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';

/** A stored picture: its bytes and what a browser needs to cache it. */
export interface StoredImage {
  bytes: Buffer;
  contentType: string;
  /** A strong ETag (quoted), from the bytes. */
  etag: string;
  createdAt: Date;
}

/**
 * Where staff-uploaded pictures live: the catalog's own table (catalog_media), so no replica
 * keeps state on its disk and every replica, on any machine, serves every upload. Names are
 * content hashes (admin/images.ts), so a picture is only ever added, never changed.
 */
export interface UploadedImages {
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  get(name: string): Promise<StoredImage | null>;
}

const TABLE = 'catalog_media';

export const strongEtag = (bytes: Buffer): string => `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;

interface MediaRow {
  name: string;
  content_type: string;
  etag: string;
  bytes: Buffer | Uint8Array;
  created_at: Date | string | number;
}

export function databaseUploadedImages(db: Knex): UploadedImages {
  return {
    async put(name, bytes, contentType) {
      // The same name is the same picture (a content hash): a second upload of it changes nothing.
      await db(TABLE)
        .insert({ name, content_type: contentType, etag: strongEtag(bytes), byte_size: bytes.length, bytes, created_at: new Date() })
        .onConflict('name')
        .ignore();
    },
    async get(name) {
      const row = (await db(TABLE).where({ name }).first()) as MediaRow | undefined;
      if (!row) return null;
      return {
        bytes: Buffer.from(row.bytes),
        contentType: row.content_type,
        etag: row.etag,
        createdAt: new Date(row.created_at),
      };
    },
  };
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
};

/**
 * Brings the pictures an earlier release kept in its upload folder (MEDIA_UPLOAD_DIR) into the
 * table, once: run at every start, it adds only what is missing, so it is safe on every replica
 * and the folder (a volume) can be dropped afterwards. Returns how many pictures were added.
 */
export async function importUploadFolder(images: UploadedImages, uploadDir: string): Promise<number> {
  let entries: string[];
  try {
    entries = await fs.readdir(uploadDir);
  } catch {
    return 0;
  }
  let added = 0;
  for (const name of entries.sort()) {
    const contentType = CONTENT_TYPES[path.extname(name).toLowerCase()];
    if (!contentType || !/^[\w.-]+$/.test(name)) continue;
    if (await images.get(name)) continue;
    const file = path.join(uploadDir, name);
    if (!(await fs.stat(file)).isFile()) continue;
    await images.put(name, await fs.readFile(file), contentType);
    added += 1;
  }
  return added;
}
