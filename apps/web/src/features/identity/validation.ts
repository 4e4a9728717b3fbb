import { isAcceptablePassword, isSmsCodeFormat } from '@sabai/shared/identity/identity.rules';
import {
  changePasswordBodySchema,
  loginPasswordBodySchema,
  loginSmsBodySchema,
  phoneWithCodeBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
} from '@sabai/shared/identity/identity.schemas';
import { z } from 'zod';

/**
 * The identity forms' schemas: the shared request schemas, with the client-side checks that mirror
 * the server's rules. Messages are keys of the `identity` namespace, translated where shown.
 */
const message = (key: string) => `identity:${key}`;

// libphonenumber's metadata is large: fetched at the first check (and prefetched by the phone field).
export const loadPhoneRules = () => import('@sabai/shared/phone');

const phone = z.string().trim().min(1, message('phone.required'));
const code = z
  .string()
  .min(1, message('code.required'))
  .refine((value) => !value || isSmsCodeFormat(value), message('code.invalid'));
const newPassword = z
  .string()
  .min(1, message('password.required'))
  .refine((value) => !value || isAcceptablePassword(value), message('password.tooShort'));
const agreed = z.boolean().refine((value) => value, message('agreement.required'));

/** The number must be a mobile of the chosen country (the server checks the same). */
async function checkMobile(value: { areaCode: string; phone: string }, context: z.RefinementCtx) {
  if (!value.phone.trim()) return;
  const { normaliseMobile } = await loadPhoneRules();
  if (!normaliseMobile(value.phone, value.areaCode)) {
    context.addIssue({ code: 'custom', path: ['phone'], message: message('phone.invalid') });
  }
}

export const smsLoginForm = loginSmsBodySchema.extend({ phone, code, agreed }).superRefine(checkMobile);
export const passwordLoginForm = loginPasswordBodySchema
  .extend({ phone, password: z.string().min(1, message('password.required')), agreed })
  .superRefine(checkMobile);
export const registerForm = registerBodySchema
  .extend({ phone, code, password: newPassword, invitationCode: z.string().trim(), agreed })
  .superRefine(checkMobile);
export const resetPasswordForm = resetPasswordBodySchema
  .extend({ phone, code, password: newPassword })
  .superRefine(checkMobile);
export const phoneWithCodeForm = phoneWithCodeBodySchema.extend({ phone, code }).superRefine(checkMobile);

/** Change password: the current one only when the account has one; the new one typed twice. */
export const changePasswordForm = (needsCurrent: boolean) =>
  changePasswordBodySchema
    .extend({
      oldPassword: needsCurrent ? z.string().min(1, message('password.currentRequired')) : z.string(),
      newPassword,
      repeat: z.string(),
    })
    .superRefine((value, context) => {
      if (value.repeat !== value.newPassword) {
        context.addIssue({ code: 'custom', path: ['repeat'], message: message('password.mismatch') });
      }
    });

/** Only paths inside the app may be a redirect target (never another site). */
export function safeRedirect(target: string | null): string | null {
  return target?.startsWith('/') && !target.startsWith('//') ? target : null;
}
