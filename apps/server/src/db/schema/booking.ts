import type { ORDER_FLAG_KINDS } from '@sabai/shared/booking/attention.schemas';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { serviceProjects, stores, therapists } from './catalog';
import { cities } from './geo';
import { users } from './identity';

export const PLACE_TYPES = ['house', 'villa', 'apartment', 'condo', 'hotel'] as const;
export type PlaceType = (typeof PLACE_TYPES)[number];

/**
 * Where a customer is visited. A soft-deleted address stays for the orders that copied it (each
 * order keeps its own snapshot anyway); one live default per owner.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactName: text('contact_name').notNull(),
    genderTitle: text('gender_title').notNull(),
    phoneE164: text('phone_e164').notNull(),
    placeType: text('place_type').$type<PlaceType>().notNull(),
    detail: text('detail').notNull(),
    houseNumber: text('house_number').notNull().default(''),
    arrivalNotes: text('arrival_notes').notNull().default(''),
    photoKeys: jsonb('photo_keys').$type<string[]>().notNull().default([]),
    isDefault: boolean('is_default').notNull().default(false),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('addresses_owner').on(table.userId, table.id).where(sql`${table.deletedAt} is null`),
    uniqueIndex('addresses_one_default')
      .on(table.userId)
      .where(sql`${table.isDefault} and ${table.deletedAt} is null`),
    check(
      'addresses_place_type_known',
      sql`${table.placeType} in ('house', 'villa', 'apartment', 'condo', 'hotel')`,
    ),
    check(
      'addresses_house_number_required',
      sql`${table.placeType} not in ('villa', 'apartment') or btrim(${table.houseNumber}) <> ''`,
    ),
    check('addresses_photos_at_most_5', sql`jsonb_array_length(${table.photoKeys}) <= 5`),
    check('addresses_phone_e164', sql`${table.phoneE164} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('addresses_latitude_range', sql`${table.latitude} between -90 and 90`),
    check('addresses_longitude_range', sql`${table.longitude} between -180 and 180`),
  ],
);

/** A therapist's weekly shifts in the city's local time (ISO weekday 1 = Monday … 7 = Sunday). */
export const therapistWorkingHours = pgTable(
  'therapist_working_hours',
  {
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.therapistId, table.weekday, table.startTime] }),
    check('therapist_working_hours_weekday', sql`${table.weekday} between 1 and 7`),
    check(
      'therapist_working_hours_times',
      sql`${table.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${table.endTime} ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'`,
    ),
  ],
);

/** Local dates on which a therapist does not work. */
export const therapistDaysOff = pgTable(
  'therapist_days_off',
  {
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.therapistId, table.day] })],
);

/** One-off time off (a doctor's visit, a half day). */
export const therapistTimeOff = pgTable(
  'therapist_time_off',
  {
    id: serial('id').primaryKey(),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull().default(''),
  },
  (table) => [
    index('therapist_time_off_therapist').on(table.therapistId, table.startsAt),
    check('therapist_time_off_ordered', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * A city's booking settings: only what the city changes from the defaults; read through the shared
 * zod schema, which fills in the rest (decision 024).
 */
export const cityBookingSettings = pgTable('city_booking_settings', {
  cityId: integer('city_id')
    .primaryKey()
    .references(() => cities.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type OrderKindColumn = 'homeVisit' | 'inStore';

/** The address as it was when booked: editing or deleting the address later does not change the order. */
export interface OrderAddressSnapshot {
  addressId: number;
  contactName: string;
  genderTitle: string;
  phoneE164: string;
  placeType: PlaceType;
  detail: string;
  houseNumber: string;
  arrivalNotes: string;
  photoKeys: string[];
  lat: number;
  lng: number;
}

/** The quote as computed by the server at booking time, in minor units of `currency`. */
export interface OrderQuoteSnapshot {
  unitPrice: number;
  clocks: number;
  service: number;
  travelFee: number;
  managementFee: number;
  vat: number;
  coupon: number;
  total: number;
  payable: number;
}

export type OrderAdjustment =
  | { kind: 'extraClocks'; count: number; service: number; vat: number; payable: number; at: string }
  | { kind: 'travelDifference'; therapistId: number; amount: number; at: string }
  | {
      kind: 'projectChange';
      fromProjectId: number;
      toProjectId: number;
      charge: number;
      /** How a charge splits (decision 045: completion settles on the final figures); absent before. */
      service?: number;
      managementFee?: number;
      vat?: number;
      at: string;
    };

/**
 * Orders. `busy_start`/`busy_end` is the interval the therapist is held (travel before, buffer
 * after); migration 0016 adds the exclusion constraint over it for live statuses, so two live
 * orders of one therapist can never overlap, whatever the application does.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    kind: text('kind').$type<OrderKindColumn>().notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    therapistId: integer('therapist_id').references(() => therapists.id),
    storeId: integer('store_id').references(() => stores.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => serviceProjects.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    clocks: smallint('clocks').notNull(),
    extraClocks: smallint('extra_clocks').notNull().default(0),
    durationMinutes: integer('duration_minutes').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    busyStart: timestamp('busy_start', { withTimezone: true }).notNull(),
    busyEnd: timestamp('busy_end', { withTimezone: true }).notNull(),
    travelMode: text('travel_mode'),
    travelMinutes: integer('travel_minutes').notNull().default(0),
    distanceMetres: integer('distance_metres').notNull().default(0),
    address: jsonb('address').$type<OrderAddressSnapshot>(),
    contactName: text('contact_name').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    remark: text('remark').notNull().default(''),
    quote: jsonb('quote').$type<OrderQuoteSnapshot>().notNull(),
    currency: text('currency').notNull(),
    payable: bigint('payable', { mode: 'number' }).notNull(),
    status: smallint('status').notNull(),
    /**
     * Charges and credits after booking, each with its amounts in minor units: extra clocks, the
     * travel difference of a new provider (the money issue collects or refunds them).
     */
    adjustments: jsonb('adjustments').$type<OrderAdjustment[]>().notNull().default([]),
    /** What a cancellation kept and refunded (the money issue executes it). */
    settlement: jsonb('settlement'),
    verificationCode: text('verification_code'),
    urgedAt: timestamp('urged_at', { withTimezone: true }),
    hiddenByCustomerAt: timestamp('hidden_by_customer_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    /** The provider's arrival was checked in by a position within the city's radius (a no-show needs it). */
    checkedInByPosition: boolean('checked_in_by_position').notNull().default(false),
    /** Providers who declined, let it time out or gave it back: alternatives never offer them again. */
    letGoTherapistIds: integer('let_go_therapist_ids').array().notNull().default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('orders_customer').on(table.customerId, table.id),
    index('orders_therapist_busy').on(table.therapistId, table.busyStart),
    index('orders_store').on(table.storeId, table.startsAt),
    uniqueIndex('orders_store_verification_code')
      .on(table.storeId, table.verificationCode)
      .where(sql`${table.verificationCode} is not null and ${table.status} in (10, 110, 120)`),
    check('orders_kind_known', sql`${table.kind} in ('homeVisit', 'inStore')`),
    check('orders_clocks_positive', sql`${table.clocks} >= 1 and ${table.extraClocks} >= 0`),
    check('orders_busy_ordered', sql`${table.busyEnd} > ${table.busyStart}`),
    check('orders_service_ordered', sql`${table.endsAt} > ${table.startsAt}`),
    check(
      'orders_home_visit_shape',
      sql`${table.kind} <> 'homeVisit' or (${table.therapistId} is not null and ${table.address} is not null and ${table.travelMode} is not null)`,
    ),
    check(
      'orders_in_store_shape',
      sql`${table.kind} <> 'inStore' or (${table.storeId} is not null and ${table.verificationCode} is not null)`,
    ),
    check('orders_payable_nonnegative', sql`${table.payable} >= 0`),
  ],
);

/** Every status change of an order: the timeline and the audit of who did what. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    transition: text('transition').notNull(),
    actor: text('actor').notNull(),
    actorId: integer('actor_id'),
    reason: text('reason').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('order_status_history_order').on(table.orderId, table.id),
    check(
      'order_status_history_actor_known',
      sql`${table.actor} in ('customer', 'provider', 'store', 'staff', 'system')`,
    ),
  ],
);

/** Who works at a store: their logins make the store's steps on its in-store orders. */
export const storeStaff = pgTable(
  'store_staff',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.storeId, table.userId] }),
    index('store_staff_user').on(table.userId),
  ],
);

/**
 * The latest position a travelling provider shared for an order (one row per order, overwritten
 * every few seconds): kept apart from `orders` so the frequent writes never touch the order row
 * that the state machine updates under its status check.
 */
export const orderProviderPositions = pgTable('order_provider_positions', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/** Each time an arrived provider tried to call the customer (a no-show needs at least one). */
export const orderCallAttempts = pgTable(
  'order_call_attempts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('order_call_attempts_order').on(table.orderId, table.at)],
);

// --- Time-driven flags and the staff audit (decision 029) ---

export type OrderFlagKind = (typeof ORDER_FLAG_KINDS)[number];

/**
 * An order customer service should look at, raised by a timed job and resolved when the order moves
 * on. At most one open flag of a kind per order.
 */
export const orderFlags = pgTable(
  'order_flags',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OrderFlagKind>().notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('order_flags_one_open').on(table.orderId, table.kind).where(sql`${table.resolvedAt} is null`),
    index('order_flags_open').on(table.raisedAt).where(sql`${table.resolvedAt} is null`),
    check('order_flags_kind_known', sql`${table.kind} in ('lateDeparture', 'providerLate', 'overrun')`),
  ],
);

/** The order fields a staff action may change, as they were before it and after it. */
export interface AuditedOrderState {
  status: number;
  therapistId: number | null;
  startsAt: string;
  endsAt: string;
  busyStart: string;
  busyEnd: string;
  acceptedAt: string | null;
  arrivedAt: string | null;
  settlement: unknown;
  adjustments: unknown[];
}

/** Every staff action on an order: who, when, what, why, and the order before and after (issue #13 item 10). */
export const orderStaffAudit = pgTable(
  'order_staff_audit',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    reason: text('reason').notNull(),
    before: jsonb('before').$type<AuditedOrderState>().notNull(),
    after: jsonb('after').$type<AuditedOrderState>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('order_staff_audit_order').on(table.orderId, table.id),
    check('order_staff_audit_reason', sql`length(${table.reason}) > 0`),
  ],
);
