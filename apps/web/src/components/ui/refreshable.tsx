import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * antd-mobile's pull-to-refresh height for its status line, as its default. Given rather than left to
 * the default: antd-mobile computes the default in every render by measuring a test element
 * (`convertPx`, for apps that scale px), which forces the page's layout inside React's render,
 * 25–40 ms per list update on a slow phone (issue #17, decision 098). The app does not scale px.
 */
const HEAD_HEIGHT_PX = 40;

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
      headHeight={HEAD_HEIGHT_PX}
      pullingText={t('pullToRefresh.pulling')}
      canReleaseText={t('pullToRefresh.canRelease')}
      refreshingText={t('pullToRefresh.refreshing')}
      completeText={t('pullToRefresh.complete')}
    >
      <div className="refreshable">{children}</div>
    </PullToRefresh>
  );
}
