import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ROLE_LIST = `'customer', 'provider', 'merchant', 'channel_partner', 'promoter', 'customer_service', 'admin'`;
const PURPOSE_LIST = `'register', 'login', 'resetPassword', 'bindPhone', 'changePhone'`;

/**
 * Accounts. `status` 1 normal / 2 banned and `is_logout` 1 none / 2 cancellation pending / 3 cancelled
 * keep the spec's numbers. A phone belongs to at most one live (not cancelled) account; a cancelled
 * account keeps its phone so the number stays blocked from registering for three months.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull().unique(),
    nickname: text('nickname').notNull(),
    avatarKey: text('avatar_key'),
    phoneE164: text('phone_e164'),
    passwordHash: text('password_hash'),
    vipLevel: smallint('vip_level').notNull().default(0),
    status: smallint('status').notNull().default(1),
    isLogout: smallint('is_logout').notNull().default(1),
    /** The invitation code typed at sign-up, kept for the growth module. */
    invitedWithCode: text('invited_with_code'),
    pushClientId: text('push_client_id'),
    pushPlatform: smallint('push_platform'),
    cancellationRequestedAt: timestamp('cancellation_requested_at', { withTimezone: true }),
    cancellationDueAt: timestamp('cancellation_due_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_live_phone').on(table.phoneE164).where(sql`${table.isLogout} <> 3`),
    index('users_phone').on(table.phoneE164),
    // A partner team's members are found by the code they signed up with (decision 061).
    index('users_invited_with_code')
      .on(sql`upper(${table.invitedWithCode})`)
      .where(sql`${table.invitedWithCode} is not null`),
    index('users_cancellation_due').on(table.cancellationDueAt).where(sql`${table.isLogout} = 2`),
    check('users_status_known', sql`${table.status} in (1, 2)`),
    check('users_is_logout_known', sql`${table.isLogout} in (1, 2, 3)`),
    check('users_phone_e164', sql`${table.phoneE164} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check(
      'users_pending_has_due',
      sql`${table.isLogout} <> 2 or (${table.cancellationDueAt} is not null and ${table.cancellationRequestedAt} is not null)`,
    ),
    check('users_cancelled_has_time', sql`${table.isLogout} <> 3 or ${table.cancelledAt} is not null`),
    check('users_nickname_length', sql`char_length(${table.nickname}) between 1 and 32`),
  ],
);

/** Roles a user holds; every registered user is at least a customer. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.role] }),
    check('user_roles_role_known', sql.raw(`role in (${ROLE_LIST})`)),
  ],
);

/**
 * Password attempts per subject (a phone for login, `user:<id>` for change-password) and client
 * (`ip:…`, `device:…`, `session:…`, or `*` for every client the account does not know), in a window
 * that starts with its first attempt. An attempt is counted before its password is verified
 * (decision 012); rows exist for phones without accounts too, so the limits tell nothing.
 */
export const passwordAttempts = pgTable(
  'password_attempts',
  {
    subject: text('subject').notNull(),
    client: text('client').notNull(),
    attempts: integer('attempts').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.subject, table.client] }),
    index('password_attempts_window').on(table.windowStartedAt),
  ],
);

export type SessionRevokeReason = 'logout' | 'renewed' | 'banned' | 'cancelled' | 'password' | 'phone';

/** Login sessions: only the SHA-256 of the opaque token is kept, so a database leak yields no tokens. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    deviceId: text('device_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The login this session descends from: renewal keeps it, so the absolute lifetime holds. */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull(),
    /** Last request with the token, to the minute (written at most once a minute; decision 013). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    /** The absolute end, from `authenticated_at`; idle and role limits may end it sooner. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason').$type<SessionRevokeReason>(),
  },
  (table) => [
    index('sessions_user_live').on(table.userId).where(sql`${table.revokedAt} is null`),
    // Is this device one the account has used? (Password attempts from it get their own count.)
    index('sessions_user_device').on(table.userId, table.deviceId),
    check('sessions_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);

/**
 * SMS verification codes, stored as a salted HMAC. One row per code sent; the newest row for a
 * phone and purpose is the one that counts. Rows double as the per-phone and per-IP send log.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phoneE164: text('phone_e164').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    index('sms_codes_phone_purpose_created').on(table.phoneE164, table.purpose, table.createdAt),
    index('sms_codes_phone_created').on(table.phoneE164, table.createdAt),
    index('sms_codes_ip_created').on(table.ip, table.createdAt),
    check('sms_codes_purpose_known', sql.raw(`purpose in (${PURPOSE_LIST})`)),
    check('sms_codes_attempts_range', sql`${table.attempts} between 0 and 5`),
  ],
);

/**
 * A channel partner's invitation code (decision 061): the accounts that signed up with it
 * (`users.invited_with_code`, compared upper-case) are the partner's team. Kept minimal until the
 * growth module gives every role its codes, shares and team pages.
 */
export const partnerInvitationCodes = pgTable(
  'partner_invitation_codes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('partner_invitation_codes_code').on(table.code),
    check('partner_invitation_codes_code_form', sql`${table.code} ~ '^[A-Z0-9]{4,16}$'`),
  ],
);
