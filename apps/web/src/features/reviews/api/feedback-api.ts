import type { FeedbackDetail, FeedbackInput, FeedbackSummary } from '@sabai/shared/feedback/feedback.schemas';
import type { FeedbackStatus, FeedbackType } from '@sabai/shared/feedback/feedback-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedQuery } from '../../../hooks/use-paged-query';
import { api } from '../../../lib/api-client';

export type { FeedbackDetail, FeedbackInput, FeedbackSummary };

/** Feedback (decision 053): the customer's and customer service's queries share one root key. */
export const feedbackKeys = {
  all: ['feedback'] as const,
  mine: ['feedback', 'mine'] as const,
  detail: (id: number) => ['feedback', 'detail', id] as const,
  staff: ['feedback', 'staff'] as const,
  staffList: (status: FeedbackStatus, type: FeedbackType | 'all') =>
    ['feedback', 'staff', status, type] as const,
  staffDetail: (id: number) => ['feedback', 'staff', 'detail', id] as const,
};

export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackInput) => api.postJson<FeedbackDetail>('/app/feedback', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.mine }),
  });
}

/** My feedback, most recently active first, a page at a time (my/feedback/list). */
export function useMyFeedback(isEnabled: boolean) {
  return usePagedQuery<FeedbackSummary>({
    queryKey: feedbackKeys.mine,
    path: '/app/feedback',
    query: {},
    isEnabled,
  });
}

/** One of my feedback with its thread; someone else's answers as not found. */
export function useFeedback(id: number | undefined) {
  return useQuery({
    queryKey: feedbackKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<FeedbackDetail>(`/app/feedback/${id}`, { signal, isSilent: true }),
    enabled: id !== undefined,
  });
}

export function useReplyToFeedback(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.postJson<FeedbackDetail>(`/app/feedback/${id}/replies`, { text }),
    onSuccess: (detail) => {
      queryClient.setQueryData(feedbackKeys.detail(id), detail);
      return queryClient.invalidateQueries({ queryKey: feedbackKeys.mine });
    },
  });
}

/** Feedback for customer service by status and type (the desk's feedback page). */
export function useStaffFeedback(status: FeedbackStatus, type: FeedbackType | 'all', isEnabled: boolean) {
  return usePagedQuery<FeedbackSummary>({
    queryKey: feedbackKeys.staffList(status, type),
    path: '/app/staff/feedback',
    query: type === 'all' ? { status } : { status, type },
    isEnabled,
  });
}

export function useStaffFeedbackDetail(id: number | undefined) {
  return useQuery({
    queryKey: feedbackKeys.staffDetail(id ?? 0),
    queryFn: ({ signal }) => api.get<FeedbackDetail>(`/app/staff/feedback/${id}`, { signal, isSilent: true }),
    enabled: id !== undefined,
  });
}

/** Customer service's reply or status change; both answer the feedback as it now is. */
export function useStaffFeedbackAction(id: number) {
  const queryClient = useQueryClient();
  const settle = async (detail: FeedbackDetail) => {
    queryClient.setQueryData(feedbackKeys.staffDetail(id), detail);
    await queryClient.invalidateQueries({ queryKey: feedbackKeys.staff });
  };
  return {
    reply: useMutation({
      mutationFn: (text: string) =>
        api.postJson<FeedbackDetail>(`/app/staff/feedback/${id}/replies`, { text }),
      onSuccess: settle,
    }),
    move: useMutation({
      mutationFn: (status: FeedbackStatus) =>
        api.postJson<FeedbackDetail>(`/app/staff/feedback/${id}/status`, { status }),
      onSuccess: settle,
    }),
  };
}
