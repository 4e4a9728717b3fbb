import sharp from 'sharp';
import { AppError } from './app-error';

/** What an uploaded photo may be (checked by content, never by name or declared type). */
const ACCEPTED_IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif']);

/** How the re-encoded picture is shaped: fitted inside a square (photos) or cropped to one (avatars). */
export interface ImageShape {
  longSide: number;
  fit?: 'inside' | 'cover';
  quality?: number;
}

/**
 * The one check every upload of a picture makes (avatars, address photos, withdrawal cards, review
 * and complaint images, chat pictures): the bytes must decode as an image of an accepted format
 * within a pixel budget; the result is re-encoded as WebP (which drops its metadata, GPS included)
 * and fitted inside `longSide` (or cropped to it). Anything else is `imageInvalid`.
 */
export async function reencodeUploadedImage(upload: Buffer, shape: number | ImageShape): Promise<Buffer> {
  const { longSide, fit = 'inside', quality = 80 } = typeof shape === 'number' ? { longSide: shape } : shape;
  try {
    const image = sharp(upload, { limitInputPixels: 40_000_000, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED_IMAGE_FORMATS.has(meta.format)) throw new AppError('imageInvalid');
    return await image
      .rotate()
      .resize(
        longSide,
        longSide,
        fit === 'cover' ? { fit: 'cover' } : { fit: 'inside', withoutEnlargement: true },
      )
      .webp({ quality })
      .toBuffer();
  } catch (error) {
    throw error instanceof AppError ? error : new AppError('imageInvalid');
  }
}
