import { createHash } from 'node:crypto';
import { CARE_IMAGE_KEY } from '@sabai/shared/reviews/review-rules';
import { AppError } from '../../lib/app-error';
import { reencodeUploadedImage } from '../../lib/image-reencode';
import type { FileStorage } from '../../lib/storage';

export const CARE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const LONG_SIDE = 1600;

export const careImageUrl = (key: string) => `/app/uploads/${key}`;

/**
 * Review photos and complaint images (decision 049), checked like avatars and address photos: the
 * content must decode as an image; it is re-encoded to WebP, which drops its metadata (location,
 * camera). The key names the uploader, so a review can only use its author's own uploads.
 */
export function createCareImages(storage: FileStorage) {
  return {
    async upload(userId: number, upload: Buffer) {
      const webp = await reencodeUploadedImage(upload, LONG_SIDE);
      const digest = createHash('sha256').update(webp).digest('hex').slice(0, 16);
      const key = `care/${userId}-${digest}.webp`;
      await storage.put(key, webp);
      return { key, url: careImageUrl(key) };
    },

    /** Every key must be one of this user's uploads, stored; duplicates are dropped. */
    async assertOwn(userId: number, keys: readonly string[]): Promise<string[]> {
      const unique = [...new Set(keys)];
      for (const key of unique) {
        if (!CARE_IMAGE_KEY.test(key) || !key.startsWith(`care/${userId}-`)) {
          throw new AppError('careImageUnknown');
        }
        if (!(await storage.get(key))) throw new AppError('careImageUnknown');
      }
      return unique;
    },
  };
}

export type CareImages = ReturnType<typeof createCareImages>;
