import type { SavedItem } from '@sabai/shared/catalog/catalog.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/empty-state';
import { confirm, showToast } from '../../../../components/ui/feedback';
import { Page } from '../../../../components/ui/page';
import { PagedList } from '../../../../components/ui/paged-list';
import {
  clearFootprints,
  engagementKeys,
  useFootprints,
} from '../../../../features/discovery/api/engagement-api';
import { SavedItemCard } from '../../../../features/discovery/components/saved-item-card';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { isApiError } from '../../../../lib/api-client';
import * as paths from '../../../../lib/paths';
import '../../../../features/discovery/page-setup';

/** Spec my/gird/browse: recently viewed (the latest 100, newest first, no repeats). */
export default function FootprintsPage() {
  const { t } = useTranslation('discovery');
  const isLoggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const query = useFootprints(isLoggedIn);
  const hasItems = (query.data?.pages[0]?.items.length ?? 0) > 0;

  const clear = async () => {
    if (!(await confirm(t('engagement.clearConfirm'), t('engagement.clear'), t('login.cancel')))) return;
    try {
      await clearFootprints();
      showToast(t('engagement.cleared'));
      await queryClient.invalidateQueries({ queryKey: engagementKeys.footprints });
    } catch (error) {
      if (isApiError(error) && error.kind !== 'unauthorized') showToast(error.message);
    }
  };

  return (
    <Page title={t('engagement.footprintsTitle')} backTo={paths.my.href()}>
      {isLoggedIn ? (
        <PagedList<SavedItem>
          query={query}
          header={
            hasItems ? (
              <div className="list-toolbar list-toolbar--end">
                <Button size="small" color="primary" fill="outline" onClick={() => void clear()}>
                  {t('engagement.clear')}
                </Button>
              </div>
            ) : null
          }
          itemKey={(item) => `${item.kind}-${item.id}`}
          renderItem={(item) => <SavedItemCard item={item} />}
          empty={
            <EmptyState
              icon={<ClockCircleOutline />}
              title={t('engagement.emptyFootprints')}
              description={t('engagement.emptyFootprintsHint')}
            />
          }
        />
      ) : (
        <LoginRequired />
      )}
    </Page>
  );
}
