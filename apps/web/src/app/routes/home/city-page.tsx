import type { CityItem } from '@sabai/shared/geo/geo.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { CheckOutline, EnvironmentOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/feedback';
import { Page } from '../../../components/ui/page';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import { discoveryKeys, useCities, voteForCity } from '../../../features/discovery/api/discovery-api';
import { askToLogIn, isLoggedIn } from '../../../features/discovery/components/login-prompt';
import { Section } from '../../../features/discovery/components/section';
import { useLocateCity } from '../../../features/discovery/hooks/use-locate-city';
import { useCurrentCity } from '../../../hooks/use-current-city';
import { isApiError } from '../../../lib/api-client';
import * as paths from '../../../lib/paths';
import { rememberCity } from '../../../lib/preferences';
import '../../../features/discovery/page-setup';

/** Spec index/citys/citys: open cities to choose from, cities gathering votes, "use my location". */
export default function CityPage() {
  const { t } = useTranslation('discovery');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const cities = useCities();
  const { cityId } = useCurrentCity();
  const locateCity = useLocateCity();
  const [isLocating, setIsLocating] = useState(false);
  const [votingId, setVotingId] = useState<number>();

  const choose = async (city: CityItem) => {
    rememberCity(city);
    // Every answer depends on the cityId header: nothing cached for the old city is reused.
    await queryClient.invalidateQueries();
    showToast(t('city.switched', { city: city.name }));
    navigate(paths.home.href());
  };

  const locateMe = async () => {
    setIsLocating(true);
    try {
      const { city } = await locateCity();
      showToast(t('city.switched', { city: city.name }));
      navigate(paths.home.href());
    } catch (error) {
      showToast(isApiError(error) ? error.message : t('city.locationFailed'));
    } finally {
      setIsLocating(false);
    }
  };

  const vote = async (city: CityItem) => {
    if (!isLoggedIn()) {
      const loginUrl = await askToLogIn(location.pathname);
      if (loginUrl) navigate(loginUrl);
      return;
    }
    setVotingId(city.id);
    try {
      await voteForCity(city.id);
      showToast(t('city.voted'));
      await queryClient.invalidateQueries({ queryKey: discoveryKeys.cities });
    } catch (error) {
      // 401: the request helper already showed the server's message and logged out.
      if (isApiError(error) && error.kind === 'unauthorized') return;
      showToast(isApiError(error) && error.kind === 'business' ? error.message : t('city.voteFailed'));
    } finally {
      setVotingId(undefined);
    }
  };

  return (
    <Page title={t('city.title')} backTo="/">
      <div className="city-page">
        <Button
          block
          color="primary"
          fill="outline"
          className="city-page__locate"
          loading={isLocating}
          loadingText={t('city.locating')}
          onClick={() => void locateMe()}
        >
          <EnvironmentOutline aria-hidden="true" /> {t('city.useLocation')}
        </Button>

        {cities.isPending ? <CardSkeletons count={3} /> : null}
        {cities.isError ? (
          <LoadError error={cities.error} onRetry={() => cities.refetch()} isRetrying={cities.isFetching} />
        ) : null}
        {cities.data ? (
          <>
            <Section title={t('city.open')}>
              <List className="city-list">
                {cities.data.open.map((city) => {
                  const isCurrent = String(city.id) === cityId;
                  return (
                    <List.Item
                      key={city.id}
                      extra={
                        isCurrent ? (
                          <CheckOutline className="city-list__check" aria-label={t('city.selected')} />
                        ) : null
                      }
                    >
                      <button
                        type="button"
                        className="stretched-action"
                        aria-current={isCurrent ? 'true' : undefined}
                        onClick={() => void choose(city)}
                      >
                        {city.name}
                      </button>
                    </List.Item>
                  );
                })}
              </List>
            </Section>
            {cities.data.voting.length > 0 ? (
              <Section title={t('city.voting')}>
                <List className="city-list">
                  {cities.data.voting.map((city) => (
                    <List.Item
                      key={city.id}
                      description={t('city.votes', { count: city.voteCount })}
                      extra={
                        <Button
                          size="small"
                          color="primary"
                          fill={city.hasVoted ? 'outline' : 'solid'}
                          disabled={city.hasVoted}
                          loading={votingId === city.id}
                          onClick={() => void vote(city)}
                          aria-label={`${t('city.vote')} ${city.name}`}
                        >
                          {city.hasVoted ? t('city.hasVoted') : t('city.vote')}
                        </Button>
                      }
                    >
                      {city.name}
                    </List.Item>
                  ))}
                </List>
              </Section>
            ) : null}
          </>
        ) : null}
      </div>
    </Page>
  );
}
