import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PRODUCT_IMAGE_MAX_BYTES } from '@shop/api-types';
import { unprocessable } from '@shop/service-kit';
import type { UploadedImages } from '../media/uploadedImages';

export interface UploadedFile {
  buffer: Buffer;
  mimetype: string;
  originalname: string;
  size: number;
}

/** The first bytes of the three formats staff may upload; the declared type alone proves nothing. */
function sniff(buffer: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buffer.length >= 12 && buffer.toString('ascii', 0, 4) === 'RIFF' && buffer.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return null;
}

const IMAGE_SIZE = 800;

/**
 * Checks an uploaded product image (type by its bytes, size) and stores it re-encoded as an 800 px
 * WebP: smaller for shoppers on mobile data, and re-encoding drops anything hidden in the file.
 * The picture is named by its content, so it can be cached for a year and replacing it changes the URL;
 * it is kept in the catalog's database (media/uploadedImages.ts), not on this replica's disk.
 */
export async function storeProductImage(file: UploadedFile, uploads: UploadedImages): Promise<string> {
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) throw unprocessable({ image: ['The image may not be greater than 2 MB.'] });
  if (!sniff(file.buffer)) throw unprocessable({ image: ['The image must be a JPEG, PNG or WebP picture.'] });
  let output: Buffer;
  try {
    output = await sharp(file.buffer, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(IMAGE_SIZE, IMAGE_SIZE, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 1 } })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw unprocessable({ image: ['The image could not be read. Please upload another picture.'] });
  }
  const name = `${createHash('sha256').update(output).digest('hex').slice(0, 20)}.webp`;
  await uploads.put(name, output, 'image/webp');
  return `/media/uploads/${name}`;
}
