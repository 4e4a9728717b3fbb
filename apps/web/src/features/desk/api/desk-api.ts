import type { attentionItemSchema, staffAuditTrailSchema } from '@sabai/shared/booking/attention.schemas';
import type { OrderAlternative, OrderDetail } from '@sabai/shared/booking/booking.schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { usePagedQuery } from '../../../hooks/use-paged-query';
import { api } from '../../../lib/api-client';

export type AttentionItem = z.infer<typeof attentionItemSchema>;
export type StaffAuditTrail = z.infer<typeof staffAuditTrailSchema>;

/** Customer service's reads (/app/staff/orders…) and its reassignment, with their query keys. */
export type StaffSearch = { orderNumber: string } | { areaCode: string; phone: string };

export const deskKeys = {
  all: ['desk'] as const,
  search: (search: StaffSearch | null) => ['desk', 'search', search] as const,
  attention: ['desk', 'attention'] as const,
  audit: (orderId: number) => ['desk', 'audit', orderId] as const,
  alternatives: (orderId: number) => ['desk', 'alternatives', orderId] as const,
};

export function useStaffOrderSearch(search: StaffSearch | null) {
  return useQuery({
    queryKey: deskKeys.search(search),
    queryFn: ({ signal }) =>
      api.get<OrderDetail[]>('/app/staff/orders', {
        signal,
        isSilent: true,
        query: search ?? undefined,
      }),
    enabled: search !== null,
  });
}

export function useAttentionPages(isEnabled = true) {
  return usePagedQuery<AttentionItem>({
    queryKey: deskKeys.attention,
    path: '/app/staff/orders/attention',
    isEnabled,
  });
}

export function useAuditTrail(orderId: number) {
  return useQuery({
    queryKey: deskKeys.audit(orderId),
    queryFn: ({ signal }) =>
      api.get<StaffAuditTrail>(`/app/staff/orders/${orderId}/audit`, { signal, isSilent: true }),
  });
}

export function useStaffAlternatives(orderId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: deskKeys.alternatives(orderId),
    queryFn: ({ signal }) =>
      api.get<OrderAlternative[]>(`/app/orders/${orderId}/alternatives`, { signal, isSilent: true }),
    enabled: isEnabled,
  });
}

export function useStaffReassign(orderId: number) {
  return useMutation({
    mutationFn: ({ therapistId, reason }: { therapistId: number; reason: string }) =>
      api.postJson(`/app/orders/${orderId}/reassign`, { therapistId, reason }),
  });
}
