import { SearchBar } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import { useSearch } from '../../../features/discovery/api/discovery-api';
import { ProjectCard } from '../../../features/discovery/components/project-card';
import { Section } from '../../../features/discovery/components/section';
import { StoreCard } from '../../../features/discovery/components/store-card';
import { TherapistCard } from '../../../features/discovery/components/therapist-card';
import { useQueryParams } from '../../../features/discovery/hooks/use-query-params';
import { useCityTimeZone } from '../../../hooks/use-current-city';
import { useUserLocation } from '../../../hooks/use-user-location';
import '../../../features/discovery/page-setup';

/** Spec: debounce default 500 ms. */
const DEBOUNCE_MS = 500;

/** Projects, therapists and stores matching what the user types, named in their language. */
export default function SearchPage() {
  const { t } = useTranslation('discovery');
  const [params, setParams] = useQueryParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [query, setQuery] = useState(text);
  const { position } = useUserLocation();
  const timeZone = useCityTimeZone();
  const search = useSearch(query, position);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    // The query lives in the URL, so back from a result returns to the same results.
    setParams(query.trim() ? { q: query.trim() } : {});
  }, [query, setParams]);

  const result = search.data;
  const isEmpty =
    result && result.projects.length === 0 && result.therapists.length === 0 && result.stores.length === 0;

  let content: ReactNode;
  if (!query.trim()) content = <EmptyState icon={<SearchOutline />} title={t('search.hint')} />;
  else if (search.isPending) content = <CardSkeletons count={4} />;
  else if (search.isError)
    content = (
      <LoadError error={search.error} onRetry={() => search.refetch()} isRetrying={search.isFetching} />
    );
  else if (isEmpty)
    content = (
      <EmptyState
        icon={<SearchOutline />}
        title={t('search.empty', { q: query.trim() })}
        description={t('search.emptyHint')}
      />
    );
  else if (result)
    content = (
      <div aria-busy={search.isFetching}>
        {result.projects.length > 0 ? (
          <Section title={t('search.projects')}>
            <div className="card-list">
              {result.projects.map((project) => (
                <ProjectCard key={project.id} project={project} />
              ))}
            </div>
          </Section>
        ) : null}
        {result.therapists.length > 0 ? (
          <Section title={t('search.therapists')}>
            <div className="card-list">
              {result.therapists.map((therapist) => (
                <TherapistCard key={therapist.id} therapist={therapist} timeZone={timeZone} />
              ))}
            </div>
          </Section>
        ) : null}
        {result.stores.length > 0 ? (
          <Section title={t('search.stores')}>
            <div className="card-list">
              {result.stores.map((store) => (
                <StoreCard key={store.id} store={store} />
              ))}
            </div>
          </Section>
        ) : null}
      </div>
    );

  return (
    <Page title={t('search.title')} backTo="/">
      <div className="search-page__bar">
        <SearchBar
          placeholder={t('search.placeholder')}
          value={text}
          onChange={setText}
          onSearch={(value) => setQuery(value)}
          maxLength={50}
          autoFocus
          aria-label={t('search.title')}
        />
      </div>
      {content}
    </Page>
  );
}
