import { isSmsCodeFormat, passwordProblem } from '@sabai/shared/identity/identity.rules';
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
/** A 6-digit SMS code. */
export const smsCode = z
  .string()
  .min(1, message('code.required'))
  .refine((value) => !value || isSmsCodeFormat(value), message('code.invalid'));
export const currentPassword = z.string().min(1, message('password.currentRequired'));
/** A password being chosen: the shared rules' problem (blank, too short or long, repetitive), by name. */
const newPassword = z
  .string()
  .min(1, message('password.required'))
  .superRefine((value, context) => {
    const problem = value ? passwordProblem(value) : null;
    if (problem) context.addIssue({ code: 'custom', message: message(`password.${problem}`) });
  });
const agreed = z.boolean().refine((value) => value, message('agreement.required'));

/** The number must be a mobile of the chosen country (the server checks the same). */
async function checkMobile(value: { areaCode: string; phone: string }, context: z.RefinementCtx) {
  if (!value.phone.trim()) return;
  const { normaliseMobile } = await loadPhoneRules();
  if (!normaliseMobile(value.phone, value.areaCode)) {
    context.addIssue({ code: 'custom', path: ['phone'], message: message('phone.invalid') });
  }
}

export const smsLoginForm = loginSmsBodySchema
  .extend({ phone, code: smsCode, agreed })
  .superRefine(checkMobile);
export const passwordLoginForm = loginPasswordBodySchema
  .extend({ phone, password: z.string().min(1, message('password.required')), agreed })
  .superRefine(checkMobile);
export const registerForm = registerBodySchema
  .extend({ phone, code: smsCode, password: newPassword, invitationCode: z.string().trim(), agreed })
  .superRefine(checkMobile);
export const resetPasswordForm = resetPasswordBodySchema
  .extend({ phone, code: smsCode, password: newPassword })
  .superRefine(checkMobile);
export const phoneWithCodeForm = phoneWithCodeBodySchema
  .extend({ phone, code: smsCode })
  .superRefine(checkMobile);

/** The value of a re-authentication field (decision 013): `currentPassword` or `smsCode`. */
type ReauthValue = typeof currentPassword | typeof smsCode;

/** Change phone: the new number with the code sent to it, and `proof` that the account is yours. */
export const changePhoneForm = (proof: ReauthValue) =>
  phoneWithCodeBodySchema.extend({ phone, code: smsCode, proof }).superRefine(checkMobile);

/** Account cancellation: the consequences understood, and `proof` that the account is yours. */
export const cancellationForm = (proof: ReauthValue) =>
  z.object({ understood: z.boolean().refine((value) => value, message('cancel.mustConfirm')), proof });

/**
 * Change password: the current one when the account has one; without one, `firstPasswordProof`
 * (a login code to the phone: a stolen session must not set a first password, decision 013). The
 * new one typed twice.
 */
export const changePasswordForm = (firstPasswordProof: ReauthValue | null) =>
  changePasswordBodySchema
    .extend({
      oldPassword: firstPasswordProof ? z.string() : currentPassword,
      proof: firstPasswordProof ?? z.string(),
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
