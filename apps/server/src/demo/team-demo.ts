import { hash } from '@node-rs/argon2';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  chatConversations,
  chatGroups,
  chatMembers,
  chatMessages,
  storeStaff,
  therapists,
  users,
} from '../db/schema';
import { PASSWORD_HASH_PARAMS } from '../modules/identity';
import { hasSeedRun, insertDemoLogin } from './identity-demo';
import { DEMO_STORE_LOGIN } from './orders-demo';

const TEAM_DEMO_SEED_NAME = 'demo-store-team-v1';

/** A therapist of the demo store with a login, documented in README ("Demo logins"): the store's team group. */
export const DEMO_STORE_THERAPIST_LOGIN = {
  areaCode: '855',
  phone: '012345682',
  phoneE164: '+85512345682',
  password: 'sabai-team',
} as const;

/**
 * The demo store's team group (decision 061): one of the store's therapists gets a login, so the
 * group (kept by the database from `store_staff` and `therapists`) holds the store counter and
 * them, with a welcome message from the counter. Runs once per database, after the orders demo
 * made the store counter.
 */
export async function seedTeamDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  if (await hasSeedRun(db, TEAM_DEMO_SEED_NAME)) return false;
  const passwordHash = await hash(DEMO_STORE_THERAPIST_LOGIN.password, PASSWORD_HASH_PARAMS);
  return db.transaction(async (tx) => {
    const [counter] = await tx
      .select({ userId: users.id, storeId: storeStaff.storeId })
      .from(users)
      .innerJoin(storeStaff, eq(storeStaff.userId, users.id))
      .where(eq(users.phoneE164, DEMO_STORE_LOGIN.phoneE164))
      .limit(1);
    if (!counter) return false;
    // A therapist of the store without a login, else any demo therapist of the city moved there.
    const [profile] = await tx
      .select({ id: therapists.id, name: therapists.displayName })
      .from(therapists)
      .where(and(eq(therapists.storeId, counter.storeId), isNull(therapists.userId)))
      .orderBy(asc(therapists.id))
      .limit(1);
    const chosen =
      profile ??
      (
        await tx
          .select({ id: therapists.id, name: therapists.displayName })
          .from(therapists)
          .where(and(isNull(therapists.userId), ne(therapists.state, 'resting')))
          .orderBy(asc(therapists.id))
          .limit(1)
      )[0];
    if (!chosen) return false;
    const userId = await insertDemoLogin(
      tx,
      {
        seedName: TEAM_DEMO_SEED_NAME,
        phoneE164: DEMO_STORE_THERAPIST_LOGIN.phoneE164,
        userName: 'demo-store-therapist',
        nickname: chosen.name.slice(0, 32),
        roles: ['customer', 'provider'],
      },
      passwordHash,
      now,
    );
    if (userId === undefined) return false;
    // The triggers put the therapist into the store's group here.
    await tx.update(therapists).set({ userId, storeId: counter.storeId }).where(eq(therapists.id, chosen.id));
    const [group] = await tx
      .select({ conversationId: chatGroups.conversationId })
      .from(chatGroups)
      .where(eq(chatGroups.storeId, counter.storeId));
    if (!group) return false;
    const [conversation] = await tx
      .update(chatConversations)
      .set({ lastSeq: sql`${chatConversations.lastSeq} + 1`, updatedAt: now })
      .where(eq(chatConversations.id, group.conversationId))
      .returning({ lastSeq: chatConversations.lastSeq });
    if (!conversation) return false;
    await tx.insert(chatMessages).values({
      conversationId: group.conversationId,
      seq: conversation.lastSeq,
      uniqueId: `demo-team-welcome-${group.conversationId}`,
      fromUid: counter.userId,
      toUid: null,
      type: 1,
      body: 'Welcome to the team chat! Shift notes and questions go here.',
      createdAt: now,
    });
    await tx
      .update(chatMembers)
      .set({ unreadCount: sql`${chatMembers.unreadCount} + 1`, updatedAt: now })
      .where(
        and(eq(chatMembers.conversationId, group.conversationId), ne(chatMembers.userId, counter.userId)),
      );
    await tx
      .update(chatMembers)
      .set({ lastReadSeq: conversation.lastSeq, updatedAt: now })
      .where(
        and(eq(chatMembers.conversationId, group.conversationId), eq(chatMembers.userId, counter.userId)),
      );
    return true;
  });
}
