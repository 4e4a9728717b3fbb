import type {
  ORDER_TABS,
  OrderAlternative,
  OrderDetail as OrderDetailShape,
  OrderSummary as OrderSummaryShape,
} from '@sabai/shared/booking/booking.schemas';
import type { OrderStatus } from '@sabai/shared/booking/order-status';
import type { ProjectCard } from '@sabai/shared/catalog/catalog.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedQuery } from '../../../hooks/use-paged-query';
import { api } from '../../../lib/api-client';

/**
 * The customer's order requests (booking routes under /app/orders) and their TanStack Query keys.
 * Every step answers with the order, but the pages read it again instead: only the reads carry the
 * names and the city's time zone (decision 032), and the list must follow too.
 */
export type OrderTab = (typeof ORDER_TABS)[number];
export const ORDER_TAB_LIST: readonly OrderTab[] = [
  'all',
  'pendingPayment',
  'ongoing',
  'finished',
  'cancelled',
];

export interface ProviderPosition {
  lat: number;
  lng: number;
  at: string;
  etaMinutes: number | null;
}
export type OrderSummary = OrderSummaryShape & { status: OrderStatus };
export type OrderDetail = OrderDetailShape & { status: OrderStatus };

export interface SettlementPreview {
  stage: string;
  currency: string;
  paid: number;
  kept: { reason: string; keptBy: string; amount: number }[];
  keptTotal: number;
  refund: number;
  isCouponReturned: boolean;
}

/** A free provider offered when the order is reassigning, with the order's new price and the difference. */
export type AlternativeProvider = OrderAlternative;

export const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  list: (tab: OrderTab) => ['orders', 'list', tab] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  cancellation: (id: number) => ['orders', 'detail', id, 'cancellation'] as const,
  alternatives: (id: number) => ['orders', 'detail', id, 'alternatives'] as const,
};

export function useOrderPages(tab: OrderTab, isEnabled = true) {
  return usePagedQuery<OrderSummary>({
    queryKey: orderKeys.list(tab),
    path: '/app/orders',
    query: { tab },
    isEnabled,
  });
}

export function useOrder(id: number | undefined) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<OrderDetail>(`/app/orders/${id}`, { signal, isSilent: true }),
    enabled: id !== undefined,
  });
}

export function useCancellationPreview(id: number, isEnabled: boolean) {
  return useQuery({
    queryKey: orderKeys.cancellation(id),
    queryFn: ({ signal }) =>
      api.get<SettlementPreview>(`/app/orders/${id}/cancellation`, { signal, isSilent: true }),
    enabled: isEnabled,
    // The deduction depends on the moment (acceptance, arrival, lateness): always ask again.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useAlternatives(id: number, isEnabled: boolean) {
  return useQuery({
    queryKey: orderKeys.alternatives(id),
    queryFn: ({ signal }) =>
      api.get<AlternativeProvider[]>(`/app/orders/${id}/alternatives`, { signal, isSilent: true }),
    enabled: isEnabled,
  });
}

/** The therapist's projects, for "change project" (read only when that sheet opens). */
export function useTherapistProjects(therapistId: number | null, isEnabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'therapist-projects', therapistId],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ projects: ProjectCard[] }>(`/app/therapists/${therapistId}`, {
          signal,
          isSilent: true,
        })
      ).projects,
    enabled: isEnabled && therapistId !== null,
  });
}

export type OrderCommand =
  | { kind: 'transition'; transition: string; reason?: string; waiveFee?: boolean }
  | { kind: 'urge' }
  | { kind: 'changeProject'; projectId: number }
  | { kind: 'addClocks'; count: number }
  | { kind: 'reassign'; therapistId: number }
  | { kind: 'delete' };

export function sendOrderCommand(id: number, command: OrderCommand): Promise<unknown> {
  const base = `/app/orders/${id}`;
  switch (command.kind) {
    case 'transition':
      return api.postJson(`${base}/transitions`, {
        transition: command.transition,
        reason: command.reason ?? '',
        // Only customer service may waive; the key is left out otherwise.
        ...(command.waiveFee ? { waiveFee: true } : {}),
      });
    case 'urge':
      return api.postJson(`${base}/urge`);
    case 'changeProject':
      return api.postJson(`${base}/project`, { projectId: command.projectId });
    case 'addClocks':
      return api.postJson(`${base}/extra-clocks`, { count: command.count });
    case 'reassign':
      return api.postJson(`${base}/reassign`, { therapistId: command.therapistId });
    case 'delete':
      return api.delete(base);
  }
}

/** One step or action on the order; afterwards the order and every list are read again. */
export function useOrderCommand(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: OrderCommand) => sendOrderCommand(id, command),
    onSettled: async (_data, _error, command) => {
      if (command.kind === 'delete') queryClient.removeQueries({ queryKey: orderKeys.detail(id) });
      else await queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });
}
