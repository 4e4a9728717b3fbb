import { HELP_CATEGORIES } from '@sabai/shared/help/help-rules';
import { List, SearchBar } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Page } from '../../../../components/ui/page';
import { Refreshable } from '../../../../components/ui/refreshable';
import { CardSkeletons, LoadError } from '../../../../components/ui/state-views';
import { useHelpArticles } from '../../../../features/help/api/help-api';
import { ContactCustomerService } from '../../../../features/help/components/contact-customer-service';
import '../../../../features/help/help-strings';
import '../../../../features/help/help.css';
import { useIsLoggedIn } from '../../../../features/identity/session';
import * as paths from '../../../../lib/paths';

/** my/help/feedbackIndex (and my/setting/help): articles by category, search, contact customer service. */
export default function HelpCentrePage() {
  const { t } = useTranslation('help');
  const isLoggedIn = useIsLoggedIn();
  const [query, setQuery] = useState('');
  // Typing stays responsive; the list follows the settled words.
  const settled = useDeferredValue(query.trim());
  const articles = useHelpArticles(settled);
  const groups = articles.data?.categories ?? [];
  const ordered = HELP_CATEGORIES.flatMap((category) =>
    groups.filter((group) => group.category === category),
  );

  return (
    <Page title={t('centre.title')} backTo={paths.my.href()} className="help-page">
      <search className="help-search">
        <SearchBar
          placeholder={t('centre.searchPlaceholder')}
          value={query}
          onChange={setQuery}
          aria-label={t('centre.searchLabel')}
        />
      </search>
      <Refreshable onRefresh={articles.refetch}>
        {articles.isPending ? (
          <CardSkeletons count={5} />
        ) : articles.isError ? (
          <LoadError error={articles.error} onRetry={articles.refetch} isRetrying={articles.isFetching} />
        ) : ordered.length === 0 ? (
          <EmptyState
            icon={<QuestionCircleOutline />}
            title={t('centre.empty')}
            description={t('centre.emptyHint')}
          />
        ) : (
          <>
            {settled && !articles.isPlaceholderData ? (
              <p className="help-group__title">{t('centre.results', { query: settled })}</p>
            ) : null}
            {ordered.map((group) => (
              <section key={group.category} aria-labelledby={`help-${group.category}`}>
                <h2 className="help-group__title" id={`help-${group.category}`}>
                  {t(`categories.${group.category}`)}
                </h2>
                <List>
                  {group.articles.map((article) => (
                    <List.Item key={article.id} arrowIcon>
                      <Link
                        className="stretched-action help-article-link"
                        to={paths.helpDetail.href(article.id)}
                      >
                        <span className="help-article-link__title">{article.title}</span>
                        <span className="help-article-link__excerpt">{article.excerpt}</span>
                      </Link>
                    </List.Item>
                  ))}
                </List>
              </section>
            ))}
          </>
        )}
      </Refreshable>
      <ContactCustomerService isLoggedIn={isLoggedIn} />
    </Page>
  );
}
