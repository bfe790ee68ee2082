import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { UploadedImages } from './uploadedImages';

/**
 * Link previews (WhatsApp, Facebook, X) show no SVG, and the catalogue's product and brand pictures
 * are SVG. Each picture under /media has a raster copy at /media/share/<folder>/<name>.png (or .jpg,
 * smaller for staff's photos): a 1200×630 card, the size those previews show large, with the
 * picture whole in the middle (Facebook crops anything wider or taller to it, cutting a square
 * product's label) and the rest in the picture's own edge colour. A copy is drawn on first asking
 * and kept on disk, drawn again only when its picture is newer. The kept copies are a cache (in
 * the temporary folder, drawn again by any replica that lacks them), not the service's state:
 * staff uploads themselves come from the database.
 */

export const SHARE_CARD = { width: 1200, height: 630 };
export type ShareFormat = 'png' | 'jpeg';

/** /media/share/<folder>/<name>.<png|jpg>, relative to /media/: names without dots or slashes cannot leave their folder. */
const SHARE_PATH = /^share\/([\w-]+)\/([\w-]+)\.(png|jpe?g)$/;
/** A picture's own formats, in the order a name is looked for (seeded pictures are SVG, staff uploads WebP). */
const SOURCE_EXTENSIONS = ['svg', 'webp', 'png', 'jpg', 'jpeg'];
const WHITE = { r: 255, g: 255, b: 255 };
/** As for uploads (admin/images.ts): a picture this large is refused rather than drawn. */
const MAX_INPUT_PIXELS = 40_000_000;
/** SVG is drawn at 72 dpi; a density above it draws it sharp at the card's size, within reason. */
const SVG_DPI = 72;
const MAX_SVG_DENSITY = 72 * 20;

export interface ShareImageRequest {
  folder: string;
  name: string;
  format: ShareFormat;
}

/** The share image a /media/ path asks for, or null when it is not one. */
export function parseSharePath(relative: string): ShareImageRequest | null {
  const match = SHARE_PATH.exec(relative);
  if (!match || match[1] === 'share') return null;
  return { folder: match[1]!, name: match[2]!, format: match[3] === 'png' ? 'png' : 'jpeg' };
}

/** The picture on the card, whole and as large as fits, padded with its top-left colour (white where that is transparent). */
export async function renderShareCard(source: Buffer, format: ShareFormat): Promise<Buffer> {
  const metadata = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const scale = Math.min(SHARE_CARD.width / (metadata.width || 1), SHARE_CARD.height / (metadata.height || 1));
  const density = metadata.format === 'svg' ? Math.min(MAX_SVG_DENSITY, Math.max(SVG_DPI, Math.ceil(SVG_DPI * scale))) : undefined;
  const { data, info } = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, ...(density ? { density } : {}) })
    .rotate()
    .resize(SHARE_CARD.width, SHARE_CARD.height, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [r = 255, g = 255, b = 255, alpha = 0] = data.subarray(0, 4);
  const background = alpha < 128 ? WHITE : { r, g, b };
  const left = Math.floor((SHARE_CARD.width - info.width) / 2);
  const top = Math.floor((SHARE_CARD.height - info.height) / 2);
  const card = sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    // Previews draw transparency black or checkered: the card is opaque.
    .flatten({ background })
    .extend({
      top,
      bottom: SHARE_CARD.height - info.height - top,
      left,
      right: SHARE_CARD.width - info.width - left,
      background,
    });
  return format === 'png'
    ? card.png({ compressionLevel: 9, palette: true, quality: 95 }).toBuffer()
    : card.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

async function modifiedAt(file: string): Promise<number | null> {
  try {
    const stats = await fs.stat(file);
    return stats.isFile() ? stats.mtimeMs : null;
  } catch {
    return null;
  }
}

/**
 * Where the copies are kept when no folder is given: per picture folder. Two shops on one machine
 * may share the uploads' copies: an upload's name is its content hash, so one name is one picture.
 */
export const defaultShareCacheDir = (mediaDir: string): string =>
  path.join(os.tmpdir(), `shop-catalog-share-${createHash('sha256').update(path.resolve(mediaDir)).digest('hex').slice(0, 12)}`);

export interface ShareImages {
  /** The kept copy's path in `dir` (drawn now if missing or older than its picture), or null when there is no such picture. */
  fileFor(request: ShareImageRequest): Promise<string | null>;
  dir: string;
}

/** A picture to draw a card of: its bytes on request, and when it last changed. */
interface Source {
  read(): Promise<Buffer>;
  modified: number;
}

export function shareImages(mediaDir: string, uploads: UploadedImages, dir = defaultShareCacheDir(mediaDir)): ShareImages {
  // One drawing per copy at a time: a preview bot's burst of requests for one page waits for the same one.
  const drawing = new Map<string, Promise<void>>();

  async function findSource({ folder, name }: ShareImageRequest): Promise<Source | null> {
    for (const extension of SOURCE_EXTENSIONS) {
      if (folder === 'uploads') {
        const upload = await uploads.get(`${name}.${extension}`);
        if (upload) return { read: async () => upload.bytes, modified: upload.createdAt.getTime() };
        continue;
      }
      const file = path.join(path.resolve(mediaDir, folder), `${name}.${extension}`);
      const modified = await modifiedAt(file);
      if (modified !== null) return { read: () => fs.readFile(file), modified };
    }
    return null;
  }

  async function draw(source: Source, target: string, format: ShareFormat): Promise<void> {
    const card = await renderShareCard(await source.read(), format);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed: another request (or instance) never reads half a file.
    const partial = `${target}.${process.pid}.${Date.now()}.partial`;
    await fs.writeFile(partial, card);
    await fs.rename(partial, target);
  }

  return {
    dir,
    async fileFor(request) {
      const source = await findSource(request);
      if (!source) return null;
      const fileName = `${request.folder}/${request.name}.${request.format === 'png' ? 'png' : 'jpg'}`;
      const target = path.join(dir, fileName);
      const kept = await modifiedAt(target);
      if (kept !== null && kept >= source.modified) return fileName;
      let pending = drawing.get(target);
      if (!pending) {
        pending = draw(source, target, request.format).finally(() => drawing.delete(target));
        drawing.set(target, pending);
      }
      await pending;
      return fileName;
    },
  };
}
