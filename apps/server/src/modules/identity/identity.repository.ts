import { IS_LOGOUT, type Role, type SmsPurpose } from '@sabai/shared/identity/identity.schemas';
import { and, count, desc, eq, getTableColumns, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  passwordAttempts,
  type SessionRevokeReason,
  sessions,
  smsCodes,
  userRoles,
  users,
  vipMemberships,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type SmsCodeRow = typeof smsCodes.$inferSelect;

const rolesOf = sql<
  Role[]
>`array(select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${users.id} order by 1)`;

/**
 * A user's columns with `vipLevel` derived from the VIP module's membership rows (decision 043):
 * 1 while a purchased window holds now, else 0. The stored `vip_level` column is no longer read,
 * so the badge can never outlive the membership.
 */
const userColumns = {
  ...getTableColumns(users),
  vipLevel:
    sql<number>`(case when exists (select 1 from ${vipMemberships} where ${vipMemberships.userId} = ${users.id} and ${vipMemberships.startsAt} <= now() and ${vipMemberships.endsAt} > now()) then 1 else 0 end)::smallint`.mapWith(
      Number,
    ),
};

export interface IdentityRepository extends ReturnType<typeof createQueries> {
  /** The connection (inside `transaction`, the transaction) for other modules' writes that belong to it. */
  db: Db;
  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repository: IdentityRepository) => Promise<T>): Promise<T>;
}

/**
 * `onUsersChanged` hears every write to users, roles and sessions (the account cache forgets them).
 * Inside a transaction it is called at once and again after commit, so a reader that refilled a
 * cache with pre-commit data in between is corrected.
 */
export function createIdentityRepository(
  db: Db,
  onUsersChanged: (userIds: number[]) => void = () => {},
): IdentityRepository {
  return {
    ...createQueries(db, onUsersChanged),
    db,
    async transaction(work) {
      const touched = new Set<number>();
      const result = await db.transaction((tx) =>
        work(
          createIdentityRepository(tx as unknown as Db, (ids) => {
            for (const id of ids) touched.add(id);
            onUsersChanged(ids);
          }),
        ),
      );
      if (touched.size) onUsersChanged([...touched]);
      return result;
    },
  };
}

function createQueries(db: Db, changed: (userIds: number[]) => void) {
  return {
    /** Serialises work on one phone number (sending codes, registering) across processes. */
    async lockPhone(phoneE164: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone:${phoneE164}`}))`);
    },

    // ── users ────────────────────────────────────────────────────────────────────────────
    /** The user with their roles; `forUpdate` locks the row for the rest of the transaction. */
    async findUser(id: number, forUpdate = false): Promise<(UserRow & { roles: Role[] }) | undefined> {
      const query = db
        .select({ user: userColumns, roles: rolesOf })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      const [row] = forUpdate ? await query.for('update') : await query;
      return row ? { ...row.user, roles: row.roles } : undefined;
    },

    /** The live (not cancelled) account holding the phone. */
    async findLiveUserByPhone(phoneE164: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select(userColumns)
        .from(users)
        .where(and(eq(users.phoneE164, phoneE164), ne(users.isLogout, IS_LOGOUT.cancelled)))
        .limit(1);
      return row;
    },

    /** The most recent cancellation of an account that held the phone, if any. */
    async latestCancellationOfPhone(phoneE164: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ cancelledAt: users.cancelledAt })
        .from(users)
        .where(and(eq(users.phoneE164, phoneE164), eq(users.isLogout, IS_LOGOUT.cancelled)))
        .orderBy(desc(users.cancelledAt))
        .limit(1);
      return row?.cancelledAt ?? undefined;
    },

    async insertUser(values: NewUser, roles: Role[]): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('user insert returned nothing');
      if (roles.length) await db.insert(userRoles).values(roles.map((role) => ({ userId: row.id, role })));
      return row;
    },

    async updateUser(id: number, values: Partial<NewUser>): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      changed([id]);
      return row;
    },

    // ── password attempts ────────────────────────────────────────────────────────────────
    /**
     * Counts one password attempt in one statement, before its password is verified, and answers the
     * count in its window and when that window started: under any number of concurrent tries each
     * gets its own number. An attempt after the window has passed starts a new one.
     */
    async reservePasswordAttempt(
      subject: string,
      client: string,
      now: Date,
      windowStart: Date,
    ): Promise<{ attempts: number; windowStartedAt: Date }> {
      const inWindow = sql`${passwordAttempts.windowStartedAt} > ${windowStart}`;
      const [row] = await db
        .insert(passwordAttempts)
        .values({ subject, client, attempts: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: [passwordAttempts.subject, passwordAttempts.client],
          set: {
            // Capped: a flood must not overflow the counter.
            attempts: sql`case when ${inWindow} then least(${passwordAttempts.attempts} + 1, 1000000) else 1 end`,
            windowStartedAt: sql`case when ${inWindow} then ${passwordAttempts.windowStartedAt} else ${now} end`,
          },
        })
        .returning({
          attempts: passwordAttempts.attempts,
          windowStartedAt: passwordAttempts.windowStartedAt,
        });
      if (!row) throw new Error('password attempt upsert returned nothing');
      return row;
    },

    /** Gives back an attempt that turned out right: the client starts afresh, the shared count drops by one. */
    async releasePasswordAttempt(subject: string, client: string, shared?: string): Promise<void> {
      await db
        .delete(passwordAttempts)
        .where(and(eq(passwordAttempts.subject, subject), eq(passwordAttempts.client, client)));
      if (shared === undefined) return;
      await db
        .update(passwordAttempts)
        .set({ attempts: sql`greatest(${passwordAttempts.attempts} - 1, 0)` })
        .where(and(eq(passwordAttempts.subject, subject), eq(passwordAttempts.client, shared)));
    },

    /** Forgets every count of the subjects (the owner proved the phone with a code). */
    async clearPasswordAttempts(subjects: string[]): Promise<void> {
      await db.delete(passwordAttempts).where(inArray(passwordAttempts.subject, subjects));
    },

    /** Drops counts whose window ended before `windowStart` (a periodic sweep keeps the table small). */
    async forgetPasswordAttemptsBefore(windowStart: Date): Promise<number> {
      const rows = await db
        .delete(passwordAttempts)
        .where(lte(passwordAttempts.windowStartedAt, windowStart))
        .returning({ subject: passwordAttempts.subject });
      return rows.length;
    },

    /** Has this device ever held a session of the user? (A client the account knows.) */
    async isKnownDevice(userId: number, deviceId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.deviceId, deviceId)))
        .limit(1);
      return !!row;
    },

    async setRole(userId: number, role: Role, granted: boolean): Promise<void> {
      if (granted) await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
      else await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
      changed([userId]);
    },

    /** Pending cancellations due by `now`, locked; rows another process holds are skipped. */
    async lockDueCancellations(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isLogout, IS_LOGOUT.pending), lte(users.cancellationDueAt, now)))
        .orderBy(users.cancellationDueAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return rows.map((row) => row.id);
    },

    async markCancelled(ids: number[], now: Date): Promise<void> {
      if (!ids.length) return;
      await db
        .update(users)
        .set({ isLogout: IS_LOGOUT.cancelled, cancelledAt: now, updatedAt: now, pushClientId: null })
        .where(inArray(users.id, ids));
      changed(ids);
    },

    // ── sessions ─────────────────────────────────────────────────────────────────────────
    async insertSession(values: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(values);
    },

    /** One indexed read for an uncached token: the session, its user and their roles. */
    async findSessionByHash(hash: string) {
      const [row] = await db
        .select({
          session: {
            id: sessions.id,
            userId: sessions.userId,
            authenticatedAt: sessions.authenticatedAt,
            lastUsedAt: sessions.lastUsedAt,
            expiresAt: sessions.expiresAt,
            revokedAt: sessions.revokedAt,
            revokeReason: sessions.revokeReason,
          },
          user: userColumns,
          roles: rolesOf,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, hash))
        .limit(1);
      return row;
    },

    /** Revokes a live session; answers its login time, or undefined when it was not live. */
    async revokeSession(
      id: number,
      now: Date,
      reason: SessionRevokeReason,
    ): Promise<{ authenticatedAt: Date } | undefined> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now, revokeReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
        .returning({ userId: sessions.userId, authenticatedAt: sessions.authenticatedAt });
      changed(rows.map((row) => row.userId));
      return rows[0] && { authenticatedAt: rows[0].authenticatedAt };
    },

    /**
     * Records a use of the session unless one was recorded since `unlessAfter`. It changes no
     * account state, so it invalidates no cache: the caller moves its cached copy forward itself, and
     * another process's copy lags by at most its TTL plus the resolution (decision 013).
     */
    async recordSessionUse(id: number, now: Date, unlessAfter: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ lastUsedAt: now })
        .where(and(eq(sessions.id, id), lte(sessions.lastUsedAt, unlessAfter)));
    },

    /** Revokes every live session of the users, except `keepSessionId` when given. */
    async revokeUserSessions(
      userIds: number[],
      now: Date,
      reason: SessionRevokeReason,
      keepSessionId?: number,
    ): Promise<number> {
      if (!userIds.length) return 0;
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now, revokeReason: reason })
        .where(
          and(
            inArray(sessions.userId, userIds),
            isNull(sessions.revokedAt),
            keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
          ),
        )
        .returning({ id: sessions.id });
      changed(userIds);
      return rows.length;
    },

    // ── SMS codes ────────────────────────────────────────────────────────────────────────
    async latestCode(
      phoneE164: string,
      purpose: SmsPurpose,
      forUpdate = false,
    ): Promise<SmsCodeRow | undefined> {
      const query = db
        .select()
        .from(smsCodes)
        .where(and(eq(smsCodes.phoneE164, phoneE164), eq(smsCodes.purpose, purpose)))
        .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
        .limit(1);
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    async countCodesSince(filter: { phoneE164?: string; ip?: string }, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(smsCodes)
        .where(
          and(
            gt(smsCodes.createdAt, since),
            filter.phoneE164 ? eq(smsCodes.phoneE164, filter.phoneE164) : undefined,
            filter.ip ? eq(smsCodes.ip, filter.ip) : undefined,
          ),
        );
      return row?.n ?? 0;
    },

    async insertCode(values: typeof smsCodes.$inferInsert): Promise<SmsCodeRow> {
      const [row] = await db.insert(smsCodes).values(values).returning();
      if (!row) throw new Error('sms code insert returned nothing');
      return row;
    },

    /** Forgets a code the gateway could not deliver, so it neither delays a resend nor counts. */
    async deleteCode(id: number): Promise<void> {
      await db.delete(smsCodes).where(eq(smsCodes.id, id));
    },

    async updateCode(
      id: number,
      values: Partial<Pick<SmsCodeRow, 'attempts' | 'consumedAt'>>,
    ): Promise<void> {
      await db.update(smsCodes).set(values).where(eq(smsCodes.id, id));
    },
  };
}
