import { ERROR_CODES } from '@sabai/shared/error-codes';
import { ORDER_PUSH_TYPES, type PushType } from '@sabai/shared/notifications/notification-types';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import { VIEWER_ZONE } from '../../../lib/format-dates';
import * as paths from '../../../lib/paths';
import { notificationKeys, notificationsApi, useNotification } from '../api/notifications-api';

/** chat/notificationDetails: one notification in full; opening it marks it read. */
export function NotificationDetail({ id }: { id: number }) {
  const { t } = useTranslation('chat');
  const format = useFormatting();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useNotification(id, true);
  const notification = query.data;
  const isUnread = notification?.readAt === null;

  useEffect(() => {
    if (!isUnread) return;
    void notificationsApi
      .receive(id)
      .then(() => queryClient.invalidateQueries({ queryKey: notificationKeys.all }))
      .catch(() => undefined);
  }, [id, isUnread, queryClient]);

  if (query.isPending) return <CardSkeletons count={1} />;
  if (query.isError) {
    const error = query.error;
    return isApiError(error) && error.code === ERROR_CODES.notFound.code ? (
      <NotFoundBlock />
    ) : (
      <LoadError error={error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
    );
  }
  if (!notification) return <NotFoundBlock />;
  const isAboutOrder =
    notification.orderId !== null && ORDER_PUSH_TYPES.includes(notification.pushType as PushType);
  return (
    <article className="notice-detail">
      <h2 className="notice-detail__title">{notification.title}</h2>
      <time className="notice-detail__time" dateTime={notification.createdAt}>
        {format.dateTime(notification.createdAt, VIEWER_ZONE)}
      </time>
      <p className="notice-detail__text">{notification.text}</p>
      {isAboutOrder && notification.orderId ? (
        <Button
          block
          color="primary"
          className="notice-detail__action"
          onClick={() => navigate(paths.orderDetail.href(notification.orderId as number))}
        >
          {t('notices.viewOrder')}
        </Button>
      ) : null}
    </article>
  );
}
