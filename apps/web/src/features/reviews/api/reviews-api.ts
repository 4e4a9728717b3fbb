import type {
  Complaint,
  ComplaintBody,
  MyReview,
  PublicReview,
  ReceivedReview,
  ReviewBody,
  ReviewTranslation,
  StaffReview,
  UploadedImage,
} from '@sabai/shared/reviews/reviews.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedQuery } from '../../../hooks/use-paged-query';
import { api } from '../../../lib/api-client';

export type { Complaint, MyReview, ReceivedReview, ReviewTranslation, StaffReview, UploadedImage };

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

/**
 * A review in the reader's language (the api client's lang header), asked for on a tap only
 * (`isEnabled`); one query per review and language, so switching back shows it at once.
 */
export function useReviewTranslation(reviewId: number, language: string, isEnabled: boolean) {
  return useQuery({
    queryKey: ['reviews', 'translation', reviewId, language] as const,
    queryFn: ({ signal }) =>
      api.get<ReviewTranslation>(`/app/reviews/${reviewId}/translation`, { signal, isSilent: true }),
    enabled: isEnabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export const receivedReviewKeys = { all: ['reviews', 'received'] as const };

/** The reviews about me as a therapist, newest first (the workbench's reviews page). */
export function useReceivedReviews(isEnabled: boolean) {
  return usePagedQuery<ReceivedReview>({
    queryKey: receivedReviewKeys.all,
    path: '/app/therapists/me/reviews',
    isEnabled,
  });
}

/** My one reply to a review about me. */
export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) =>
      api.postJson<PublicReview>(`/app/reviews/${id}/reply`, { text }, { isSilent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: receivedReviewKeys.all }),
  });
}

export const staffReviewKeys = {
  all: ['staff', 'reviews'] as const,
  list: (status: string, isLowOnly: boolean) => ['staff', 'reviews', status, isLowOnly] as const,
};

/** Reviews for customer service: visible ones (optionally only 1–2 stars) or hidden ones. */
export function useStaffReviews(status: 'visible' | 'hidden', isLowOnly: boolean, isEnabled: boolean) {
  return usePagedQuery<StaffReview>({
    queryKey: staffReviewKeys.list(status, isLowOnly),
    path: '/app/staff/reviews',
    query: { status, maxRating: isLowOnly ? 2 : undefined },
    isEnabled,
  });
}

/** Hide a review that breaks the rules, with the reason (audited; the rating is recomputed). */
export function useHideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.postJson<MyReview>(`/app/staff/reviews/${id}/hide`, { reason }, { isSilent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffReviewKeys.all }),
  });
}
