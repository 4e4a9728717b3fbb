import { Badge } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as paths from '../../../lib/paths';
import { myUserTopic, useLiveQueries } from '../../../lib/realtime/use-realtime-topic';
import { notificationKeys, useNoticeUnread } from '../api/notifications-api';

/** The first row of chat/list: system messages, with their unread count as the badge. */
export function NotificationsEntry() {
  const { t } = useTranslation('chat');
  const unread = useNoticeUnread(true).data ?? 0;
  useLiveQueries(myUserTopic(), [notificationKeys.unread]);
  return (
    <Link
      className="chat-row notices-entry"
      to={paths.notificationList.href()}
      aria-label={
        unread > 0
          ? `${t('notices.listTitle')}, ${t('notices.entryUnread', { count: unread })}`
          : t('notices.listTitle')
      }
    >
      <Badge content={unread > 0 ? unread : null}>
        <span className="chat-row__avatar notices-entry__icon" aria-hidden="true">
          <BellOutline />
        </span>
      </Badge>
      <span className="chat-row__body">
        <span className="chat-row__head">
          <span className="chat-row__name">{t('notices.listTitle')}</span>
        </span>
        <span className="chat-row__note">{t('notices.entryHint')}</span>
      </span>
    </Link>
  );
}
