import type {
  OrderDetail,
  scheduleBodySchema,
  scheduleSchema,
  timeOffBodySchema,
} from '@sabai/shared/booking/booking.schemas';
import type { WorkSettings } from '@sabai/shared/booking/work-settings.schemas';
import type { ProjectCard } from '@sabai/shared/catalog/catalog.schemas';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * The provider's workbench and the store counter over the booking API: switches, the incoming and
 * coming orders, one order and its steps, the week, and the store's in-store orders.
 */
export type Schedule = z.infer<typeof scheduleSchema>;
export type ScheduleBody = z.infer<typeof scheduleBodySchema>;
export type TimeOffBody = z.input<typeof timeOffBodySchema>;
export type { OrderDetail, WorkSettings };
export interface PageOf<T> {
  items: T[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

export const workbenchKeys = {
  settings: ['workbench', 'settings'] as const,
  orders: (view: 'incoming' | 'schedule') => ['workbench', 'orders', view] as const,
  allOrders: ['workbench', 'orders'] as const,
  order: (id: number) => ['workbench', 'order', id] as const,
  schedule: ['workbench', 'schedule'] as const,
  store: ['workbench', 'store-orders'] as const,
  projects: (cityId: number) => ['workbench', 'projects', cityId] as const,
  bookingSettings: (cityId: number) => ['workbench', 'booking-settings', cityId] as const,
};

export const useWorkSettings = () =>
  useQuery({
    queryKey: workbenchKeys.settings,
    queryFn: ({ signal }) => api.get<WorkSettings>('/app/therapists/me/work-settings', { signal }),
  });
export const setOnline = (isOnline: boolean) =>
  api.put<WorkSettings>('/app/therapists/me/work-status', { isOnline });
export const setServiceRadius = (serviceRadiusKm: number) =>
  api.put<WorkSettings>('/app/therapists/me/service-radius', { serviceRadiusKm });

/** Both workbench lists fit one page: a week of a provider's orders is far under 50. */
const fetchProviderOrders = (view: 'incoming' | 'schedule', signal?: AbortSignal) =>
  api.get<PageOf<OrderDetail>>('/app/provider/orders', {
    query: { view, pageSize: 50 },
    signal,
    isSilent: true,
  });
export const useProviderOrders = (view: 'incoming' | 'schedule', isEnabled = true) =>
  useQuery({
    queryKey: workbenchKeys.orders(view),
    queryFn: ({ signal }) => fetchProviderOrders(view, signal),
    enabled: isEnabled,
  });

export const fetchOrder = (id: number, signal?: AbortSignal) =>
  api.get<OrderDetail>(`/app/orders/${id}`, { signal, isSilent: true });
export const useOrder = (id: number | undefined) =>
  useQuery({
    queryKey: workbenchKeys.order(id ?? 0),
    queryFn: ({ signal }) => fetchOrder(id as number, signal),
    enabled: id !== undefined,
  });

export interface StepBody {
  transition: string;
  reason?: string;
  travelMode?: string;
  position?: { lat: number; lng: number };
}
export const stepOrder = (id: number, body: StepBody) =>
  api.postJson<OrderDetail>(`/app/orders/${id}/transitions`, body);
export const sharePosition = (id: number, position: { lat: number; lng: number }) =>
  api.postJson<unknown>(`/app/orders/${id}/position`, position, { isSilent: true });
export const recordCallAttempt = (id: number) =>
  api.postJson<OrderDetail>(`/app/orders/${id}/call-attempts`, {});

export const useSchedule = () =>
  useQuery({
    queryKey: workbenchKeys.schedule,
    queryFn: ({ signal }) => api.get<Schedule>('/app/therapists/me/schedule', { signal }),
  });
export const saveSchedule = (body: ScheduleBody) => api.put<Schedule>('/app/therapists/me/schedule', body);
export const addTimeOff = (body: TimeOffBody) => api.postJson<Schedule>('/app/therapists/me/time-off', body);
export const removeTimeOff = (id: number) => api.delete<Schedule>(`/app/therapists/me/time-off/${id}`);

export const useStoreOrders = () =>
  useQuery({
    queryKey: workbenchKeys.store,
    queryFn: ({ signal }) =>
      api.get<PageOf<OrderDetail>>('/app/store/orders', { query: { pageSize: 50 }, signal, isSilent: true }),
  });
export const consumeByCode = (code: string) =>
  api.postJson<OrderDetail>('/app/store/orders/consume', { code });

/**
 * Project names in the user's language, from the city's project list (one cached read; a project's
 * own page would record a footprint for every card). Without a city: the app's current city.
 */
export const useProjectNames = (cityId: number | undefined) =>
  useQuery({
    queryKey: workbenchKeys.projects(cityId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ProjectCard[]>('/app/projects', { query: { cityId }, signal, isSilent: true }),
    staleTime: 30 * 60_000,
    select: (projects) => new Map(projects.map((project) => [project.id, project.name])),
  }).data;

/**
 * The city's accept timeout and reminder minutes when the server publishes them; until then (or
 * when the read fails) the defaults, which are the server's defaults too.
 */
export interface AcceptTiming {
  autoDeclineMinutes: number;
  acceptReminderMinutes: readonly number[];
}
export const DEFAULT_ACCEPT_TIMING: AcceptTiming = { autoDeclineMinutes: 3, acceptReminderMinutes: [1, 2] };
export const useAcceptTiming = (cityId: number | undefined): AcceptTiming => {
  const query = useQuery({
    queryKey: workbenchKeys.bookingSettings(cityId ?? 0),
    queryFn: ({ signal }) =>
      api.get<Partial<AcceptTiming>>(`/app/cities/${cityId}/booking-settings`, { signal, isSilent: true }),
    enabled: cityId !== undefined,
    staleTime: 10 * 60_000,
    retry: false,
  });
  return {
    autoDeclineMinutes: query.data?.autoDeclineMinutes ?? DEFAULT_ACCEPT_TIMING.autoDeclineMinutes,
    acceptReminderMinutes: query.data?.acceptReminderMinutes ?? DEFAULT_ACCEPT_TIMING.acceptReminderMinutes,
  };
};
