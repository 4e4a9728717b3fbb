import {
  isSmsCodeFormat,
  passwordProblem as sharedPasswordProblem,
} from '@sabai/shared/identity/identity.rules';
import type { PhoneValue } from './components/phone-field';

/** Client-side checks mirror the server's rules; each answers a key in the `identity` namespace or null. */
export async function phoneProblem(value: PhoneValue): Promise<string | null> {
  if (!value.phone.trim()) return 'phone.required';
  // libphonenumber's metadata is large: fetched at the first check (and prefetched by the forms).
  const { normaliseMobile } = await loadPhoneRules();
  return normaliseMobile(value.phone, value.areaCode) ? null : 'phone.invalid';
}

export const loadPhoneRules = () => import('@sabai/shared/phone');

export function passwordProblem(password: string): string | null {
  if (!password) return 'password.required';
  const problem = sharedPasswordProblem(password);
  return problem ? `password.${problem}` : null;
}

export function codeProblem(code: string): string | null {
  if (!code) return 'code.required';
  return isSmsCodeFormat(code) ? null : 'code.invalid';
}

/** The first problem of a form, or null when every check passes. */
export async function firstProblem(...problems: (string | null | Promise<string | null>)[]) {
  for (const problem of problems) {
    const found = await problem;
    if (found) return found;
  }
  return null;
}

/** Only paths inside the app may be a redirect target (never another site). */
export function safeRedirect(target: string | null): string | null {
  return target?.startsWith('/') && !target.startsWith('//') ? target : null;
}
