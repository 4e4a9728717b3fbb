import { LANGUAGE_NATIVE_NAMES } from '@sabai/shared/i18n';
import { Button, SpinLoading } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import { useReviewTranslation } from '../api/reviews-api';

/**
 * "Translate" under a review: asks the server on the first tap (cached there per language), shows
 * the text and the therapist's reply in the reader's language, and says so when it failed.
 */
export function ReviewTranslation({ reviewId }: { reviewId: number }) {
  const { t } = useTranslation('reviews');
  const { language } = useFormatting();
  const [isShown, setShown] = useState(false);
  const translation = useReviewTranslation(reviewId, language, isShown);

  if (!isShown) {
    return (
      <Button size="mini" fill="none" className="review-translate__toggle" onClick={() => setShown(true)}>
        {t('translate.action')}
      </Button>
    );
  }
  if (translation.isPending) {
    return (
      <p className="review-translate__status" role="status">
        <SpinLoading style={{ '--size': '14px' }} /> {t('translate.loading')}
      </p>
    );
  }
  if (translation.isError) {
    return (
      <p className="review-translate__status review-translate__status--failed" role="alert">
        {isApiError(translation.error) ? translation.error.message : t('translate.failed')}{' '}
        <Button size="mini" fill="outline" onClick={() => void translation.refetch()}>
          {t('translate.retry')}
        </Button>
      </p>
    );
  }
  const data = translation.data;
  const from = data.sourceLang ? LANGUAGE_NATIVE_NAMES[data.sourceLang] : null;
  return (
    <section className="review-translate" aria-label={t('translate.label')}>
      <p className="review-translate__from">
        {data.sourceLang === data.targetLang
          ? t('translate.same')
          : from
            ? t('translate.from', { language: from })
            : t('translate.label')}
      </p>
      {data.text ? <p className="review-translate__text">{data.text}</p> : null}
      {data.reply ? (
        <p className="review-translate__text">
          <strong>{t('evaluate.reply')}</strong> {data.reply}
        </p>
      ) : null}
      <Button size="mini" fill="none" className="review-translate__toggle" onClick={() => setShown(false)}>
        {t('translate.original')}
      </Button>
    </section>
  );
}
