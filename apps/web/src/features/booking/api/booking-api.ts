import type {
  Address,
  createHomeVisitBodySchema,
  createInStoreBodySchema,
  freeStartSchema,
  OrderDetail,
  orderQuoteSchema,
} from '@sabai/shared/booking/booking.schemas';
import type { CityBookingSettings, TravelMode } from '@sabai/shared/booking/booking-settings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * Booking's requests: the free starts of a therapist, the customer's addresses, the server's quote
 * of an order being composed, and the two create calls. The client never sends a price: the server
 * computes the quote from the same body it will book.
 */
export type FreeStart = z.infer<typeof freeStartSchema>;
export type OrderQuote = z.infer<typeof orderQuoteSchema>;
export type HomeVisitBody = z.input<typeof createHomeVisitBodySchema>;
export type InStoreBody = z.input<typeof createInStoreBodySchema>;

export interface FreeStartsQuery {
  therapistId: number;
  projectId: number;
  date: string;
  clocks: number;
  addressId?: number;
  travelMode?: TravelMode;
}

export const bookingKeys = {
  freeStarts: (query: FreeStartsQuery) => ['booking', 'free-starts', query] as const,
  freeStartsAll: ['booking', 'free-starts'] as const,
  addresses: ['addresses'] as const,
  quote: (kind: 'homeVisit' | 'inStore', body: unknown) => ['booking', 'quote', kind, body] as const,
  citySettings: (cityId: number) => ['booking', 'city-settings', cityId] as const,
};

/** The city's booking rules (lead time, grid, horizon…), as the server applies them to this city. */
export function useCityBookingSettings(cityId: number) {
  return useQuery({
    queryKey: bookingKeys.citySettings(cityId),
    queryFn: ({ signal }) =>
      api.get<CityBookingSettings>(`/app/cities/${cityId}/booking-settings`, { signal, isSilent: true }),
    staleTime: 60_000,
  });
}

export function useFreeStarts(query: FreeStartsQuery | undefined) {
  return useQuery({
    queryKey: bookingKeys.freeStarts(query ?? { therapistId: 0, projectId: 0, date: '', clocks: 1 }),
    queryFn: ({ signal }) =>
      api.get<FreeStart[]>('/app/availability/free-starts', {
        signal,
        isSilent: true,
        query: { ...query },
      }),
    enabled: query !== undefined,
    // A free time can go at any moment: never older than a minute, and a refusal refetches at once.
    staleTime: 30_000,
  });
}

export function useAddresses(isEnabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.addresses,
    queryFn: ({ signal }) => api.get<Address[]>('/app/addresses', { signal, isSilent: true }),
    enabled: isEnabled,
  });
}

/**
 * The server's price of the order as composed so far (the quote routes take the create body and
 * insert nothing). The agreement is not the customer's yet when they only look at a price, but the
 * body is the create body, so the quote is asked with it set: it binds nothing.
 */
export function useQuote<B extends object>(kind: 'homeVisit' | 'inStore', body: B | undefined) {
  const path = kind === 'homeVisit' ? '/app/orders/home-visit/quote' : '/app/orders/in-store/quote';
  return useQuery({
    queryKey: bookingKeys.quote(kind, body ?? null),
    queryFn: ({ signal }) =>
      api.postJson<OrderQuote>(path, { ...body, agreeTerms: true }, { signal, isSilent: true }),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** One key per attempt: a retried tap books once (the routes accept `Idempotency-Key`). */
const withKey = (idempotencyKey: string) => ({ headers: { 'idempotency-key': idempotencyKey } });

export const createHomeVisit = (body: HomeVisitBody, idempotencyKey: string) =>
  api.postJson<OrderDetail>('/app/orders/home-visit', body, withKey(idempotencyKey));

export const createInStore = (body: InStoreBody, idempotencyKey: string) =>
  api.postJson<OrderDetail>('/app/orders/in-store', body, withKey(idempotencyKey));
