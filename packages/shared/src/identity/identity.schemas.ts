import { z } from 'zod';
import { idSchema, int4Schema, textSchema } from '../input';
import { NICKNAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, ROLES, SMS_PURPOSES } from './identity.rules';

export * from './identity.rules';

export const roleSchema = z.enum(ROLES);

// Requests keep loose string shapes: the service checks phone, code and password rules itself so every
// refusal carries its own catalogue code and localised message rather than a generic field error.
const areaCode = z.string().trim().min(1).max(5);
const phone = z.string().trim().min(1).max(24);
const code = z.string().trim().max(12);
// Generous in UTF-16 units, so an over-long password (counted in code points) reaches the service
// and gets its own message rather than a generic field error; still far too short to cost a hash.
const password = z.string().max(PASSWORD_MAX_LENGTH * 8);

export const sendSmsCodeBodySchema = z.object({ areaCode, phone, purpose: z.enum(SMS_PURPOSES) });
export const sendSmsCodeResultSchema = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});

export const registerBodySchema = z.object({
  areaCode,
  phone,
  code,
  password,
  invitationCode: z.string().trim().max(32).optional(),
  agreeTerms: z.boolean().optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginSmsBodySchema = z.object({ areaCode, phone, code });
export const loginPasswordBodySchema = z.object({ areaCode, phone, password });
export const resetPasswordBodySchema = z.object({ areaCode, phone, code, password });
/** `currentCode`: a login code sent to the phone, for an account that has no password to give yet. */
export const changePasswordBodySchema = z.object({
  oldPassword: password.optional(),
  newPassword: password,
  currentCode: code.optional(),
});
export const phoneWithCodeBodySchema = z.object({ areaCode, phone, code });
/** A signed-in caller's proof, within the request, that they own the account: password or login code. */
export const reauthenticationSchema = z.object({
  currentPassword: password.optional(),
  currentCode: code.optional(),
});
export const changePhoneBodySchema = phoneWithCodeBodySchema.extend(reauthenticationSchema.shape);

/** The user record of `GET /app/user/selectUserById` (spec names first, then ours). */
export const userRecordSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  vipLevel: z.number().int(),
  areaCode: z.string(),
  phone: z.string(),
  mobile: z.string(),
  status: z.number().int(),
  isLogout: z.number().int(),
  cancellationDueAt: z.string().nullable(),
  hasPassword: z.boolean(),
  roles: z.array(roleSchema),
  invitationCode: z.string().nullable(),
  createdAt: z.string(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export const selectUserByIdQuerySchema = z.object({
  userId: idSchema.optional(),
  id: idSchema.optional(),
});

/** A new session: the opaque token for the `token` header and when it stops working (ms since epoch). */
export const sessionSchema = z.object({
  token: z.string(),
  tokenExpired: z.number().int(),
  user: userRecordSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/** `POST /app/Login/reNewToken`: `data.token` and `data.uniRes.newToken` as the spec's client reads them. */
export const renewTokenResultSchema = z.object({
  token: z.string(),
  tokenExpired: z.number().int(),
  uniRes: z.object({ newToken: z.object({ token: z.string(), tokenExpired: z.number().int() }) }),
});

const intLike = int4Schema;
/** Both payload forms of the spec: JSON {userId, sysPhone, ocid, logout} or query {clientId, userId, sysPhone}. */
export const updateClientIdBodySchema = z
  .object({
    userId: intLike.optional(),
    sysPhone: intLike.optional(),
    ocid: textSchema().max(256).optional(),
    clientId: textSchema().max(256).optional(),
    logout: z.union([z.boolean(), z.number(), z.string().max(8)]).optional(),
  })
  .nullish();
export const updateClientIdQuerySchema = z.object({
  clientId: textSchema().max(256).optional(),
  userId: intLike.optional(),
  sysPhone: intLike.optional(),
});

export const cancellationBodySchema = reauthenticationSchema.extend({ confirm: z.boolean().optional() });
export const cancellationStatusSchema = z.object({
  isLogout: z.number().int(),
  requestedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
});

export const updateProfileBodySchema = z.object({ nickname: z.string().max(NICKNAME_MAX_LENGTH * 4) });

export const banBodySchema = z.object({ banned: z.boolean() });
export const userIdParamsSchema = z.object({ userId: idSchema });
export const grantRoleBodySchema = z.object({ role: roleSchema, granted: z.boolean() });

export const smsOutboxQuerySchema = z.object({ phone: z.string().max(24) });
export const smsOutboxItemSchema = z.object({
  to: z.string(),
  purpose: z.string(),
  code: z.string(),
  text: z.string(),
  sentAt: z.string(),
});
