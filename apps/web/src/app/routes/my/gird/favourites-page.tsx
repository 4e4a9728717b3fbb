import type { SavedItem, SavedKind } from '@sabai/shared/catalog/catalog.schemas';
import { HeartOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Page } from '../../../../components/ui/page';
import { PagedList } from '../../../../components/ui/paged-list';
import { useFavourites } from '../../../../features/discovery/api/engagement-api';
import { SavedItemCard } from '../../../../features/discovery/components/saved-item-card';
import { useQueryParams } from '../../../../features/discovery/hooks/use-query-params';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import * as paths from '../../../../lib/paths';
import '../../../../features/discovery/page-setup';

const KINDS: readonly SavedKind[] = ['project', 'therapist', 'store'];

/** Spec my/gird/shoucang: what the user saved, newest first, all or one kind. */
export default function FavouritesPage() {
  const { t } = useTranslation('discovery');
  const isLoggedIn = useIsLoggedIn();
  const [params, setParams] = useQueryParams();
  const kindParam = params.get('kind');
  const kind = KINDS.find((value) => value === kindParam);
  const query = useFavourites(kind, isLoggedIn);

  return (
    <Page title={t('engagement.favouritesTitle')} backTo={paths.my.href()}>
      {isLoggedIn ? (
        <PagedList<SavedItem>
          query={query}
          header={
            <fieldset className="chip-row">
              <legend className="visually-hidden">{t('engagement.favouritesTitle')}</legend>
              {[undefined, ...KINDS].map((value) => (
                <button
                  key={value ?? 'all'}
                  type="button"
                  aria-pressed={kind === value}
                  className={kind === value ? 'chip chip--active' : 'chip'}
                  onClick={() => setParams(value ? { kind: value } : {})}
                >
                  {value ? t(`engagement.kinds.${value}`) : t('engagement.all')}
                </button>
              ))}
            </fieldset>
          }
          itemKey={(item) => `${item.kind}-${item.id}`}
          renderItem={(item) => <SavedItemCard item={item} />}
          empty={
            <EmptyState
              icon={<HeartOutline />}
              title={t('engagement.emptyFavourites')}
              description={t('engagement.emptyFavouritesHint')}
            />
          }
        />
      ) : (
        <LoginRequired />
      )}
    </Page>
  );
}
