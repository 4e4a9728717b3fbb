import { z } from 'zod';

/**
 * Building blocks for request schemas, shaped by what PostgreSQL can store: an id outside `integer`
 * (int4) or a text holding U+0000 is refused by the database mid-query, which the caller would see
 * as a crash. Refused here, they are the caller's validation error on every route that uses them.
 */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/** A row id (path or query text, or a JSON number): a whole number from 1 to int4's maximum. */
export const idSchema = z.coerce.number().int().min(1).max(INT4_MAX);

/** Any whole number a client sends for an int4 column (the spec's `sysPhone`, `noticeOs`…). */
export const int4Schema = z.coerce.number().int().min(INT4_MIN).max(INT4_MAX);

// PostgreSQL text cannot hold U+0000; nothing a person types contains it.
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what this refuses.
const WITHOUT_NUL = /^[^\u0000]*$/;

/** A string without U+0000; chain `.max()`, `.trim()` and the rest as with `z.string()`. */
export const textSchema = () => z.string().regex(WITHOUT_NUL);
