import type { SavedKind, Viewer } from '@sabai/shared/catalog/catalog.schemas';
import { HeartFill, HeartOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/feedback';
import { isApiError } from '../../../lib/api-client';
import { useFavouriteToggle, useFollowToggle } from '../api/engagement-api';
import { askToLogIn, isLoggedIn } from './login-prompt';

/** A failed toggle: the server's message (a 401 already went through the logout path). */
function useToggleFailed() {
  const { t } = useTranslation('discovery');
  return (error: unknown) => {
    if (isApiError(error) && error.kind === 'unauthorized') return;
    showToast(isApiError(error) ? error.message : t('states.loadFailed'));
  };
}

/** Guests are asked to log in first: answers true when the toggle may go ahead. */
function useLoggedInFirst() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return async () => {
    if (isLoggedIn()) return true;
    const loginUrl = await askToLogIn(pathname + search);
    if (loginUrl) await navigate(loginUrl);
    return false;
  };
}

/** The heart on a detail page: shown at once, the server's answer is the truth. */
export function FavouriteButton({
  kind,
  id,
  viewer,
}: {
  kind: SavedKind;
  id: number;
  viewer: Viewer | undefined;
}) {
  const { t } = useTranslation('discovery');
  const loggedInFirst = useLoggedInFirst();
  const favourite = useFavouriteToggle(kind, id, viewer?.isFavourite ?? false, {
    onSaved: (state) => showToast(state.isFavourite ? t('engagement.saved') : t('engagement.unsaved')),
    onFailed: useToggleFailed(),
  });

  return (
    <button
      type="button"
      className={favourite.isFavourite ? 'icon-toggle icon-toggle--on' : 'icon-toggle'}
      aria-pressed={favourite.isFavourite}
      aria-label={t('engagement.favourite')}
      disabled={favourite.isPending}
      onClick={async () => {
        if (await loggedInFirst()) favourite.toggle();
      }}
    >
      {favourite.isFavourite ? <HeartFill aria-hidden="true" /> : <HeartOutline aria-hidden="true" />}
    </button>
  );
}

/** Follow / following, with the follower count, on a therapist's page. */
export function FollowButton({
  therapistId,
  viewer,
  followerCount,
}: {
  therapistId: number;
  viewer: Viewer | undefined;
  followerCount: number;
}) {
  const { t } = useTranslation('discovery');
  const loggedInFirst = useLoggedInFirst();
  const follow = useFollowToggle(
    therapistId,
    { isFollowing: viewer?.isFollowing ?? false, count: followerCount },
    useToggleFailed(),
  );

  return (
    <button
      type="button"
      className={follow.isFollowing ? 'follow-button follow-button--on' : 'follow-button'}
      aria-pressed={follow.isFollowing}
      disabled={follow.isPending}
      onClick={async () => {
        if (await loggedInFirst()) follow.toggle();
      }}
    >
      {follow.isFollowing ? t('engagement.following') : t('engagement.follow')}
      <span className="follow-button__count">{t('engagement.followers', { count: follow.count })}</span>
    </button>
  );
}
