import { Button, InfiniteScroll } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PagedQuery } from '../../hooks/use-paged-query';
import { useStagedReveal } from '../../hooks/use-staged-reveal';
import { KeepScrollAnchor } from './keep-scroll-anchor';
import { Refreshable } from './refreshable';
import { CardSkeletons, LoadError } from './state-views';
import './ui-strings';

interface PagedListProps<T> {
  query: PagedQuery<T>;
  /** `index` lets the first rows load their images eagerly (they are the page's largest paint). */
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T) => number | string;
  empty: ReactNode;
  /** Above the list, inside the pull-to-refresh area (filters, entry buttons). */
  header?: ReactNode;
}

/**
 * A paged list with pull-to-refresh and infinite scroll. The query keeps at most a few pages
 * (see MAX_PAGES), so a very long scroll never puts a thousand rows in the page: earlier pages
 * are dropped and come back through "show earlier results".
 */
export function PagedList<T>({ query, renderItem, itemKey, empty, header }: PagedListProps<T>) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  // Pull-to-refresh (and retry) start again from page 1 with fresh data from the server.
  const refresh = () => query.refreshFromStart();

  let content: ReactNode;
  if (query.isPending) content = <CardSkeletons />;
  else if (query.isError && items.length === 0)
    content = <LoadError error={query.error} onRetry={refresh} isRetrying={query.isFetching} />;
  else if (items.length === 0) content = empty;
  else content = <PagedRows query={query} items={items} itemKey={itemKey} renderItem={renderItem} />;

  return (
    <Refreshable onRefresh={refresh}>
      {header}
      {content}
    </Refreshable>
  );
}

/**
 * Rows per commit while a list first draws (decision 098): about a phone's first screen of cards,
 * and few enough that each later step's commit, layout and paint is a short task.
 */
const ROWS_PER_STAGE = 5;

/**
 * The list's rows, with "show earlier results" above and infinite scroll below. When the list first
 * draws, its rows go in ROWS_PER_STAGE at a time, each step after the one before has painted
 * (useStagedReveal); pages that arrive later go in whole. Infinite scroll waits for all the first
 * rows: seen early, right below the first few, it would ask for the next page at once.
 */
function PagedRows<T>({
  query,
  items,
  itemKey,
  renderItem,
}: Pick<PagedListProps<T>, 'query' | 'itemKey' | 'renderItem'> & { items: T[] }) {
  const { t } = useTranslation('ui');
  const [stagesAtFirstDraw] = useState(() => Math.max(1, Math.ceil(items.length / ROWS_PER_STAGE)));
  const stage = useStagedReveal(stagesAtFirstDraw);
  const isAllShown = stage >= stagesAtFirstDraw;
  const shown = isAllShown ? items : items.slice(0, stage * ROWS_PER_STAGE);
  return (
    <>
      {query.hasPreviousPage ? (
        <div className="paged-list__earlier">
          <Button
            size="small"
            fill="outline"
            loading={query.isFetchingPreviousPage}
            onClick={() => void query.fetchPreviousPage()}
          >
            {t('states.showEarlier')}
          </Button>
        </div>
      ) : null}
      <KeepScrollAnchor firstKey={items[0] === undefined ? undefined : itemKey(items[0])}>
        <ul className="paged-list" aria-busy={query.isFetching}>
          {shown.map((item, index) => (
            <li key={itemKey(item)} className="paged-list__item" data-row-key={itemKey(item)}>
              {renderItem(item, index)}
            </li>
          ))}
        </ul>
      </KeepScrollAnchor>
      {isAllShown ? (
        <InfiniteScroll
          hasMore={query.hasNextPage}
          loadMore={async () => {
            const result = await query.fetchNextPage();
            // InfiniteScroll retries on a rejected promise; a failed page is shown, not looped.
            if (result.isError) throw result.error;
          }}
        >
          {(hasMore, failed, retry) =>
            failed ? (
              <button type="button" className="link-button" onClick={() => void retry()}>
                {t('states.loadFailed')} {t('common:actions.retry')}
              </button>
            ) : hasMore ? (
              t('states.loadMore')
            ) : (
              t('states.noMore')
            )
          }
        </InfiniteScroll>
      ) : null}
    </>
  );
}
