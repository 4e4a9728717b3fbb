import type { NotificationKind } from '@sabai/shared/notifications/notification-types';
import type { NotificationView } from '@sabai/shared/notifications/notifications.schemas';
import { useQuery } from '@tanstack/react-query';
import { usePagedQuery } from '../../../hooks/use-paged-query';
import { api } from '../../../lib/api-client';

export type { NotificationView };

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (kind: NotificationKind | 'all') => ['notifications', 'list', kind] as const,
  detail: (id: number) => ['notifications', 'detail', id] as const,
  unread: ['notifications', 'unread'] as const,
};

/** chat/notificationList: mine, newest first, optionally only announcements or only orders. */
export function useNotificationList(kind: NotificationKind | 'all', isEnabled: boolean) {
  return usePagedQuery<NotificationView>({
    queryKey: notificationKeys.list(kind),
    path: '/app/notifications',
    query: { kind: kind === 'all' ? undefined : kind },
    isEnabled,
  });
}

/** chat/notificationDetails: one of mine (another's answers not found). */
export function useNotification(id: number, isEnabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<NotificationView>(`/app/notifications/${id}`, { signal, isSilent: true }),
    enabled: isEnabled && id > 0,
    retry: false,
  });
}

/** The spec's `/app/notice/unreadCount`: the badge. */
export function useNoticeUnread(isEnabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => api.get<number>('/app/notice/unreadCount', { signal, isSilent: true }),
    enabled: isEnabled,
    staleTime: 10_000,
  });
}

export const notificationsApi = {
  /** The spec's `/app/notice/receive`: one (`noticeId`) or all read. */
  receive: (noticeId?: number) =>
    api.postJson<number>('/app/notice/receive', noticeId ? { noticeId } : {}, { isSilent: true }),
  pushConfig: () => api.get<{ publicKey: string | null }>('/app/push/config', { isSilent: true }),
  subscribe: (subscription: PushSubscriptionJSON) =>
    api.postJson<{ subscribed: boolean }>('/app/push/subscriptions', subscription, { isSilent: true }),
  unsubscribe: (endpoint: string) =>
    api.postJson<{ subscribed: boolean }>('/app/push/subscriptions/remove', { endpoint }, { isSilent: true }),
};
