import { hash } from '@node-rs/argon2';
import { and, asc, eq, like, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { follows, seedRuns, therapists, therapistVisits, userRoles, users } from '../db/schema';
import { DEMO_IMAGE_PATH } from '../modules/catalog';
import { PASSWORD_HASH_PARAMS } from '../modules/identity';

const IDENTITY_DEMO_SEED_NAME = 'demo-identity-v1';
const STAFF_DEMO_SEED_NAME = 'demo-staff-v1';

/** The demo therapist's login, documented in README ("Demo logins"). */
export const DEMO_THERAPIST_LOGIN = {
  areaCode: '855',
  phone: '012345678',
  phoneE164: '+85512345678',
  password: 'sabai-demo',
} as const;

/** The demo customer-service login, documented in README ("Demo logins"): staff tools such as bans. */
export const DEMO_SUPPORT_LOGIN = {
  areaCode: '855',
  phone: '012345679',
  phoneE164: '+85512345679',
  password: 'sabai-support',
} as const;

const DEMO_CUSTOMERS = ['Dara K.', 'Sophie L.', 'Ken T.', 'Mei Lin', 'Arun P.', 'Lan N.', 'James W.'];

/** Whether a one-time seed already ran here: checked before hashing, so later starts skip the hash. */
export async function hasSeedRun(db: Db, name: string): Promise<boolean> {
  const [found] = await db
    .select({ name: seedRuns.name })
    .from(seedRuns)
    .where(eq(seedRuns.name, name))
    .limit(1);
  return !!found;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Role = (typeof userRoles.$inferInsert)['role'];

/**
 * Creates a demo login once per database: answers its user id, or undefined when the seed already
 * ran here or the phone number already belongs to someone.
 */
export async function insertDemoLogin(
  tx: Tx,
  login: { seedName: string; phoneE164: string; userName: string; nickname: string; roles: Role[] },
  passwordHash: string,
  now: Date,
): Promise<number | undefined> {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneE164, login.phoneE164))
    .limit(1);
  if (taken) return undefined;
  const inserted = await tx
    .insert(seedRuns)
    .values({ name: login.seedName })
    .onConflictDoNothing()
    .returning({ name: seedRuns.name });
  if (inserted.length === 0) return undefined;
  const [account] = await tx
    .insert(users)
    .values({
      userName: login.userName,
      nickname: login.nickname,
      phoneE164: login.phoneE164,
      passwordHash,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  const userId = account?.id as number;
  await tx.insert(userRoles).values(login.roles.map((role) => ({ userId, role })));
  return userId;
}

/**
 * A demo therapist with a login (customer and provider roles) linked to a demo therapist profile,
 * and demo customers who visited and follow it, so the therapist-only visitors and fans pages show
 * something. Runs once per database after the demo catalogue, in one transaction; skipped when the
 * demo phone number already belongs to someone.
 */
export async function seedIdentityDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  if (await hasSeedRun(db, IDENTITY_DEMO_SEED_NAME)) return false;
  // Hashed outside the transaction (tens of milliseconds), with the identity module's parameters.
  const passwordHash = await hash(DEMO_THERAPIST_LOGIN.password, PASSWORD_HASH_PARAMS);
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ id: therapists.id, name: therapists.displayName })
      .from(therapists)
      .where(
        and(
          like(therapists.avatar, `${DEMO_IMAGE_PATH}avatar-%`),
          eq(therapists.isBanned, false),
          ne(therapists.state, 'resting'),
        ),
      )
      .orderBy(asc(therapists.id))
      .limit(1);
    if (!profile) return false;
    const therapistUserId = await insertDemoLogin(
      tx,
      {
        seedName: IDENTITY_DEMO_SEED_NAME,
        phoneE164: DEMO_THERAPIST_LOGIN.phoneE164,
        userName: 'demo-therapist',
        nickname: profile.name.slice(0, 32),
        roles: ['customer', 'provider'],
      },
      passwordHash,
      now,
    );
    if (therapistUserId === undefined) return false;
    await tx.update(therapists).set({ userId: therapistUserId }).where(eq(therapists.id, profile.id));

    // Customers without a phone or password: they exist to be seen, not to log in.
    const customers = await tx
      .insert(users)
      .values(
        DEMO_CUSTOMERS.map((nickname, index) => ({
          userName: `demo-customer-${index + 1}`,
          nickname,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: users.id });
    await tx.insert(userRoles).values(customers.map((c) => ({ userId: c.id, role: 'customer' as const })));
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    await tx.insert(therapistVisits).values(
      customers.map((c, index) => ({
        therapistId: profile.id,
        visitorId: c.id,
        visitCount: 1 + (index % 3),
        lastVisitedAt: hoursAgo(index * 5 + 1),
      })),
    );
    await tx.insert(follows).values(
      customers.slice(0, 4).map((c, index) => ({
        userId: c.id,
        therapistId: profile.id,
        createdAt: hoursAgo(index * 26 + 3),
      })),
    );
    return true;
  });
}

/**
 * A demo customer-service account (customer + customer_service roles), so staff actions such as a
 * ban can be tried, and proven in browser journeys, through the real staff routes. Runs once per
 * database in one transaction; skipped when the phone number already belongs to someone.
 */
export async function seedSupportDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  if (await hasSeedRun(db, STAFF_DEMO_SEED_NAME)) return false;
  const passwordHash = await hash(DEMO_SUPPORT_LOGIN.password, PASSWORD_HASH_PARAMS);
  return db.transaction(async (tx) => {
    const staffId = await insertDemoLogin(
      tx,
      {
        seedName: STAFF_DEMO_SEED_NAME,
        phoneE164: DEMO_SUPPORT_LOGIN.phoneE164,
        userName: 'demo-support',
        nickname: 'Sabai Support',
        roles: ['customer', 'customer_service'],
      },
      passwordHash,
      now,
    );
    return staffId !== undefined;
  });
}
