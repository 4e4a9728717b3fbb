import type { FastifyRequest } from 'fastify';
import { AppError, isAppError } from '../lib/app-error';

/**
 * The one file of a multipart upload (field "file"), read into memory within `maxBytes` (the route's
 * multipart limit). A request that is not multipart or has no file answers `imageInvalid`, a file
 * over the limit `imageTooLarge`; a body the parser cannot read (no boundary, a part that never
 * ends) is the caller's mistake, not a crash.
 */
export async function readSingleUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('imageInvalid');
  try {
    const file = await request.file();
    if (!file) throw new AppError('imageInvalid');
    return await file.toBuffer();
  } catch (error) {
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('imageTooLarge', { limit: `${maxBytes / 1024 / 1024} MB` });
    }
    if (isAppError(error) || statusCode) throw error;
    // Busboy's parse errors carry no code or status.
    throw new AppError('malformedJson');
  }
}
