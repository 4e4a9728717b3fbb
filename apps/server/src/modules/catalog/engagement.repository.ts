import type { SavedKind } from '@sabai/shared/catalog/catalog.schemas';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type RawColumns } from '../../db/client';
import { favourites, follows, footprints, therapists, therapistVisits } from '../../db/schema';

/** How many recently viewed items a user keeps (spec section 9: recent list capacity). */
export const FOOTPRINT_CAPACITY = 100;

export interface SavedRow {
  projectId: number | null;
  therapistId: number | null;
  storeId: number | null;
  at: Date;
}

export interface PersonRow {
  user_id: number;
  nickname: string;
  avatar_key: string | null;
  at: Date;
  visit_count: number;
}

const PERSON_TYPES = { at: 'date', visit_count: 'number' } as const satisfies RawColumns<PersonRow>;

const targetColumn = {
  project: { favourites: favourites.projectId, footprints: footprints.projectId, key: 'projectId' },
  therapist: { favourites: favourites.therapistId, footprints: footprints.therapistId, key: 'therapistId' },
  store: { favourites: favourites.storeId, footprints: footprints.storeId, key: 'storeId' },
} as const;

export function createEngagementRepository(db: Db) {
  return {
    /** Whether a target can be saved: active projects and stores, therapists who are not banned. */
    async targetExists(kind: SavedKind, id: number): Promise<boolean> {
      const query = {
        project: sql`select 1 from service_projects where id = ${id} and is_active`,
        therapist: sql`select 1 from therapists where id = ${id} and not is_banned`,
        store: sql`select 1 from stores where id = ${id} and is_active`,
      }[kind];
      return (await queryRows(db, query)).length > 0;
    },

    async therapistOwner(therapistId: number): Promise<number | null | undefined> {
      const [row] = await db
        .select({ userId: therapists.userId, isBanned: therapists.isBanned })
        .from(therapists)
        .where(eq(therapists.id, therapistId))
        .limit(1);
      return row && !row.isBanned ? row.userId : undefined;
    },

    async therapistOfUser(userId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: therapists.id })
        .from(therapists)
        .where(eq(therapists.userId, userId))
        .limit(1);
      return row?.id;
    },

    async addFavourite(userId: number, kind: SavedKind, id: number, at: Date) {
      await db
        .insert(favourites)
        .values({ userId, [targetColumn[kind].key]: id, createdAt: at })
        .onConflictDoNothing();
    },

    async removeFavourite(userId: number, kind: SavedKind, id: number) {
      await db
        .delete(favourites)
        .where(and(eq(favourites.userId, userId), eq(targetColumn[kind].favourites, id)));
    },

    async isFavourite(userId: number, kind: SavedKind, id: number): Promise<boolean> {
      const rows = await db
        .select({ id: favourites.id })
        .from(favourites)
        .where(and(eq(favourites.userId, userId), eq(targetColumn[kind].favourites, id)))
        .limit(1);
      return rows.length > 0;
    },

    listFavourites: (userId: number, kind: SavedKind | undefined, limit: number, offset: number) =>
      db
        .select({
          projectId: favourites.projectId,
          therapistId: favourites.therapistId,
          storeId: favourites.storeId,
          at: favourites.createdAt,
        })
        .from(favourites)
        .where(
          and(
            eq(favourites.userId, userId),
            kind ? sql`${targetColumn[kind].favourites} is not null` : undefined,
          ),
        )
        .orderBy(desc(favourites.createdAt), desc(favourites.id))
        .limit(limit)
        .offset(offset) as Promise<SavedRow[]>,

    /** Newest view wins; the oldest beyond the capacity are forgotten in the same transaction. */
    async recordFootprint(userId: number, kind: SavedKind, id: number, at: Date) {
      const column = targetColumn[kind];
      await db.transaction(async (tx) => {
        await tx
          .insert(footprints)
          .values({ userId, [column.key]: id, viewedAt: at })
          .onConflictDoUpdate({ target: [footprints.userId, column.footprints], set: { viewedAt: at } });
        await tx.execute(sql`delete from footprints where user_id = ${userId} and id not in (
          select id from footprints where user_id = ${userId}
          order by viewed_at desc, id desc limit ${FOOTPRINT_CAPACITY})`);
      });
    },

    listFootprints: (userId: number, limit: number, offset: number) =>
      db
        .select({
          projectId: footprints.projectId,
          therapistId: footprints.therapistId,
          storeId: footprints.storeId,
          at: footprints.viewedAt,
        })
        .from(footprints)
        .where(eq(footprints.userId, userId))
        .orderBy(desc(footprints.viewedAt), desc(footprints.id))
        .limit(limit)
        .offset(offset) as Promise<SavedRow[]>,

    clearFootprints: async (userId: number) => {
      await db.delete(footprints).where(eq(footprints.userId, userId));
    },

    async follow(userId: number, therapistId: number, at: Date) {
      await db.insert(follows).values({ userId, therapistId, createdAt: at }).onConflictDoNothing();
    },

    async unfollow(userId: number, therapistId: number) {
      await db.delete(follows).where(and(eq(follows.userId, userId), eq(follows.therapistId, therapistId)));
    },

    async isFollowing(userId: number, therapistId: number): Promise<boolean> {
      const rows = await db
        .select({ userId: follows.userId })
        .from(follows)
        .where(and(eq(follows.userId, userId), eq(follows.therapistId, therapistId)))
        .limit(1);
      return rows.length > 0;
    },

    async followerCount(therapistId: number): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from follows where therapist_id = ${therapistId}`,
      );
      return row?.n ?? 0;
    },

    listFollowing: (userId: number, limit: number, offset: number) =>
      db
        .select({ therapistId: follows.therapistId, at: follows.createdAt })
        .from(follows)
        .where(eq(follows.userId, userId))
        .orderBy(desc(follows.createdAt), desc(follows.therapistId))
        .limit(limit)
        .offset(offset),

    listFans: (therapistId: number, limit: number, offset: number) =>
      queryRows<PersonRow>(
        db,
        sql`select u.id as user_id, u.nickname, u.avatar_key, f.created_at as at, 1 as visit_count
          from follows f join users u on u.id = f.user_id
          where f.therapist_id = ${therapistId}
          order by f.created_at desc, u.id desc limit ${limit} offset ${offset}`,
        PERSON_TYPES,
      ),

    async recordVisit(therapistId: number, visitorId: number, at: Date) {
      await db
        .insert(therapistVisits)
        .values({ therapistId, visitorId, lastVisitedAt: at })
        .onConflictDoUpdate({
          target: [therapistVisits.therapistId, therapistVisits.visitorId],
          set: { visitCount: sql`${therapistVisits.visitCount} + 1`, lastVisitedAt: at },
        });
    },

    listVisitors: (therapistId: number, limit: number, offset: number) =>
      queryRows<PersonRow>(
        db,
        sql`select u.id as user_id, u.nickname, u.avatar_key, v.last_visited_at as at, v.visit_count
          from therapist_visits v join users u on u.id = v.visitor_id
          where v.therapist_id = ${therapistId}
          order by v.last_visited_at desc, u.id desc limit ${limit} offset ${offset}`,
        PERSON_TYPES,
      ),
  };
}

export type EngagementRepository = ReturnType<typeof createEngagementRepository>;
