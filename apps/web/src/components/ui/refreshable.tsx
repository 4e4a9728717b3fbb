import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** antd-mobile pull-to-refresh with translated status texts (spec: offset 50px). */
export function Refreshable({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      threshold={50}
      pullingText={t('pullToRefresh.pulling')}
      canReleaseText={t('pullToRefresh.canRelease')}
      refreshingText={t('pullToRefresh.refreshing')}
      completeText={t('pullToRefresh.complete')}
    >
      <div className="refreshable">{children}</div>
    </PullToRefresh>
  );
}
