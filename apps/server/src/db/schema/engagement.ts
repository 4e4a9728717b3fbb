import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, timestamp, unique } from 'drizzle-orm/pg-core';
import { serviceProjects, stores, therapists } from './catalog';
import { cities } from './geo';
import { users } from './identity';

/**
 * What a user saved or looked at: exactly one of a project, a therapist or a store, each a real
 * foreign key (deleting the target deletes the mark).
 */
const target = () => ({
  projectId: integer('project_id').references(() => serviceProjects.id, { onDelete: 'cascade' }),
  therapistId: integer('therapist_id').references(() => therapists.id, { onDelete: 'cascade' }),
  storeId: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
});
const exactlyOneTarget = sql`num_nonnulls(project_id, therapist_id, store_id) = 1`;

/** One vote per user per city that is gathering votes to open. */
export const cityVotes = pgTable(
  'city_votes',
  {
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.cityId, table.userId] }),
    index('city_votes_user').on(table.userId),
  ],
);

/** Favourites (spec my/gird/shoucang). */
export const favourites = pgTable(
  'favourites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...target(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('favourites_user_project').on(table.userId, table.projectId),
    unique('favourites_user_therapist').on(table.userId, table.therapistId),
    unique('favourites_user_store').on(table.userId, table.storeId),
    index('favourites_user_created').on(table.userId, table.createdAt.desc()),
    check('favourites_one_target', exactlyOneTarget),
  ],
);

/** Recently viewed (spec my/gird/browse): one row per item, newest view wins, 100 kept per user. */
export const footprints = pgTable(
  'footprints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...target(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('footprints_user_project').on(table.userId, table.projectId),
    unique('footprints_user_therapist').on(table.userId, table.therapistId),
    unique('footprints_user_store').on(table.userId, table.storeId),
    index('footprints_user_viewed').on(table.userId, table.viewedAt.desc()),
    check('footprints_one_target', exactlyOneTarget),
  ],
);

/** A customer following a therapist (spec my/gird/guanzhu: the therapist's fans). */
export const follows = pgTable(
  'follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.therapistId] }),
    index('follows_therapist_created').on(table.therapistId, table.createdAt.desc()),
  ],
);

/** Who viewed a therapist's profile (spec my/gird/visitor), one row per visitor. */
export const therapistVisits = pgTable(
  'therapist_visits',
  {
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    visitorId: integer('visitor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitCount: integer('visit_count').notNull().default(1),
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.therapistId, table.visitorId] }),
    index('therapist_visits_recent').on(table.therapistId, table.lastVisitedAt.desc()),
    check('therapist_visits_count_positive', sql`${table.visitCount} > 0`),
  ],
);
