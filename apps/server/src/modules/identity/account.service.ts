import { createHash } from 'node:crypto';
import {
  CANCELLATION_WAIT_DAYS,
  IS_LOGOUT,
  type Role,
  USER_STATUS,
  type UserRecord,
} from '@sabai/shared/identity/identity.schemas';
import { checkNickname } from '@sabai/shared/identity/nickname';
import { type AuthUser, hasRole } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { reencodeUploadedImage } from '../../lib/image-reencode';
import type { FileStorage } from '../../lib/storage';
import type { AccountCache } from './account-cache';
import type { IdentityRepository } from './identity.repository';
import { mayModerate } from './role-rank';
import { toUserRecord } from './user-record';

export const CANCELLATION_WAIT_MS = CANCELLATION_WAIT_DAYS * 24 * 60 * 60_000;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_SIZE = 512;
/** Who may read and moderate other people's accounts. */
const STAFF: readonly Role[] = ['customer_service', 'admin'];

export function createAccountService(deps: {
  repository: IdentityRepository;
  cache: AccountCache;
  clock: Clock;
  storage: FileStorage;
}) {
  const { repository, clock, cache } = deps;

  /** The record as the app polls it: from the account cache when this process has it. */
  async function getCachedRecord(userId: number): Promise<UserRecord> {
    const hit = cache.getUser(userId);
    if (hit) {
      hit.record ??= toUserRecord(hit.user, hit.roles);
      return hit.record;
    }
    const readEpoch = cache.readEpoch();
    const user = await repository.findUser(userId);
    if (!user) throw new AppError('notFound');
    const { roles, ...row } = user;
    cache.setUser({ user: row, roles }, readEpoch);
    return toUserRecord(row, roles);
  }

  async function getRecord(userId: number): Promise<UserRecord> {
    const user = await repository.findUser(userId);
    if (!user) throw new AppError('notFound');
    return toUserRecord(user, user.roles);
  }

  /** A caller names a user id only for themselves, unless they are staff. */
  function assertSelfOrStaff(me: AuthUser, userId: number | undefined) {
    if (userId !== undefined && userId !== me.id && !hasRole(me, STAFF)) throw new AppError('forbidden');
  }

  async function cancellationStatus(me: AuthUser) {
    const user = await repository.findUser(me.id);
    if (!user) throw new AppError('unauthenticated');
    return {
      isLogout: user.isLogout,
      requestedAt: user.cancellationRequestedAt?.toISOString() ?? null,
      dueAt: user.cancellationDueAt?.toISOString() ?? null,
    };
  }

  return {
    getRecord,

    async selectUserById(me: AuthUser, userId: number | undefined): Promise<UserRecord> {
      assertSelfOrStaff(me, userId);
      return getCachedRecord(userId ?? me.id);
    },

    /** Stores (or on logout clears) the push client id: both payload forms of the spec end here. */
    async updateClientId(
      me: AuthUser,
      input: {
        userId?: number | undefined;
        clientId?: string | undefined;
        sysPhone?: number | undefined;
        logout: boolean;
      },
    ): Promise<void> {
      assertSelfOrStaff(me, input.userId);
      if (input.userId !== undefined && input.userId !== me.id) throw new AppError('forbidden');
      const platform = input.sysPhone === 1 || input.sysPhone === 2 ? input.sysPhone : null;
      await repository.updateUser(me.id, {
        pushClientId: input.logout ? null : input.clientId?.trim() || null,
        pushPlatform: input.logout ? null : platform,
        updatedAt: clock.now(),
      });
    },

    async updateNickname(me: AuthUser, nickname: string): Promise<UserRecord> {
      const checked = checkNickname(nickname, { isStaff: hasRole(me, STAFF) });
      if (!checked.ok)
        throw new AppError(checked.problem === 'reserved' ? 'nicknameReserved' : 'nicknameInvalid');
      await repository.updateUser(me.id, { nickname: checked.nickname, updatedAt: clock.now() });
      return getRecord(me.id);
    },

    /** Checks the upload is an image by its content, re-encodes it to a square WebP and stores it. */
    async setAvatar(me: AuthUser, upload: Buffer): Promise<UserRecord> {
      const webp = await reencodeUploadedImage(upload, { longSide: AVATAR_SIZE, fit: 'cover', quality: 82 });
      const digest = createHash('sha256').update(webp).digest('hex').slice(0, 16);
      const key = `avatars/${me.id}-${digest}.webp`;
      await deps.storage.put(key, webp);
      await repository.updateUser(me.id, { avatarKey: key, updatedAt: clock.now() });
      return getRecord(me.id);
    },

    /** Asks to cancel the account: it stays usable for three days, then completeDueCancellations ends it. */
    async requestCancellation(me: AuthUser, confirm: boolean | undefined) {
      if (confirm !== true) throw new AppError('confirmationRequired');
      const user = await repository.findUser(me.id);
      if (!user) throw new AppError('unauthenticated');
      if (user.isLogout === IS_LOGOUT.pending) throw new AppError('cancellationAlreadyPending');
      const now = clock.now();
      await repository.updateUser(me.id, {
        isLogout: IS_LOGOUT.pending,
        cancellationRequestedAt: now,
        cancellationDueAt: new Date(now.getTime() + CANCELLATION_WAIT_MS),
        updatedAt: now,
      });
      return cancellationStatus(me);
    },

    async revokeCancellation(me: AuthUser) {
      const user = await repository.findUser(me.id);
      if (user?.isLogout !== IS_LOGOUT.pending) throw new AppError('cancellationNotPending');
      await repository.updateUser(me.id, {
        isLogout: IS_LOGOUT.none,
        cancellationRequestedAt: null,
        cancellationDueAt: null,
        updatedAt: clock.now(),
      });
      return cancellationStatus(me);
    },

    cancellationStatus,

    /**
     * Staff ban (or lift a ban on) an account ranked below them (decision 012); a ban ends every
     * session at once.
     */
    async setBanned(actor: AuthUser, userId: number, banned: boolean): Promise<UserRecord> {
      if (userId === actor.id) throw new AppError('forbidden');
      const now = clock.now();
      await repository.transaction(async (repo) => {
        // Locked, so a role granted meanwhile cannot slip past the rank check.
        const target = await repo.findUser(userId, true);
        if (!target) throw new AppError('notFound');
        if (!mayModerate(actor, target)) throw new AppError('forbidden');
        const user = await repo.updateUser(userId, {
          status: banned ? USER_STATUS.banned : USER_STATUS.normal,
          bannedAt: banned ? now : null,
          updatedAt: now,
        });
        if (!user) throw new AppError('notFound');
        if (banned) await repo.revokeUserSessions([userId], now, 'banned');
      });
      return getRecord(userId);
    },

    async setRole(userId: number, role: Role, granted: boolean): Promise<UserRecord> {
      if (!(await repository.findUser(userId))) throw new AppError('notFound');
      await repository.setRole(userId, role, granted);
      return getRecord(userId);
    },
  };
}

/**
 * Completes every cancellation whose three days have passed by `now`: the account becomes cancelled
 * (isLogout 3) and all its sessions end. Safe to run from several processes at once (SKIP LOCKED).
 */
export async function completeDueCancellations(repository: IdentityRepository, now: Date, batch = 100) {
  let completed = 0;
  for (;;) {
    const done = await repository.transaction(async (repo) => {
      const ids = await repo.lockDueCancellations(now, batch);
      await repo.markCancelled(ids, now);
      await repo.revokeUserSessions(ids, now, 'cancelled');
      return ids.length;
    });
    completed += done;
    if (done < batch) return completed;
  }
}

export type AccountService = ReturnType<typeof createAccountService>;
