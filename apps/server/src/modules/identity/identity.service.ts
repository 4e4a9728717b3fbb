import { randomBytes } from 'node:crypto';
import type { ErrorKey } from '@sabai/shared/error-codes';
import {
  IS_LOGOUT,
  type RegisterBody,
  type Role,
  type Session,
  type SmsPurpose,
  USER_STATUS,
} from '@sabai/shared/identity/identity.schemas';
import { type NormalisedMobile, normaliseMobile } from '@sabai/shared/phone';
import type { Db } from '../../db/client';
import type { AuthUser, CallerLookup } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AccountCache } from './account-cache';
import type { IdentityRepository, UserRow } from './identity.repository';
import { accountSubject, reservePasswordAttempt } from './password-attempts';
import { assertAcceptablePassword } from './password-policy';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { LAST_USE_RESOLUTION_MS, lifetimeFor, sessionEndsAt } from './session-policy';
import { isWellFormedToken, newSessionToken, tokenHash } from './session-tokens';
import { consumeSmsCode, isSmsCodeAcceptable, issueSmsCode } from './sms-codes';
import type { SmsGateway } from './sms-gateway';
import { toUserRecord } from './user-record';

/** A cancelled account's phone may register again three months after cancellation (spec section 9). */
export const CANCELLED_PHONE_BLOCK_MONTHS = 3;
const INVITATION_CODE = /^[A-Za-z0-9]{4,16}$/;

export interface IdentityDeps {
  repository: IdentityRepository;
  cache: AccountCache;
  gateway: SmsGateway;
  clock: Clock;
  /** Renders the localised SMS text for a code. */
  smsText: (lang: string, code: string) => string;
  /** Records the new account's acceptance of the current agreements in the sign-up's transaction (decision 054). */
  acceptAgreementsWithin?: (tx: Db, userId: number, at: Date) => Promise<unknown>;
}

export interface CallerContext {
  user: AuthUser | null;
  deviceId: string | null;
  ip: string | undefined;
  lang: string;
}

/** What a signed-in caller sends to prove, again, that they own the account (decision 013). */
export interface ReauthenticationProof {
  currentPassword?: string | undefined;
  currentCode?: string | undefined;
}

export interface PhoneInput {
  areaCode: string;
  phone: string;
}

function mobileOf(input: PhoneInput): NormalisedMobile {
  const mobile = normaliseMobile(input.phone, input.areaCode);
  if (!mobile) throw new AppError('phoneInvalid');
  return mobile;
}

const checkPassword = assertAcceptablePassword;

const blockedUntil = (cancelledAt: Date) => {
  const until = new Date(cancelledAt);
  until.setUTCMonth(until.getUTCMonth() + CANCELLED_PHONE_BLOCK_MONTHS);
  return until;
};

/** A token that names no live session: log in again. */
const ENDED: CallerLookup = { kind: 'refused', reason: 'unauthenticated' };

export function createIdentityService(deps: IdentityDeps) {
  const { repository, clock, cache } = deps;
  // Ready before the first login for an unknown phone, which would otherwise pay for making it.
  dummyPasswordHash().catch(() => {});

  /** Refuses registering a phone that has a live account or was cancelled less than three months ago. */
  async function assertPhoneFree(repo: IdentityRepository, phoneE164: string, now: Date) {
    if (await repo.findLiveUserByPhone(phoneE164)) throw new AppError('phoneAlreadyRegistered');
    const cancelledAt = await repo.latestCancellationOfPhone(phoneE164);
    if (cancelledAt && blockedUntil(cancelledAt) > now) {
      throw new AppError('phoneBlockedAfterCancellation', {
        date: blockedUntil(cancelledAt).toISOString().slice(0, 10),
      });
    }
  }

  /**
   * A new session; a renewal passes the login it descends from (`authenticatedAt`), so renewing never
   * moves the absolute end (decision 013). `tokenExpired` is when it ends if left unused.
   */
  async function openSession(
    repo: IdentityRepository,
    user: UserRow,
    roles: readonly Role[],
    deviceId: string | null,
    authenticatedAt?: Date,
  ) {
    const now = clock.now();
    const token = newSessionToken();
    const times = {
      authenticatedAt: authenticatedAt ?? now,
      lastUsedAt: now,
      expiresAt: new Date((authenticatedAt ?? now).getTime() + lifetimeFor(roles).absoluteMs),
    };
    await repo.insertSession({
      userId: user.id,
      tokenHash: tokenHash(token),
      deviceId,
      createdAt: now,
      ...times,
    });
    const tokenExpired = sessionEndsAt(times, roles);
    return { token, tokenExpired, user: toUserRecord(user, roles) } satisfies Session;
  }

  /** A password the signed-in caller types again, counted as any guess would be (decision 012). */
  async function verifyOwnPassword(me: AuthUser, passwordHash: string, password: string) {
    const release = await reservePasswordAttempt(repository, clock, {
      subject: accountSubject(me.id),
      client: `session:${me.sessionId}`,
      shared: true,
    });
    if (!(await verifyPassword(passwordHash, password))) throw new AppError('passwordIncorrect');
    await release();
  }

  /**
   * Proof, within the request, that the session's holder is the account's owner: the password, or
   * a login code sent to the account's phone (decision 013). For account cancellation, phone change
   * and, later, withdrawals.
   */
  async function reauthenticate(me: AuthUser, proof: ReauthenticationProof): Promise<void> {
    const user = await repository.findUser(me.id);
    if (!user) throw new AppError('unauthenticated');
    if (proof.currentPassword && user.passwordHash) {
      await verifyOwnPassword(me, user.passwordHash, proof.currentPassword);
      return;
    }
    if (proof.currentCode && user.phoneE164) {
      await withCode(user.phoneE164, 'login', proof.currentCode, async () => null);
      return;
    }
    throw new AppError('reauthenticationRequired');
  }

  async function sessionFor(user: UserRow, deviceId: string | null): Promise<Session> {
    if (user.status === USER_STATUS.banned) throw new AppError('accountBanned');
    const full = await repository.findUser(user.id);
    return openSession(repository, user, full?.roles ?? [], deviceId);
  }

  /**
   * Hashes a password only for a code that looks acceptable, so a wrong, used or expired code costs
   * a database read rather than 19 MiB of argon2 (null: the transaction refuses the code anyway).
   */
  async function hashIfCodeAcceptable(
    mobile: NormalisedMobile,
    purpose: SmsPurpose,
    code: string,
    password: string,
  ): Promise<string | null> {
    const input = { phoneE164: mobile.e164, purpose, code: code.trim(), now: clock.now() };
    return (await isSmsCodeAcceptable(repository, input)) ? hashPassword(password) : null;
  }

  /** Runs `work` in a transaction after consuming the code; a refused code commits its try count only. */
  async function withCode<T>(
    phoneE164: string,
    purpose: SmsPurpose,
    code: string,
    work: (repo: IdentityRepository, now: Date) => Promise<T>,
  ): Promise<T> {
    const now = clock.now();
    const outcome = await repository.transaction(
      async (repo): Promise<{ error: ErrorKey } | { value: T }> => {
        const refused = await consumeSmsCode(repo, {
          phoneE164,
          purpose,
          code: code.trim(),
          now,
        });
        if (refused) return { error: refused };
        return { value: await work(repo, now) };
      },
    );
    if ('error' in outcome) throw new AppError(outcome.error);
    return outcome.value;
  }

  return {
    /** The caller behind a token, or the refusal: an unknown or ended session, a banned or cancelled account. */
    async lookupSession(token: string): Promise<CallerLookup> {
      if (!isWellFormedToken(token)) return ENDED;
      const hash = tokenHash(token);
      let session = cache.getSession(hash);
      let account = session && cache.getUser(session.userId);
      const isCached = !!session && !!account;
      if (!session || !account) {
        const readEpoch = cache.readEpoch();
        const row = await repository.findSessionByHash(hash);
        if (!row) return ENDED;
        session = row.session;
        account = { user: row.user, roles: row.roles };
        cache.setSession(hash, session, readEpoch);
        cache.setUser(account, readEpoch);
      }
      const { user, roles } = account;
      // The account's state today decides: a token the ban revoked says "banned" while the ban
      // lasts and is just a dead session (401) once it is lifted.
      if (user.status === USER_STATUS.banned) return { kind: 'refused', reason: 'accountBanned' };
      if (user.isLogout === IS_LOGOUT.cancelled || session.revokeReason === 'cancelled')
        return { kind: 'refused', reason: 'accountCancelled' };
      if (session.revokedAt) return ENDED;
      const now = clock.now();
      if (sessionEndsAt(session, roles) <= now.getTime()) {
        // A cached last use may lag one another process recorded: the database has the last word.
        const row = isCached ? await repository.findSessionByHash(hash) : undefined;
        if (!row || row.session.revokedAt || sessionEndsAt(row.session, row.roles) <= now.getTime())
          return ENDED;
        session.lastUsedAt = row.session.lastUsedAt;
      }
      if (now.getTime() - session.lastUsedAt.getTime() >= LAST_USE_RESOLUTION_MS) {
        session.lastUsedAt = now;
        await repository.recordSessionUse(session.id, now, new Date(now.getTime() - LAST_USE_RESOLUTION_MS));
      }
      return { kind: 'valid', user: { id: user.id, roles, sessionId: session.id } };
    },

    reauthenticate,

    async sendCode(input: PhoneInput & { purpose: SmsPurpose }, caller: CallerContext) {
      const mobile = mobileOf(input);
      const now = clock.now();
      let deliver = true;
      switch (input.purpose) {
        case 'register':
          await assertPhoneFree(repository, mobile.e164, now);
          break;
        case 'login':
        case 'resetPassword':
          // A phone without a live account is answered as any other, and sent nothing (decision 012).
          deliver = !!(await repository.findLiveUserByPhone(mobile.e164));
          break;
        case 'bindPhone':
        case 'changePhone': {
          if (!caller.user) throw new AppError('unauthenticated');
          const me = await repository.findUser(caller.user.id);
          if (me?.phoneE164 === mobile.e164) throw new AppError('phoneUnchanged');
          await assertPhoneFree(repository, mobile.e164, now);
          break;
        }
      }
      await issueSmsCode(deps, {
        phoneE164: mobile.e164,
        purpose: input.purpose,
        ip: caller.ip,
        text: (code) => deps.smsText(caller.lang, code),
        deliver,
      });
    },

    /** Sign-up: account, customer role and first session in one transaction with the code's consumption. */
    async register(body: RegisterBody, caller: CallerContext): Promise<Session> {
      const mobile = mobileOf(body);
      checkPassword(body.password);
      if (body.agreeTerms !== true) throw new AppError('agreementRequired');
      const invitation = body.invitationCode?.trim() || null;
      if (invitation && !INVITATION_CODE.test(invitation)) throw new AppError('invitationCodeInvalid');
      const hashed = await hashIfCodeAcceptable(mobile, 'register', body.code, body.password);
      return withCode(mobile.e164, 'register', body.code, async (repo, now) => {
        await repo.lockPhone(mobile.e164);
        await assertPhoneFree(repo, mobile.e164, now);
        const user = await repo.insertUser(
          {
            userName: `u${randomBytes(6).toString('hex')}`,
            nickname: `Sabai ${mobile.national.slice(-4)}`,
            phoneE164: mobile.e164,
            // Only when a new code arrived between the look and the transaction.
            passwordHash: hashed ?? (await hashPassword(body.password)),
            invitedWithCode: invitation,
            createdAt: now,
            updatedAt: now,
          },
          ['customer'],
        );
        await deps.acceptAgreementsWithin?.(repo.db, user.id, now);
        return openSession(repo, user, ['customer'], caller.deviceId);
      });
    },

    async loginBySms(input: PhoneInput & { code: string }, caller: CallerContext): Promise<Session> {
      const mobile = mobileOf(input);
      // The code first: only the phone's owner learns whether it has an account, and whether it is banned.
      await withCode(mobile.e164, 'login', input.code, async () => null);
      const user = await repository.findLiveUserByPhone(mobile.e164);
      if (!user) throw new AppError('smsCodeInvalid');
      return sessionFor(user, caller.deviceId);
    },

    async loginByPassword(input: PhoneInput & { password: string }, caller: CallerContext): Promise<Session> {
      const mobile = mobileOf(input);
      const user = await repository.findLiveUserByPhone(mobile.e164);
      // Counted per phone (with or without an account, so the limits tell nothing) before the
      // password is verified; a device the account has logged in on keeps its own count, so a guesser
      // elsewhere does not lock the owner out (decision 012).
      const isKnownDevice =
        !!caller.deviceId && (await repository.isKnownDevice(user?.id ?? 0, caller.deviceId));
      const release = await reservePasswordAttempt(repository, clock, {
        subject: mobile.e164,
        client: isKnownDevice ? `device:${caller.deviceId}` : `ip:${caller.ip ?? 'unknown'}`,
        shared: !isKnownDevice,
      });
      // Without an account or a password, the dummy hash costs what a wrong password costs.
      const isRight = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
      // A banned account answers a right password as a wrong one: no password oracle (decision 012).
      if (!user?.passwordHash || !isRight || user.status === USER_STATUS.banned)
        throw new AppError('loginFailed');
      await release();
      return sessionFor(user, caller.deviceId);
    },

    /** Forgot password: a code to the phone sets a new password and ends every session. */
    async resetPassword(input: PhoneInput & { code: string; password: string }): Promise<void> {
      const mobile = mobileOf(input);
      checkPassword(input.password);
      const hashed = await hashIfCodeAcceptable(mobile, 'resetPassword', input.code, input.password);
      await withCode(mobile.e164, 'resetPassword', input.code, async (repo, now) => {
        // After the code, which only the phone's owner has: no account (cancelled since) or a ban.
        const user = await repo.findLiveUserByPhone(mobile.e164);
        if (!user) throw new AppError('smsCodeInvalid');
        if (user.status === USER_STATUS.banned) throw new AppError('accountBanned');
        await repo.updateUser(user.id, {
          passwordHash: hashed ?? (await hashPassword(input.password)),
          updatedAt: now,
        });
        // The owner proved the phone: what a guesser left counted no longer holds them back.
        await repo.clearPasswordAttempts([mobile.e164, accountSubject(user.id)]);
        await repo.revokeUserSessions([user.id], now, 'password');
      });
    },

    /**
     * Changes the password: the old one is needed once one exists, and a first one needs a login code
     * sent to the phone (else a stolen session could set one and re-authenticate with it, decision
     * 013). Other sessions end.
     */
    async changePassword(
      me: AuthUser,
      input: { oldPassword?: string | undefined; newPassword: string; currentCode?: string | undefined },
    ) {
      checkPassword(input.newPassword);
      const user = await repository.findUser(me.id);
      if (!user) throw new AppError('unauthenticated');
      // Counted: a stolen session must not become a way to guess the password (decision 012).
      if (user.passwordHash) await verifyOwnPassword(me, user.passwordHash, input.oldPassword ?? '');
      else await reauthenticate(me, { currentCode: input.currentCode });
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock.now();
      await repository.transaction(async (repo) => {
        await repo.updateUser(me.id, { passwordHash, updatedAt: now });
        await repo.revokeUserSessions([me.id], now, 'password', me.sessionId);
      });
    },

    /**
     * Binds a phone to an account that has none, or moves the account to a new phone: the code sent
     * to the new number proves it, and a move needs the owner's proof too (`proof`, decision 013).
     */
    async setPhone(
      me: AuthUser,
      input: PhoneInput & { code: string },
      purpose: 'bindPhone' | 'changePhone',
      proof: ReauthenticationProof = {},
    ) {
      const mobile = mobileOf(input);
      const user = await repository.findUser(me.id);
      if (!user) throw new AppError('unauthenticated');
      if (purpose === 'bindPhone' && user.phoneE164) throw new AppError('phoneAlreadyBound');
      if (user.phoneE164 === mobile.e164) throw new AppError('phoneUnchanged');
      if (purpose === 'changePhone') await reauthenticate(me, proof);
      await withCode(mobile.e164, purpose, input.code, async (repo, now) => {
        await repo.lockPhone(mobile.e164);
        await assertPhoneFree(repo, mobile.e164, now);
        await repo.updateUser(me.id, { phoneE164: mobile.e164, updatedAt: now });
      });
      const updated = await repository.findUser(me.id);
      if (!updated) throw new AppError('unauthenticated');
      return toUserRecord(updated, updated.roles);
    },

    async logout(me: AuthUser): Promise<void> {
      await repository.revokeSession(me.sessionId, clock.now(), 'logout');
    },

    /** Rotates the session: a new token, the old one revoked in the same transaction. */
    async renew(me: AuthUser, deviceId: string | null) {
      const now = clock.now();
      return repository.transaction(async (repo) => {
        const renewed = await repo.revokeSession(me.sessionId, now, 'renewed');
        if (!renewed) throw new AppError('unauthenticated');
        const user = await repo.findUser(me.id);
        if (!user) throw new AppError('unauthenticated');
        const session = await openSession(repo, user, user.roles, deviceId, renewed.authenticatedAt);
        const newToken = { token: session.token, tokenExpired: session.tokenExpired };
        return { ...newToken, uniRes: { newToken } };
      });
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
