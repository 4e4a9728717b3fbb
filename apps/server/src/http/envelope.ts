import type { Envelope } from '@sabai/shared/envelope';
import { envelopeSchema } from '@sabai/shared/envelope';
import type { Language } from '@sabai/shared/i18n';
import type { z } from 'zod';
import { translate } from '../lib/i18n';

/** The success envelope, with the localised "success" message. */
export function ok<T>(language: Language, data: T): Envelope<T> {
  return { code: 0, msg: translate(language, 'errors:ok'), data };
}

/** Response schema for a route answering `data` of this shape: keeps `/docs` complete and true. */
export const okResponse = <T extends z.ZodType>(data: T) => ({ 200: envelopeSchema(data) });
