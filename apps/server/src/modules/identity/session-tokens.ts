import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the opaque session token the client sends in the `token` header. */
export const newSessionToken = () => randomBytes(32).toString('base64url');

/** What the database keeps instead of the token. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token we could have issued; anything else is refused before touching the database. */
export const isWellFormedToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
