import type { NotificationKind } from '@sabai/shared/notifications/notification-types';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Tabs } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { showToast } from '../../../components/ui/feedback';
import { PagedList } from '../../../components/ui/paged-list';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import { myUserTopic, useLiveQueries } from '../../../lib/realtime/use-realtime-topic';
import {
  type NotificationView,
  notificationKeys,
  notificationsApi,
  useNoticeUnread,
  useNotificationList,
} from '../api/notifications-api';
import { notificationTarget } from '../notification-target';

const FILTERS = ['all', 'order', 'system'] as const satisfies readonly (NotificationKind | 'all')[];
type Filter = (typeof FILTERS)[number];

/** chat/notificationList: order news and announcements, newest first, live on my user topic. */
export function NotificationList() {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>('all');
  const query = useNotificationList(filter, true);
  const unread = useNoticeUnread(true).data ?? 0;
  // A new record (notification.created on user:<me>) refreshes the list and the badge.
  useLiveQueries(myUserTopic(), [notificationKeys.all]);

  const readAll = async () => {
    try {
      await notificationsApi.receive();
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      showToast(t('notices.allRead'));
    } catch (error) {
      showToast(isApiError(error) ? error.message : String(error));
    }
  };

  return (
    <>
      <Tabs activeKey={filter} onChange={(key) => setFilter(key as Filter)} className="notices-tabs">
        {FILTERS.map((key) => (
          <Tabs.Tab key={key} title={t(`notices.filters.${key}`)} />
        ))}
      </Tabs>
      <div className="notices-read-all">
        <Button
          size="mini"
          fill="none"
          color="primary"
          disabled={unread === 0}
          onClick={() => void readAll()}
        >
          {t('notices.markAllRead')}
        </Button>
      </div>
      <PagedList
        query={query}
        itemKey={(item) => item.id}
        renderItem={(item) => <NotificationRow notification={item} />}
        empty={
          <EmptyState
            icon={<BellOutline />}
            title={t('notices.empty')}
            description={t('notices.emptyHint')}
          />
        }
      />
    </>
  );
}

function NotificationRow({ notification }: { notification: NotificationView }) {
  const { t } = useTranslation('chat');
  const format = useFormatting();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isUnread = notification.readAt === null;
  const open = async () => {
    if (isUnread) {
      // Read before leaving: the badge is right when the user comes back.
      await notificationsApi.receive(notification.id).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    }
    navigate(notificationTarget(notification));
  };
  return (
    <button
      type="button"
      className={isUnread ? 'notice-row notice-row--unread' : 'notice-row'}
      onClick={() => void open()}
      aria-label={isUnread ? `${notification.title}, ${t('notices.unreadMark')}` : notification.title}
    >
      <span className="notice-row__icon" aria-hidden="true">
        <Badge content={isUnread ? Badge.dot : null}>
          <BellOutline />
        </Badge>
      </span>
      <span className="notice-row__body">
        <span className="notice-row__head">
          <span className="notice-row__title">{notification.title}</span>
          <time className="notice-row__time" dateTime={notification.createdAt}>
            {format.ago(notification.createdAt)}
          </time>
        </span>
        <span className="notice-row__text">{notification.text}</span>
      </span>
    </button>
  );
}
