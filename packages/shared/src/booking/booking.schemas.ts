import { z } from 'zod';
import { textSchema } from '../input';
import { TRAVEL_MODES } from './booking-settings';
import { ORDER_ACTORS, ORDER_TRANSITIONS } from './order-transitions';

/** Request and answer shapes of the booking routes (addresses, availability, orders). */
const id = z.coerce.number().int().min(1).max(2_147_483_647);
export const bookingIdParamsSchema = z.object({ id });

export const PLACE_TYPES = ['house', 'villa', 'apartment', 'condo', 'hotel'] as const;
export type PlaceType = (typeof PLACE_TYPES)[number];
/** Place types whose visitors cannot find the door without a house (unit) number. */
export const PLACE_TYPES_NEEDING_HOUSE_NUMBER: readonly PlaceType[] = ['villa', 'apartment'];
export const GENDER_TITLES = ['mr', 'ms', 'mrs'] as const;
export const MAX_ADDRESS_PHOTOS = 5;

// Built on textSchema: PostgreSQL text cannot hold U+0000, so it is refused at the boundary.
const text = (max: number) => textSchema().trim().max(max);
const required = (max: number) => textSchema().trim().min(1).max(max);

export const addressBodySchema = z.object({
  contactName: required(64),
  genderTitle: z.enum(GENDER_TITLES),
  areaCode: required(5),
  phone: required(24),
  placeType: z.enum(PLACE_TYPES),
  detail: required(300),
  houseNumber: text(40).default(''),
  arrivalNotes: text(500).default(''),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  isDefault: z.boolean().default(false),
});
export type AddressBody = z.infer<typeof addressBodySchema>;

export const addressSchema = z.object({
  id: z.number().int(),
  contactName: z.string(),
  genderTitle: z.string(),
  phoneE164: z.string(),
  placeType: z.enum(PLACE_TYPES),
  detail: z.string(),
  houseNumber: z.string(),
  arrivalNotes: z.string(),
  photos: z.array(z.object({ key: z.string(), url: z.string() })),
  isDefault: z.boolean(),
  lat: z.number(),
  lng: z.number(),
});
export type Address = z.infer<typeof addressSchema>;

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/);
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const weeklyShiftSchema = z.object({
  weekday: z.number().int().min(1).max(7),
  start: timeOfDay,
  end: timeOfDay,
});
export const scheduleBodySchema = z.object({
  weeklyShifts: z.array(weeklyShiftSchema).max(28),
  daysOff: z.array(localDate).max(366),
});
export const scheduleSchema = scheduleBodySchema.extend({
  timeOff: z.array(
    z.object({ id: z.number().int(), startsAt: z.string(), endsAt: z.string(), reason: z.string() }),
  ),
});
export const timeOffBodySchema = z.object({
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  reason: text(200).default(''),
});

export const freeStartsQuerySchema = z.object({
  therapistId: id,
  projectId: id,
  date: localDate,
  clocks: z.coerce.number().int().min(1).max(10).default(1),
  addressId: id.optional(),
  travelMode: z.enum(TRAVEL_MODES).default('tukTuk'),
});
export const freeStartSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  localDate: z.string(),
  localTime: z.string(),
  utcOffsetMinutes: z.number(),
  travelMinutes: z.number(),
});

/** No total or price: the server computes the quote; anything else sent is ignored. */
export const createHomeVisitBodySchema = z.object({
  therapistId: id,
  projectId: id,
  clocks: z.number().int().min(1).max(10),
  startsAt: z.iso.datetime({ offset: true }),
  addressId: id,
  travelMode: z.enum(TRAVEL_MODES),
  contactName: required(64).optional(),
  remark: text(500).default(''),
  agreeTerms: z.literal(true),
  /** One of the customer's unused coupons (decision 043): the server checks and applies it. */
  couponId: id.optional(),
});
export const createInStoreBodySchema = z.object({
  storeId: id,
  projectId: id,
  therapistId: id.optional(),
  clocks: z.number().int().min(1).max(10),
  startsAt: z.iso.datetime({ offset: true }),
  remark: text(500).default(''),
  agreeTerms: z.literal(true),
  /** One of the customer's unused coupons (decision 043): the server checks and applies it. */
  couponId: id.optional(),
});

export const ORDER_TABS = ['all', 'pendingPayment', 'ongoing', 'finished', 'cancelled'] as const;
/** Customer service looks an order up by its number, or by a party's phone. */
export const staffOrderQuerySchema = z
  .object({
    orderNumber: text(32).optional(),
    areaCode: text(5).optional(),
    phone: text(24).optional(),
  })
  .refine((query) => Boolean(query.orderNumber || query.phone), { message: 'orderNumber or phone' });

export const orderListQuerySchema = z.object({
  tab: z.enum(ORDER_TABS).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

export const providerOrdersQuerySchema = z.object({
  view: z.enum(['incoming', 'schedule']).default('incoming'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

/** A point on the map, as a browser's geolocation gives it. */
export const positionBodySchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

export const transitionBodySchema = z.object({
  transition: z.enum(ORDER_TRANSITIONS),
  reason: text(300).default(''),
  /** `arrive`: the provider's position for the check-in (without it, or too far, a reason is needed). */
  position: positionBodySchema.optional(),
});

const moneyAmount = z.number().int();
export const orderQuoteSchema = z.object({
  currency: z.string(),
  unitPrice: moneyAmount,
  clocks: z.number().int(),
  service: moneyAmount,
  travelFee: moneyAmount,
  managementFee: moneyAmount,
  vat: moneyAmount,
  coupon: moneyAmount,
  total: moneyAmount,
  payable: moneyAmount,
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

/**
 * Names and the city's time zone for the order pages, in the caller's language (decision 032):
 * present on the list and on GET /orders/:id, absent from the answers of the steps.
 */
export const orderLabelsSchema = z.object({
  therapistName: z.string().nullable(),
  storeName: z.string().nullable(),
  projectName: z.string(),
  timeZone: z.string(),
});
export type OrderLabels = z.infer<typeof orderLabelsSchema>;

export const orderSummarySchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  kind: z.enum(['homeVisit', 'inStore']),
  status: z.string(),
  statusCode: z.number().int(),
  therapistId: z.number().int().nullable(),
  storeId: z.number().int().nullable(),
  projectId: z.number().int(),
  clocks: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  payable: moneyAmount,
  currency: z.string(),
  createdAt: z.string(),
  labels: orderLabelsSchema.optional(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** The travelling provider's latest shared position; ETA from straight-line distance × road factor. */
export const providerPositionSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  at: z.string(),
  etaMinutes: z.number().int().nullable(),
});
/** The answer to a shared position and the payload of the realtime `order.position` event. */
export const orderPositionSchema = providerPositionSchema.extend({ orderId: z.number().int() });
export type OrderPosition = z.infer<typeof orderPositionSchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  travelMode: z.string().nullable(),
  travelMinutes: z.number().int(),
  distanceMetres: z.number().int(),
  address: z.record(z.string(), z.unknown()).nullable(),
  contactName: z.string(),
  contactPhone: z.string(),
  remark: z.string(),
  quote: orderQuoteSchema,
  verificationCode: z.string().nullable(),
  urged: z.boolean(),
  extraClocks: z.number().int(),
  adjustments: z.array(z.record(z.string(), z.unknown())),
  settlement: z.unknown().nullable(),
  timeline: z.array(
    z.object({
      from: z.string().nullable(),
      to: z.string(),
      transition: z.string(),
      actor: z.enum(ORDER_ACTORS),
      reason: z.string(),
      at: z.string(),
    }),
  ),
  allowedTransitions: z.array(z.string()),
  allowedActions: z.array(z.string()),
  /** Only while departed, and only for the order's customer, provider and staff. */
  providerPosition: providerPositionSchema.nullable(),
  /** Call attempts the arrived provider recorded (a no-show needs one). */
  callAttempts: z.number().int(),
  /** From when the provider may report a no-show (arrived and checked in by position), else null. */
  noShowAvailableAt: z.string().nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const settlementPreviewSchema = z.object({
  stage: z.string(),
  currency: z.string(),
  paid: moneyAmount,
  kept: z.array(z.object({ reason: z.string(), keptBy: z.string(), amount: moneyAmount })),
  keptTotal: moneyAmount,
  refund: moneyAmount,
  isCouponReturned: z.boolean(),
});

export const reassignBodySchema = z.object({ therapistId: id, reason: text(300).default('') });
export const extraClocksBodySchema = z.object({ count: z.number().int().min(1).max(20) });
export const changeProjectBodySchema = z.object({ projectId: id });

/** A provider who could take the order now, with the price it would then cost. */
export const orderAlternativeSchema = z.object({
  therapist: z.object({
    id: z.number().int(),
    name: z.string(),
    avatar: z.string(),
    /** Null until the therapist has a review. */
    rating: z.number().nullable(),
    distanceMetres: z.number().int(),
  }),
  quote: orderQuoteSchema,
  /** New total − the order's total, in minor units: positive is charged, negative refunded. */
  difference: moneyAmount,
});
export type OrderAlternative = z.infer<typeof orderAlternativeSchema>;
