import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { ErrorKey } from '@sabai/shared/error-codes';
import {
  isSmsCodeFormat,
  SMS_RESEND_SECONDS,
  type SmsPurpose,
} from '@sabai/shared/identity/identity.schemas';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { IdentityRepository, SmsCodeRow } from './identity.repository';
import type { SmsGateway } from './sms-gateway';

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_MAX_ATTEMPTS = 5;
/** Per phone (all purposes) and per client IP, in any 24 hours. */
export const SMS_PHONE_DAILY_LIMIT = 10;
export const SMS_IP_DAILY_LIMIT = 30;
const DAY_MS = 24 * 60 * 60_000;

const hashCode = (salt: string, code: string) => createHmac('sha256', salt).update(code).digest('hex');

/**
 * Issues a 6-digit code for a phone and purpose after the resend wait and the daily limits, keeping
 * only its salted hash. `text` renders the localised message around the code. With `deliver` false
 * (a login code for a phone without an account) the code is recorded, so the waits and limits
 * answer as for any phone, but never sent: nobody can know it (decision 012).
 */
export async function issueSmsCode(
  deps: { repository: IdentityRepository; gateway: SmsGateway; clock: Clock },
  input: {
    phoneE164: string;
    purpose: SmsPurpose;
    ip: string | undefined;
    text: (code: string) => string;
    deliver?: boolean;
  },
): Promise<void> {
  const now = deps.clock.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const issued = await deps.repository.transaction(async (repository) => {
    await repository.lockPhone(input.phoneE164);
    const latest = await repository.latestCode(input.phoneE164, input.purpose);
    if (latest) {
      const waitMs = latest.createdAt.getTime() + SMS_RESEND_SECONDS * 1000 - now.getTime();
      if (waitMs > 0) throw new AppError('smsTooFrequent', { seconds: Math.ceil(waitMs / 1000) });
    }
    const since = new Date(now.getTime() - DAY_MS);
    if ((await repository.countCodesSince({ phoneE164: input.phoneE164 }, since)) >= SMS_PHONE_DAILY_LIMIT) {
      throw new AppError('smsDailyLimit');
    }
    if (input.ip && (await repository.countCodesSince({ ip: input.ip }, since)) >= SMS_IP_DAILY_LIMIT) {
      throw new AppError('rateLimited');
    }
    const salt = randomBytes(16).toString('hex');
    return repository.insertCode({
      phoneE164: input.phoneE164,
      purpose: input.purpose,
      codeHash: hashCode(salt, code),
      salt,
      ip: input.ip ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
    });
  });
  if (input.deliver === false) return;
  try {
    await deps.gateway.send({ to: input.phoneE164, text: input.text(code), code, purpose: input.purpose });
  } catch {
    // Never delivered: the user may ask again at once, and it does not use up the daily limits.
    await deps.repository.deleteCode(issued.id);
    throw new AppError('smsSendFailed');
  }
}

type Verdict = ErrorKey | 'mismatch' | null;

/** What a code is worth against the newest one sent; `mismatch` is a wrong try that counts. */
function judge(latest: SmsCodeRow | undefined, code: string, now: Date): Verdict {
  if (!isSmsCodeFormat(code) || !latest) return 'smsCodeInvalid';
  if (latest.consumedAt) return 'smsCodeUsed';
  if (latest.attempts >= SMS_MAX_ATTEMPTS) return 'smsCodeTooManyAttempts';
  if (latest.expiresAt.getTime() <= now.getTime()) return 'smsCodeExpired';
  const expected = Buffer.from(latest.codeHash, 'hex');
  const actual = Buffer.from(hashCode(latest.salt, code), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return 'mismatch';
  return null;
}

/**
 * Would the code be accepted right now? A read without a lock that changes nothing: callers use it
 * to skip costly work (hashing a password) for a code that will be refused. Only
 * `consumeSmsCode` decides, and counts wrong tries.
 */
export async function isSmsCodeAcceptable(
  repository: IdentityRepository,
  input: { phoneE164: string; purpose: SmsPurpose; code: string; now: Date },
): Promise<boolean> {
  if (!isSmsCodeFormat(input.code)) return false;
  return judge(await repository.latestCode(input.phoneE164, input.purpose), input.code, input.now) === null;
}

/**
 * Checks a code against the newest one sent for the phone and purpose and consumes it. Runs inside the
 * caller's transaction and answers the refusal instead of throwing, so that a wrong try's count is
 * committed while the caller creates nothing.
 */
export async function consumeSmsCode(
  repository: IdentityRepository,
  input: { phoneE164: string; purpose: SmsPurpose; code: string; now: Date },
): Promise<ErrorKey | null> {
  if (!isSmsCodeFormat(input.code)) return 'smsCodeInvalid';
  const latest = await repository.latestCode(input.phoneE164, input.purpose, true);
  if (!latest) return 'smsCodeInvalid';
  const verdict = judge(latest, input.code, input.now);
  if (verdict === 'mismatch') {
    const attempts = latest.attempts + 1;
    await repository.updateCode(latest.id, { attempts });
    return attempts >= SMS_MAX_ATTEMPTS ? 'smsCodeTooManyAttempts' : 'smsCodeInvalid';
  }
  if (verdict) return verdict;
  await repository.updateCode(latest.id, { consumedAt: input.now });
  return null;
}
