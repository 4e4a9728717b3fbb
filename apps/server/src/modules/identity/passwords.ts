import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id at the OWASP Password Storage Cheat Sheet's first recommended setting: 19 MiB memory,
 * 2 iterations, 1 lane. One verification takes ≈ 15–25 ms on the 2-core machine (bench/identity.ts).
 */
export const PASSWORD_HASH_PARAMS = {
  algorithm: 2 as unknown as Algorithm, // Argon2id (a const enum, which isolated modules cannot read)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, PASSWORD_HASH_PARAMS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random secret with the same parameters as real ones: a login for a phone without an
 * account (or without a password) verifies against it, so it costs what a wrong password costs.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  return dummyHash;
}
