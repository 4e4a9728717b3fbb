import { ERROR_CODES } from '@sabai/shared/error-codes';
import { Tag } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Page } from '../../../../components/ui/page';
import { PageLoading } from '../../../../components/ui/page-loading';
import { LoadError } from '../../../../components/ui/state-views';
import { useHelpArticle } from '../../../../features/help/api/help-api';
import { ContactCustomerService } from '../../../../features/help/components/contact-customer-service';
import { RichText } from '../../../../features/help/components/rich-text';
import '../../../../features/help/help-strings';
import '../../../../features/help/help.css';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { isApiError } from '../../../../lib/api-error';
import * as paths from '../../../../lib/paths';

/** my/help/helpDetail?id=: one article, then "still need help?" and the support chat. */
export default function HelpDetailPage() {
  const { t, i18n } = useTranslation('help');
  const isLoggedIn = useIsLoggedIn();
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const article = useHelpArticle(id);
  const isMissing =
    id === undefined ||
    (article.isError &&
      isApiError(article.error) &&
      article.error.code === ERROR_CODES.helpArticleNotFound.code);

  return (
    <Page
      title={article.data?.title ?? t('detail.title')}
      backTo={paths.helpCentre.href()}
      className="help-page"
    >
      {isMissing ? (
        <>
          <EmptyState icon={<QuestionCircleOutline />} title={t('detail.notFound')} />
          <p className="help-article__more">
            <Link to={paths.helpCentre.href()}>{t('detail.allArticles')}</Link>
          </p>
        </>
      ) : article.isPending ? (
        <PageLoading />
      ) : article.isError ? (
        <LoadError error={article.error} onRetry={article.refetch} isRetrying={article.isFetching} />
      ) : (
        <article className="help-article" lang={article.data.language}>
          <Tag color="primary" fill="outline">
            {t(`categories.${article.data.category}`)}
          </Tag>
          <h2>{article.data.title}</h2>
          {article.data.language !== i18n.language ? (
            <p className="help-article__note">{t('detail.englishOnly')}</p>
          ) : null}
          <RichText text={article.data.body} />
        </article>
      )}
      <p className="help-article__more">{t('detail.stillNeedHelp')}</p>
      <ContactCustomerService isLoggedIn={isLoggedIn} />
    </Page>
  );
}
