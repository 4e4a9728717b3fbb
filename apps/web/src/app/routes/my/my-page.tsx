import { Badge, List } from 'antd-mobile';
import {
  CouponOutline,
  EditSOutline,
  EnvironmentOutline,
  FileWrongOutline,
  GlobalOutline,
  LikeOutline,
  MessageOutline,
  PayCircleOutline,
  QuestionCircleOutline,
  SetOutline,
  StarOutline,
  TeamOutline,
  UserOutline,
  UserSetOutline,
} from 'antd-mobile-icons';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/ui/page';
import '../../../features/identity/identity.css';
import { chatKeys, useChatUnread } from '../../../features/chat/api/chat-api';
import { useMembershipConfig } from '../../../features/config/api/membership-config';
import { isStaffUser } from '../../../features/desk/staff';
import '../../../features/vip/vip.css';
import { useAccountGuard } from '../../../features/identity/hooks/use-account-guard';
import { useCurrentUser } from '../../../features/identity/hooks/use-identity';
import { readStoredUser, useIsLoggedIn } from '../../../features/identity/session';
import * as paths from '../../../lib/paths';
import { myUserTopic, useLiveQueries } from '../../../lib/realtime/use-realtime-topic';

// Favourites, follows, visitors, footprints: discovery's grid, loaded after the page (preload map size).
const MyLists = lazy(() => import('../../../features/discovery/my-lists'));

export default function MyPage() {
  const { t } = useTranslation('me');
  const { t: tIdentity } = useTranslation('identity');
  const isLoggedIn = useIsLoggedIn();
  const current = useCurrentUser();
  const guard = useAccountGuard();
  const user = isLoggedIn ? (current.data ?? readStoredUser()) : undefined;
  const chatUnread = useChatUnread(Boolean(user)).data?.count ?? 0;
  // A message or a read on any device moves the badge.
  useLiveQueries(user ? myUserTopic() : null, [chatKeys.unread]);
  // The VIP entry shows only while the annual card is on sale (config 3099).
  const membership = useMembershipConfig();

  // A banned or cancelled account, or a pending cancellation, is dealt with as soon as it is seen.
  useEffect(() => {
    if (current.data || current.error) void guard({ user: current.data, error: current.error });
  }, [current.data, current.error, guard]);

  return (
    <Page title={t('title')} hasTitleBar={false} className="my-page">
      <header className="profile-header">
        <span className="profile-header__avatar" role="img" aria-label={t('avatarAlt')}>
          {user?.avatar ? (
            <img src={user.avatar} alt="" width={64} height={64} />
          ) : (
            <UserOutline aria-hidden="true" />
          )}
        </span>
        <div className="profile-header__text">
          <h1 className="visually-hidden">{t('title')}</h1>
          {user ? (
            <>
              <Link className="profile-header__login" to={paths.userInfo.href()}>
                {user.nickname}
              </Link>
              {user.vipLevel > 0 ? <span className="vip-badge">{t('vipBadge')}</span> : null}
              <p className="profile-header__hint">
                {user.mobile ? `+${user.areaCode} ${user.phone}` : tIdentity('account.noPhone')}
              </p>
            </>
          ) : (
            <>
              <Link className="profile-header__login" to={paths.login.href({ redirect: paths.my.path })}>
                {t('loginPrompt')}
              </Link>
              <p className="profile-header__hint">{t('loginHint')}</p>
            </>
          )}
        </div>
      </header>

      <Suspense fallback={null}>
        <MyLists hasPublicProfile={Boolean(user?.roles?.includes('provider'))} />
      </Suspense>

      <nav aria-label={t('menu.settings')}>
        <List className="my-menu">
          {user ? (
            <List.Item prefix={<UserSetOutline aria-hidden="true" />} arrowIcon>
              <Link className="stretched-action" to={paths.userInfo.href()}>
                {tIdentity('userinfo.title')}
              </Link>
            </List.Item>
          ) : null}
          {user ? (
            <List.Item prefix={<PayCircleOutline aria-hidden="true" />} arrowIcon>
              <Link className="stretched-action" to={paths.wallet.href()}>
                {t('menu.wallet')}
              </Link>
            </List.Item>
          ) : null}
          {user ? (
            <List.Item
              prefix={<MessageOutline aria-hidden="true" />}
              extra={
                chatUnread ? (
                  <Badge content={chatUnread} aria-label={t('menu.unread', { count: chatUnread })} />
                ) : null
              }
              arrowIcon
            >
              <Link className="stretched-action" to={paths.chatList.href()}>
                {t('menu.messages')}
              </Link>
            </List.Item>
          ) : null}
          {user ? (
            <List.Item prefix={<EnvironmentOutline aria-hidden="true" />} arrowIcon>
              <Link className="stretched-action" to={paths.addresses.href()}>
                {t('menu.addresses')}
              </Link>
            </List.Item>
          ) : null}
          {user ? (
            <List.Item prefix={<CouponOutline aria-hidden="true" />} arrowIcon>
              <Link className="stretched-action" to={paths.coupons.href()}>
                {t('menu.coupons')}
              </Link>
            </List.Item>
          ) : null}
          {user ? (
            <List.Item prefix={<FileWrongOutline aria-hidden="true" />} arrowIcon>
              <Link className="stretched-action" to={paths.complaints.href()}>
                {t('menu.complaints')}
              </Link>
            </List.Item>
          ) : null}
          {user ? (
            <List.Item prefix={<EditSOutline aria-hidden="true" />} arrowIcon>
              <Link className="stretched-action" to={paths.feedbackList.href()}>
                {t('menu.feedback')}
              </Link>
            </List.Item>
          ) : null}
          {user && membership.data?.isOpen ? (
            <List.Item prefix={<StarOutline aria-hidden="true" />} arrowIcon>
              <Link className="stretched-action" to={paths.vip.href()}>
                {t('menu.vip')}
              </Link>
            </List.Item>
          ) : null}
          {user && isStaffUser(user.roles) ? (
            <List.Item prefix={<TeamOutline aria-hidden="true" />} arrowIcon>
              <Link className="stretched-action" to={paths.deskOrders.href()}>
                {t('menu.desk')}
              </Link>
            </List.Item>
          ) : null}
          {user && isStaffUser(user.roles) ? (
            <List.Item prefix={<FileWrongOutline aria-hidden="true" />} arrowIcon>
              <Link className="stretched-action" to={paths.deskComplaints.href()}>
                {t('menu.deskComplaints')}
              </Link>
            </List.Item>
          ) : null}
          {user && isStaffUser(user.roles) ? (
            <List.Item prefix={<EditSOutline aria-hidden="true" />} arrowIcon>
              <Link className="stretched-action" to={paths.deskFeedback.href()}>
                {t('menu.deskFeedback')}
              </Link>
            </List.Item>
          ) : null}
          {user && isStaffUser(user.roles) ? (
            <List.Item prefix={<LikeOutline aria-hidden="true" />} arrowIcon>
              <Link className="stretched-action" to={paths.deskReviews.href()}>
                {t('menu.deskReviews')}
              </Link>
            </List.Item>
          ) : null}
          <List.Item prefix={<QuestionCircleOutline aria-hidden="true" />} arrowIcon>
            <Link className="stretched-action" to={paths.helpCentre.href()}>
              {t('menu.help')}
            </Link>
          </List.Item>
          <List.Item prefix={<SetOutline aria-hidden="true" />} arrowIcon>
            <Link className="stretched-action" to={paths.settings.href()}>
              {t('menu.settings')}
            </Link>
          </List.Item>
          <List.Item prefix={<GlobalOutline aria-hidden="true" />} arrowIcon>
            {/* Straight to the language choice, where Settings shows every preference. */}
            <Link className="stretched-action" to={paths.settings.href()} state={{ openPicker: 'language' }}>
              {t('menu.language')}
            </Link>
          </List.Item>
        </List>
      </nav>
    </Page>
  );
}
