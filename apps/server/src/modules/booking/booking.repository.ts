import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  notInArray,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Db, runAsNamed } from '../../db/client';
import { columnsTextOf, insertFrom, insertValues, rowOf, type StatementPart } from '../../db/one-statement';
import {
  addresses,
  cities,
  cityBookingSettings,
  orderCallAttempts,
  orderProviderPositions,
  orderStatusHistory,
  orders,
  serviceProjects,
  storeProjects,
  storeStaff,
  stores,
  therapistDaysOff,
  therapistProjects,
  therapists,
  therapistTimeOff,
  therapistWorkingHours,
  users,
} from '../../db/schema';

export type AddressRow = typeof addresses.$inferSelect;
/** The shapes of the order's JSON columns, for the code that builds and reads them. */
export type { OrderAddressSnapshot, OrderAdjustment, OrderQuoteSnapshot } from '../../db/schema';
export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type AddressFields = Pick<
  typeof addresses.$inferInsert,
  | 'contactName'
  | 'genderTitle'
  | 'phoneE164'
  | 'placeType'
  | 'detail'
  | 'houseNumber'
  | 'arrivalNotes'
  | 'latitude'
  | 'longitude'
>;

const liveAddress = (userId: number, id: number) =>
  and(eq(addresses.userId, userId), eq(addresses.id, id), isNull(addresses.deletedAt));

/** One therapist's schedule as `scheduleFacts` reads it (timestamps as JSON text). */
export interface ScheduleFacts {
  /** The city's stored booking settings (only what differs from the defaults), or null. */
  settings: Record<string, unknown> | null;
  shifts: { weekday: number; start: string; end: string }[];
  days_off: string[];
  /** [starts_at, ends_at] */
  time_off: [string, string][];
  /** [id, busy_start, busy_end, ends_at, lat, lng] of each live order touching the window. */
  bookings: [number, string, string, string, number | null, number | null][];
}

/** The caller's address as a booking reads it with its facts (`bookingFacts`): what the order copies. */
export type BookedAddress = Pick<
  AddressRow,
  | 'id'
  | 'contactName'
  | 'genderTitle'
  | 'phoneE164'
  | 'placeType'
  | 'detail'
  | 'houseNumber'
  | 'arrivalNotes'
  | 'photoKeys'
  | 'latitude'
  | 'longitude'
>;

/** A value or a prepared statement's placeholder, as the schedule facts' columns take them. */
type Bound = SQL | Placeholder | string;

/**
 * The columns of `ScheduleFacts` for the therapist of the select's row: the city's stored settings,
 * the week, the days off, the time off touching [from, to) and the live orders (`liveCodes`, a
 * Postgres int array literal) whose busy time touches it. Each sub-select is served by its table's
 * (therapist_id, …) key; the order of each list is the one the separate reads had.
 */
function scheduleFactsColumns(liveCodes: Bound, from: Bound, to: Bound) {
  // Qualified by hand: drizzle writes a one-table select's columns unqualified ("id"), which inside
  // the sub-selects below would name the sub-select's own table's column.
  const therapistId = sql`${sql.identifier('therapists')}.${sql.identifier('id')}`;
  const cityId = sql`${sql.identifier('therapists')}.${sql.identifier('city_id')}`;
  return {
    settings: sql<ScheduleFacts['settings']>`(select cs.settings from city_booking_settings cs
      where cs.city_id = ${cityId})`,
    shifts: sql<ScheduleFacts['shifts']>`coalesce((select json_agg(json_build_object('weekday', w.weekday,
        'start', w.start_time, 'end', w.end_time) order by w.weekday, w.start_time)
      from therapist_working_hours w where w.therapist_id = ${therapistId}), '[]'::json)`,
    days_off: sql<ScheduleFacts['days_off']>`coalesce((select json_agg(d.day::text order by d.day)
      from therapist_days_off d where d.therapist_id = ${therapistId}), '[]'::json)`,
    time_off: sql<
      ScheduleFacts['time_off']
    >`coalesce((select json_agg(json_build_array(o.starts_at, o.ends_at)
        order by o.starts_at)
      from therapist_time_off o where o.therapist_id = ${therapistId}
        and o.starts_at < ${to}::timestamptz and o.ends_at > ${from}::timestamptz), '[]'::json)`,
    bookings: sql<ScheduleFacts['bookings']>`coalesce((select json_agg(json_build_array(r.id, r.busy_start,
        r.busy_end, r.ends_at, (r.address->>'lat')::float8, (r.address->>'lng')::float8))
      from orders r where r.therapist_id = ${therapistId} and r.status = any(${liveCodes}::int[])
        and r.busy_start < ${to}::timestamptz and r.busy_end > ${from}::timestamptz), '[]'::json)`,
  };
}

/** Every column of `orders` under its TypeScript name, rendered once (the create's `returning`). */
const orderColumns = columnsTextOf(orders);

/** Booking's tables; every write that must be atomic takes the caller's transaction. */
export function createBookingRepository(db: Db) {
  /**
   * The hot reads of a booking and a payment as prepared queries (decision 069): drizzle builds
   * their SQL once per repository instead of per request, and on PostgreSQL each pooled connection
   * parses and plans them once (named statements). They run on the pool, never in a transaction.
   */
  const prepared = {
    findOrder: db
      .select()
      .from(orders)
      .where(eq(orders.id, sql.placeholder('id')))
      .prepare('booking_find_order'),
    findAddress: db
      .select()
      .from(addresses)
      .where(
        and(
          eq(addresses.userId, sql.placeholder('userId')),
          eq(addresses.id, sql.placeholder('id')),
          isNull(addresses.deletedAt),
        ),
      )
      .prepare('booking_find_address'),
    vipLevel: db
      .select({ vipLevel: users.vipLevel })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare('booking_vip_level'),
    therapistWithProject: db
      .select({
        therapist: therapists,
        project: serviceProjects,
        offers: sql<boolean>`exists (select 1 from ${therapistProjects}
          where ${therapistProjects.therapistId} = ${therapists.id}
            and ${therapistProjects.projectId} = ${sql.placeholder('projectId')})`,
      })
      .from(therapists)
      .leftJoin(serviceProjects, eq(serviceProjects.id, sql.placeholder('projectId')))
      .where(eq(therapists.id, sql.placeholder('therapistId')))
      .prepare('booking_therapist_with_project'),
    /** Who an order concerns: five columns and the provider's login, not the 37-column row. */
    partiesOf: db
      .select({
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        kind: orders.kind,
        customerId: orders.customerId,
        providerUserId: therapists.userId,
      })
      .from(orders)
      .leftJoin(therapists, eq(therapists.id, orders.therapistId))
      .where(eq(orders.id, sql.placeholder('id')))
      .prepare('booking_order_parties'),
    /**
     * What the order-access policy decides on (decision 102), in ONE statement: the order, its
     * provider's login and whether the caller works at the order's store.
     */
    accessFacts: db
      .select({
        order: orders,
        providerUserId: therapists.userId,
        isStoreStaff: sql<boolean>`exists (select 1 from ${storeStaff}
          where ${storeStaff.storeId} = ${orders.storeId} and ${storeStaff.userId} = ${sql.placeholder('userId')})`,
      })
      .from(orders)
      .leftJoin(therapists, eq(therapists.id, orders.therapistId))
      .where(eq(orders.id, sql.placeholder('id')))
      .prepare('booking_order_access'),
    /**
     * Everything the booking page's free starts read, in ONE named statement (decision 077): the
     * therapist's few columns the answer needs, the project asked for and whether they offer it,
     * the caller's address (when one is asked for) and the schedule facts of `scheduleFacts`.
     */
    freeStartsFacts: db
      .select({
        id: therapists.id,
        cityId: therapists.cityId,
        isBanned: therapists.isBanned,
        state: therapists.state,
        latitude: therapists.latitude,
        longitude: therapists.longitude,
        projectIsActive: serviceProjects.isActive,
        projectDurationMinutes: serviceProjects.durationMinutes,
        offers: sql<boolean>`exists (select 1 from ${therapistProjects}
          where ${therapistProjects.therapistId} = ${therapists.id}
            and ${therapistProjects.projectId} = ${sql.placeholder('projectId')})`,
        address: sql<[number, number] | null>`(select json_build_array(a.latitude, a.longitude)
          from addresses a where a.user_id = ${sql.placeholder('userId')}
            and a.id = ${sql.placeholder('addressId')} and a.deleted_at is null)`,
        ...scheduleFactsColumns(sql.placeholder('liveCodes'), sql.placeholder('from'), sql.placeholder('to')),
      })
      .from(therapists)
      .leftJoin(serviceProjects, eq(serviceProjects.id, sql.placeholder('projectId')))
      .where(eq(therapists.id, sql.placeholder('therapistId')))
      .prepare('booking_free_starts_facts'),
    /**
     * Everything a home-visit booking reads before it writes, in ONE named statement (decision
     * 079): the therapist's and the project's columns the plan needs, whether the therapist offers
     * the project, the caller's address (their own, live; null otherwise), the new order's id
     * when asked (`drawOrderId`: a create, not a quote) and the schedule facts of `scheduleFacts` for [from, to). The
     * create does not know the local date before it knows the city, so it reads a window that
     * holds every local date the start can fall on and keeps `factsWindowOf(date)` of it after.
     */
    bookingFacts: db
      .select({
        id: therapists.id,
        userId: therapists.userId,
        cityId: therapists.cityId,
        isBanned: therapists.isBanned,
        state: therapists.state,
        latitude: therapists.latitude,
        longitude: therapists.longitude,
        serviceRadiusKm: therapists.serviceRadiusKm,
        projectId: serviceProjects.id,
        projectCityId: serviceProjects.cityId,
        projectIsActive: serviceProjects.isActive,
        projectDurationMinutes: serviceProjects.durationMinutes,
        projectPrice: serviceProjects.price,
        projectMemberPrice: serviceProjects.memberPrice,
        offers: sql<boolean>`exists (select 1 from ${therapistProjects}
          where ${therapistProjects.therapistId} = ${therapists.id}
            and ${therapistProjects.projectId} = ${sql.placeholder('projectId')})`,
        // Drawn only for a create (not a quote): the order's id, known before its one-statement write.
        newOrderId: sql<number | null>`case when ${sql.placeholder('drawOrderId')}::boolean
          then nextval('orders_id_seq')::int end`,
        address: sql<BookedAddress | null>`(select json_build_object('id', a.id,
            'contactName', a.contact_name, 'genderTitle', a.gender_title, 'phoneE164', a.phone_e164,
            'placeType', a.place_type, 'detail', a.detail, 'houseNumber', a.house_number,
            'arrivalNotes', a.arrival_notes, 'photoKeys', a.photo_keys,
            'latitude', a.latitude, 'longitude', a.longitude)
          from addresses a where a.user_id = ${sql.placeholder('userId')}
            and a.id = ${sql.placeholder('addressId')} and a.deleted_at is null)`,
        ...scheduleFactsColumns(sql.placeholder('liveCodes'), sql.placeholder('from'), sql.placeholder('to')),
      })
      .from(therapists)
      .leftJoin(serviceProjects, eq(serviceProjects.id, sql.placeholder('projectId')))
      .where(eq(therapists.id, sql.placeholder('therapistId')))
      .prepare('booking_create_facts'),
    citySettings: db
      .select({ settings: cityBookingSettings.settings })
      .from(cityBookingSettings)
      .where(eq(cityBookingSettings.cityId, sql.placeholder('cityId')))
      .prepare('booking_city_settings'),
  };
  async function clearDefault(tx: Db, userId: number, now: Date) {
    await tx
      .update(addresses)
      .set({ isDefault: false, updatedAt: now })
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), isNull(addresses.deletedAt)));
  }

  return {
    db,

    listAddresses: (userId: number) =>
      db
        .select()
        .from(addresses)
        .where(and(eq(addresses.userId, userId), isNull(addresses.deletedAt)))
        .orderBy(desc(addresses.isDefault), desc(addresses.id)),

    findAddress: async (userId: number, id: number) =>
      (await prepared.findAddress.execute({ userId, id }))[0],

    insertAddress: (userId: number, fields: AddressFields, isDefault: boolean, now: Date) =>
      db.transaction(async (tx) => {
        if (isDefault) await clearDefault(tx as unknown as Db, userId, now);
        const [row] = await tx
          .insert(addresses)
          .values({ ...fields, userId, isDefault, createdAt: now, updatedAt: now })
          .returning();
        return row as AddressRow;
      }),

    updateAddress: (userId: number, id: number, fields: AddressFields, isDefault: boolean, now: Date) =>
      db.transaction(async (tx) => {
        if (isDefault) await clearDefault(tx as unknown as Db, userId, now);
        const [row] = await tx
          .update(addresses)
          .set({ ...fields, ...(isDefault ? { isDefault } : {}), updatedAt: now })
          .where(liveAddress(userId, id))
          .returning();
        return row;
      }),

    setDefaultAddress: (userId: number, id: number, now: Date) =>
      db.transaction(async (tx) => {
        await clearDefault(tx as unknown as Db, userId, now);
        const [row] = await tx
          .update(addresses)
          .set({ isDefault: true, updatedAt: now })
          .where(liveAddress(userId, id))
          .returning();
        return row;
      }),

    softDeleteAddress: async (userId: number, id: number, now: Date) =>
      (
        await db
          .update(addresses)
          .set({ deletedAt: now, isDefault: false, updatedAt: now })
          .where(liveAddress(userId, id))
          .returning({ id: addresses.id })
      ).length > 0,

    appendAddressPhoto: async (userId: number, id: number, key: string, limit: number, now: Date) =>
      (
        await db
          .update(addresses)
          .set({ photoKeys: sql`${addresses.photoKeys} || ${JSON.stringify([key])}::jsonb`, updatedAt: now })
          .where(and(liveAddress(userId, id), sql`jsonb_array_length(${addresses.photoKeys}) < ${limit}`))
          .returning()
      )[0],

    /** Drops one photo key from the list (jsonb `-` removes the matching string); undefined when not found. */
    removeAddressPhoto: async (userId: number, id: number, key: string, now: Date) =>
      (
        await db
          .update(addresses)
          .set({ photoKeys: sql`${addresses.photoKeys} - ${key}::text`, updatedAt: now })
          .where(and(liveAddress(userId, id), sql`${addresses.photoKeys} ? ${key}::text`))
          .returning()
      )[0],

    citySettings: async (cityId: number) => (await prepared.citySettings.execute({ cityId }))[0]?.settings,

    findTherapist: async (id: number) => (await db.select().from(therapists).where(eq(therapists.id, id)))[0],
    userIdOfTherapist: async (tx: Db, therapistId: number) =>
      (
        await tx.select({ userId: therapists.userId }).from(therapists).where(eq(therapists.id, therapistId))
      )[0]?.userId ?? null,
    therapistOfUser: async (userId: number) =>
      (await db.select().from(therapists).where(eq(therapists.userId, userId)).limit(1))[0],

    findStore: async (id: number) => (await db.select().from(stores).where(eq(stores.id, id)))[0],

    findProject: async (id: number) =>
      (await db.select().from(serviceProjects).where(eq(serviceProjects.id, id)))[0],
    therapistOffers: async (therapistId: number, projectId: number) =>
      (
        await db
          .select({ projectId: therapistProjects.projectId })
          .from(therapistProjects)
          .where(
            and(eq(therapistProjects.therapistId, therapistId), eq(therapistProjects.projectId, projectId)),
          )
      ).length > 0,
    storeOffers: async (storeId: number, projectId: number) =>
      (
        await db
          .select({ projectId: storeProjects.projectId })
          .from(storeProjects)
          .where(and(eq(storeProjects.storeId, storeId), eq(storeProjects.projectId, projectId)))
      ).length > 0,

    isMember: async (userId: number) => ((await prepared.vipLevel.execute({ userId }))[0]?.vipLevel ?? 0) > 0,

    workingHours: (therapistId: number) =>
      db
        .select()
        .from(therapistWorkingHours)
        .where(eq(therapistWorkingHours.therapistId, therapistId))
        .orderBy(asc(therapistWorkingHours.weekday), asc(therapistWorkingHours.startTime)),
    daysOff: async (therapistId: number) =>
      (
        await db
          .select({ day: therapistDaysOff.day })
          .from(therapistDaysOff)
          .where(eq(therapistDaysOff.therapistId, therapistId))
          .orderBy(asc(therapistDaysOff.day))
      ).map((row) => row.day),
    timeOff: (therapistId: number, from?: Date, to?: Date) =>
      db
        .select()
        .from(therapistTimeOff)
        .where(
          and(
            eq(therapistTimeOff.therapistId, therapistId),
            ...(to ? [lt(therapistTimeOff.startsAt, to)] : []),
            ...(from ? [gt(therapistTimeOff.endsAt, from)] : []),
          ),
        )
        .orderBy(asc(therapistTimeOff.startsAt)),

    replaceSchedule: (
      therapistId: number,
      shifts: { weekday: number; start: string; end: string }[],
      daysOff: string[],
    ) =>
      db.transaction(async (tx) => {
        await tx.delete(therapistWorkingHours).where(eq(therapistWorkingHours.therapistId, therapistId));
        await tx.delete(therapistDaysOff).where(eq(therapistDaysOff.therapistId, therapistId));
        if (shifts.length)
          await tx.insert(therapistWorkingHours).values(
            shifts.map((shift) => ({
              therapistId,
              weekday: shift.weekday,
              startTime: shift.start,
              endTime: shift.end,
            })),
          );
        if (daysOff.length)
          await tx
            .insert(therapistDaysOff)
            .values([...new Set(daysOff)].map((day) => ({ therapistId, day })));
      }),
    addTimeOff: async (therapistId: number, startsAt: Date, endsAt: Date, reason: string) =>
      (await db.insert(therapistTimeOff).values({ therapistId, startsAt, endsAt, reason }).returning())[0],
    removeTimeOff: async (therapistId: number, id: number) =>
      (
        await db
          .delete(therapistTimeOff)
          .where(and(eq(therapistTimeOff.therapistId, therapistId), eq(therapistTimeOff.id, id)))
          .returning({ id: therapistTimeOff.id })
      ).length > 0,

    /**
     * What the free-start computation needs of one therapist, in ONE round trip (the hot path of
     * every booking): see `scheduleFactsColumns`. Undefined when the therapist does not exist.
     */
    scheduleFacts: async (therapistId: number, liveCodes: readonly number[], from: Date, to: Date) =>
      (
        await db
          .select(scheduleFactsColumns(`{${liveCodes.join(',')}}`, from.toISOString(), to.toISOString()))
          .from(therapists)
          .where(eq(therapists.id, therapistId))
      )[0] as ScheduleFacts | undefined,

    /**
     * The booking page's free starts read in one named statement (`freeStartsFacts` above); the
     * address only when asked for by a caller, undefined when the therapist does not exist.
     */
    freeStartsFacts: async (input: {
      therapistId: number;
      projectId: number;
      /** The caller's address: null without a caller or without an address asked for. */
      userId: number | null;
      addressId: number | null;
      liveCodes: readonly number[];
      from: Date;
      to: Date;
    }) =>
      (
        await prepared.freeStartsFacts.execute({
          therapistId: input.therapistId,
          projectId: input.projectId,
          userId: input.userId,
          addressId: input.addressId,
          liveCodes: `{${input.liveCodes.join(',')}}`,
          from: input.from.toISOString(),
          to: input.to.toISOString(),
        })
      )[0],

    /** A home-visit booking's reads in one named statement (`bookingFacts` above). */
    bookingFacts: async (input: {
      therapistId: number;
      projectId: number;
      userId: number;
      addressId: number;
      drawOrderId: boolean;
      liveCodes: readonly number[];
      from: Date;
      to: Date;
    }) =>
      (
        await prepared.bookingFacts.execute({
          therapistId: input.therapistId,
          projectId: input.projectId,
          userId: input.userId,
          addressId: input.addressId,
          drawOrderId: input.drawOrderId,
          liveCodes: `{${input.liveCodes.join(',')}}`,
          from: input.from.toISOString(),
          to: input.to.toISOString(),
        })
      )[0],

    /**
     * A therapist with the project asked for and whether they offer it, in one round trip (the
     * booking page and every booking read all three together).
     */
    therapistWithProject: async (therapistId: number, projectId: number) =>
      (await prepared.therapistWithProject.execute({ therapistId, projectId }))[0],

    insertOrder: async (tx: Db, row: NewOrderRow) =>
      (await tx.insert(orders).values(row).returning())[0] as OrderRow,
    findOrder: async (id: number) => (await prepared.findOrder.execute({ id }))[0],
    orderParties: async (id: number) => (await prepared.partiesOf.execute({ id }))[0],
    /** The order with what its access is decided on (decision 102); undefined when there is none. */
    orderAccessFacts: async (id: number, userId: number) =>
      (await prepared.accessFacts.execute({ id, userId }))[0],
    /** `orderParties` of several orders in one statement (the outbox's batches, decision 080). */
    ordersParties: async (ids: readonly number[]) =>
      ids.length
        ? db
            .select({
              orderId: orders.id,
              orderNumber: orders.orderNumber,
              kind: orders.kind,
              customerId: orders.customerId,
              providerUserId: therapists.userId,
            })
            .from(orders)
            .leftJoin(therapists, eq(therapists.id, orders.therapistId))
            .where(inArray(orders.id, [...ids]))
        : [],
    /** Moves the order only if it is still in the status the decision was made on. */
    updateOrderFrom: async (tx: Db, id: number, fromStatus: number, changes: Partial<NewOrderRow>) =>
      (
        await tx
          .update(orders)
          .set(changes)
          .where(and(eq(orders.id, id), eq(orders.status, fromStatus)))
          .returning()
      )[0],
    /**
     * `updateOrderFrom` that also answers the login of the therapist the order had before the
     * update (null without one), read in the same statement: a step names its provider's topic
     * without a further round trip (decision 072). A therapist's login is read as this statement
     * sees it, as the separate read in the same transaction did.
     */
    updateOrderFromNamingProvider: async (
      tx: Db,
      id: number,
      fromStatus: number,
      changes: Partial<NewOrderRow>,
      /** `byStaff`: the step is a staff action, which the staff audit records (`withStaffAudit`). */
      { therapistId }: { therapistId: number | null; byStaff: boolean },
    ): Promise<{ order: OrderRow; providerUserId: number | null } | undefined> => {
      const [row] = await tx
        .update(orders)
        .set(changes)
        .where(and(eq(orders.id, id), eq(orders.status, fromStatus)))
        .returning({
          ...getTableColumns(orders),
          providerUserId: sql<
            number | null
          >`(select ${therapists.userId} from ${therapists} where ${therapists.id} = ${therapistId})`,
        });
      if (!row) return undefined;
      const { providerUserId, ...order } = row;
      return {
        order: order as OrderRow,
        providerUserId: providerUserId === null ? null : Number(providerUserId),
      };
    },
    /**
     * `updateOrderFromNamingProvider` as the first part of one statement (decision 075): the
     * order moves only from `fromStatus` (zero rows: someone moved it first, and the parts that
     * read this one write nothing); answers the order's id and the login of `therapistId`.
     * Not for staff steps: the staff audit (`withStaffAudit`) wraps only the transaction's path.
     */
    stepOrderPart: (
      name: string,
      id: number,
      fromStatus: number,
      changes: Partial<NewOrderRow>,
      therapistId: number | null,
    ): StatementPart => ({
      name,
      body: sql`${db
        .update(orders)
        .set(changes)
        .where(and(eq(orders.id, id), eq(orders.status, fromStatus)))
        .returning({
          id: orders.id,
          providerUserId: sql<
            number | null
          >`(select ${therapists.userId} from ${therapists} where ${therapists.id} = ${therapistId})`.as(
            'provider_user_id',
          ),
        })
        .getSQL()}`,
    }),
    /**
     * `insertOrder` as the first part of one statement (decision 079): the row (its id drawn
     * before, `bookingFacts`), answering every column under its TypeScript name (`rowOf`).
     */
    insertOrderPart: (name: string, row: NewOrderRow): StatementPart => ({
      name,
      body: sql`${insertValues(orders, row)} returning ${orderColumns}`,
    }),
    /** The order's row as `insertOrderPart` answers it, read as drizzle reads the table's rows. */
    orderRowOf: (raw: Record<string, unknown>): OrderRow => rowOf(orders, raw),
    /** `insertHistory` as a part of one statement, written only when `source` has a row. */
    historyPart: (source: string, row: typeof orderStatusHistory.$inferInsert): StatementPart => ({
      name: `${source}_history`,
      body: sql`${insertFrom(orderStatusHistory, row, source)} returning id`,
    }),
    /**
     * `runStatement` sent as a named statement once its text has been seen (`runAsNamed`, decision
     * 079): the create's statement has one text per shape, parsed and planned once per connection.
     */
    runNamedStatement: (prefix: string, statement: SQL) => runAsNamed(db, prefix, statement),
    /** Runs a statement of parts (the step's, and what other modules add to it); answers its rows. */
    runStatement: async (statement: SQL) =>
      ((await db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows,
    markUrged: async (tx: Db, id: number, now: Date) =>
      (
        await tx
          .update(orders)
          .set({ urgedAt: now, updatedAt: now })
          .where(and(eq(orders.id, id), isNull(orders.urgedAt)))
          .returning({ id: orders.id })
      ).length > 0,
    hideFromCustomer: (id: number, now: Date) =>
      db.update(orders).set({ hiddenByCustomerAt: now, updatedAt: now }).where(eq(orders.id, id)),

    listCustomerOrders: (
      customerId: number,
      statusCodes: readonly number[] | null,
      limit: number,
      offset: number,
    ) =>
      db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.customerId, customerId),
            isNull(orders.hiddenByCustomerAt),
            ...(statusCodes ? [inArray(orders.status, [...statusCodes])] : []),
          ),
        )
        .orderBy(desc(orders.id))
        .limit(limit)
        .offset(offset),

    /** A provider's orders in these statuses starting in [from, to), soonest first. */
    listTherapistOrders: (
      therapistId: number,
      statusCodes: readonly number[],
      from: Date,
      to: Date,
      limit: number,
      offset: number,
    ) =>
      db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.therapistId, therapistId),
            inArray(orders.status, [...statusCodes]),
            gte(orders.startsAt, from),
            lt(orders.startsAt, to),
          ),
        )
        .orderBy(asc(orders.startsAt), asc(orders.id))
        .limit(limit)
        .offset(offset),

    isStoreStaff: async (storeId: number, userId: number) =>
      (
        await db
          .select({ storeId: storeStaff.storeId })
          .from(storeStaff)
          .where(and(eq(storeStaff.storeId, storeId), eq(storeStaff.userId, userId)))
      ).length > 0,
    /** The in-store orders of the stores this login works at, in these statuses, soonest first. */
    listStoreOrders: (userId: number, statusCodes: readonly number[], limit: number, offset: number) =>
      db
        .select()
        .from(orders)
        .where(
          and(
            inArray(
              orders.storeId,
              db.select({ id: storeStaff.storeId }).from(storeStaff).where(eq(storeStaff.userId, userId)),
            ),
            inArray(orders.status, [...statusCodes]),
          ),
        )
        .orderBy(asc(orders.startsAt), asc(orders.id))
        .limit(limit)
        .offset(offset),
    findStoreOrderByCode: async (userId: number, code: string, statusCodes: readonly number[]) =>
      (
        await db
          .select()
          .from(orders)
          .where(
            and(
              inArray(
                orders.storeId,
                db.select({ id: storeStaff.storeId }).from(storeStaff).where(eq(storeStaff.userId, userId)),
              ),
              eq(orders.verificationCode, code),
              inArray(orders.status, [...statusCodes]),
            ),
          )
          .limit(1)
      )[0],

    /** Customer service's search: an order number, or a customer's or provider's phone. */
    findOrdersForStaff: (
      query: { orderNumber?: string | undefined; phoneE164?: string | undefined },
      limit: number,
    ) =>
      db
        .select()
        .from(orders)
        .where(
          query.orderNumber
            ? eq(orders.orderNumber, query.orderNumber)
            : sql`${orders.customerId} in (select id from users where phone_e164 = ${query.phoneE164 ?? ''})
                or ${orders.therapistId} in (select t.id from therapists t join users u on u.id = t.user_id where u.phone_e164 = ${query.phoneE164 ?? ''})`,
        )
        .orderBy(desc(orders.id))
        .limit(limit),

    history: (orderId: number) =>
      db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, orderId))
        .orderBy(asc(orderStatusHistory.id)),
    insertHistory: (tx: Db, row: typeof orderStatusHistory.$inferInsert) =>
      tx.insert(orderStatusHistory).values(row),

    providerPosition: async (orderId: number) =>
      (await db.select().from(orderProviderPositions).where(eq(orderProviderPositions.orderId, orderId)))[0],
    /** Keeps only the latest position of the order's travelling provider. */
    saveProviderPosition: (tx: Db, row: typeof orderProviderPositions.$inferInsert) =>
      tx
        .insert(orderProviderPositions)
        .values(row)
        .onConflictDoUpdate({
          target: orderProviderPositions.orderId,
          set: { latitude: row.latitude, longitude: row.longitude, at: row.at },
        }),
    insertCallAttempt: (orderId: number, actorId: number, at: Date) =>
      db.insert(orderCallAttempts).values({ orderId, actorId, at }),
    callAttemptCount: async (orderId: number) =>
      (
        await db
          .select({ count: sql<number>`count(*)::int` })
          .from(orderCallAttempts)
          .where(eq(orderCallAttempts.orderId, orderId))
      )[0]?.count ?? 0,

    /**
     * Providers of the city who could be offered an order's project: not banned, not resting,
     * offering it; the caller checks distance, radius and free time.
     */
    reassignmentCandidates: (cityId: number, projectId: number, excludeTherapistIds: readonly number[]) =>
      db
        .select()
        .from(therapists)
        .where(
          and(
            eq(therapists.cityId, cityId),
            eq(therapists.isBanned, false),
            ne(therapists.state, 'resting'),
            inArray(
              therapists.id,
              db
                .select({ id: therapistProjects.therapistId })
                .from(therapistProjects)
                .where(eq(therapistProjects.projectId, projectId)),
            ),
            ...(excludeTherapistIds.length ? [notInArray(therapists.id, [...excludeTherapistIds])] : []),
          ),
        ),

    /** What the order pages name an order by: its parties, its project and its city's time zone. */
    orderLabels: async (orderIds: readonly number[]) =>
      orderIds.length === 0
        ? []
        : db
            .select({
              orderId: orders.id,
              therapistName: therapists.displayName,
              storeNames: stores.names,
              projectNames: serviceProjects.names,
              timeZone: cities.timeZone,
            })
            .from(orders)
            .innerJoin(cities, eq(cities.id, orders.cityId))
            .innerJoin(serviceProjects, eq(serviceProjects.id, orders.projectId))
            .leftJoin(therapists, eq(therapists.id, orders.therapistId))
            .leftJoin(stores, eq(stores.id, orders.storeId))
            .where(inArray(orders.id, [...orderIds])),
  };
}

export type BookingRepository = ReturnType<typeof createBookingRepository>;
