import type { SavedKind, Viewer } from '@sabai/shared/catalog/catalog.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { HeartFill, HeartOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/feedback';
import { isApiError } from '../../../lib/api-client';
import { setFavourite, setFollow } from '../api/engagement-api';
import { askToLogIn, isLoggedIn } from './login-prompt';

/** The heart on a detail page. Guests are asked to log in; the server's answer is the truth. */
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
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const [isFavourite, setIsFavourite] = useState(viewer?.isFavourite ?? false);
  const [isBusy, setIsBusy] = useState(false);
  useEffect(() => setIsFavourite(viewer?.isFavourite ?? false), [viewer?.isFavourite]);

  const toggle = async () => {
    if (!isLoggedIn()) {
      const loginUrl = await askToLogIn(pathname + search);
      if (loginUrl) navigate(loginUrl);
      return;
    }
    setIsBusy(true);
    try {
      const state = await setFavourite(kind, id, !isFavourite);
      setIsFavourite(state.isFavourite);
      showToast(state.isFavourite ? t('engagement.saved') : t('engagement.unsaved'));
      void queryClient.invalidateQueries({ queryKey: ['favourites'] });
    } catch (error) {
      if (isApiError(error) && error.kind === 'unauthorized') return;
      showToast(isApiError(error) ? error.message : t('states.loadFailed'));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={isFavourite ? 'icon-toggle icon-toggle--on' : 'icon-toggle'}
      aria-pressed={isFavourite}
      aria-label={t('engagement.favourite')}
      disabled={isBusy}
      onClick={() => void toggle()}
    >
      {isFavourite ? <HeartFill aria-hidden="true" /> : <HeartOutline aria-hidden="true" />}
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
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const [state, setState] = useState({ isFollowing: viewer?.isFollowing ?? false, count: followerCount });
  const [isBusy, setIsBusy] = useState(false);
  useEffect(
    () => setState({ isFollowing: viewer?.isFollowing ?? false, count: followerCount }),
    [viewer?.isFollowing, followerCount],
  );

  const toggle = async () => {
    if (!isLoggedIn()) {
      const loginUrl = await askToLogIn(pathname + search);
      if (loginUrl) navigate(loginUrl);
      return;
    }
    setIsBusy(true);
    try {
      const next = await setFollow(therapistId, !state.isFollowing);
      setState({ isFollowing: next.isFollowing, count: next.followerCount });
      void queryClient.invalidateQueries({ queryKey: ['following'] });
    } catch (error) {
      if (isApiError(error) && error.kind === 'unauthorized') return;
      showToast(isApiError(error) ? error.message : t('states.loadFailed'));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={state.isFollowing ? 'follow-button follow-button--on' : 'follow-button'}
      aria-pressed={state.isFollowing}
      disabled={isBusy}
      onClick={() => void toggle()}
    >
      {state.isFollowing ? t('engagement.following') : t('engagement.follow')}
      <span className="follow-button__count">{t('engagement.followers', { count: state.count })}</span>
    </button>
  );
}
