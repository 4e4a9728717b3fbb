import type {
  Complaint,
  ComplaintBody,
  MyReview,
  ReviewBody,
  UploadedImage,
} from '@sabai/shared/reviews/reviews.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedQuery } from '../../../hooks/use-paged-query';
import { api } from '../../../lib/api-client';

export type { Complaint, MyReview, UploadedImage };

export const reviewKeys = {
  mine: (orderId: number) => ['reviews', 'order', orderId] as const,
  complaints: ['complaints'] as const,
};

/** A review photo or complaint image, checked and re-encoded by the server; answers its key. */
export function uploadCareImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file, file.name || 'photo');
  return api.postMultipart<UploadedImage>('/app/care/images', form);
}

/** My review of the order, or null. */
export function useMyReview(orderId: number | undefined) {
  return useQuery({
    queryKey: reviewKeys.mine(orderId ?? 0),
    queryFn: ({ signal }) => api.get<MyReview | null>(`/app/orders/${orderId}/review`, { signal }),
    enabled: orderId !== undefined,
  });
}

/** Writes the review (POST) or changes it within its 48 hours (PUT). */
export function useSaveReview(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, isEdit }: { body: ReviewBody; isEdit: boolean }) =>
      isEdit
        ? api.put<MyReview>(`/app/orders/${orderId}/review`, body)
        : api.postJson<MyReview>(`/app/orders/${orderId}/review`, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: reviewKeys.mine(orderId) });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export function useSubmitComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplaintBody) => api.postJson<Complaint>('/app/complaints', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.complaints }),
  });
}

/** My complaints, newest first, a page at a time (my/order/tousuList). */
export function useMyComplaints(isEnabled: boolean) {
  return usePagedQuery<Complaint>({
    queryKey: reviewKeys.complaints,
    path: '/app/complaints',
    query: {},
    isEnabled,
  });
}

export const staffComplaintKeys = {
  all: ['staff', 'complaints'] as const,
  list: (status: string) => ['staff', 'complaints', status] as const,
};

/** Complaints for customer service, oldest first, by status (the desk's complaints page). */
export function useStaffComplaints(status: 'pending' | 'handled' | 'rejected', isEnabled: boolean) {
  return usePagedQuery<Complaint>({
    queryKey: staffComplaintKeys.list(status),
    path: '/app/staff/complaints',
    query: { status },
    isEnabled,
  });
}

/** Handle or reject a pending complaint with the reply the customer reads. */
export function useDecideComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reply }: { id: number; status: 'handled' | 'rejected'; reply: string }) =>
      api.postJson<Complaint>(`/app/staff/complaints/${id}/decision`, { status, reply }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffComplaintKeys.all }),
  });
}
