import type { Review } from '@sabai/shared/catalog/catalog.schemas';
import { Rate } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplay } from '../hooks/use-display';

/** `extra` renders under each review what the page composes in (the reviews feature's "Translate"). */
export function ReviewList({ reviews, extra }: { reviews: Review[]; extra?: (review: Review) => ReactNode }) {
  const { t } = useTranslation(['discovery', 'reviews']);
  const display = useDisplay();
  if (reviews.length === 0) return <p className="detail__muted disc-pad">{t('therapist.noReviews')}</p>;
  return (
    <ul className="review-list">
      {reviews.map((review) => (
        <li key={review.id} className="review">
          <div className="review__head">
            <span className="review__author">{review.authorName}</span>
            <Rate readOnly value={review.rating} className="review__stars" />
            <time className="detail__muted" dateTime={review.createdAt}>
              {display.ago(review.createdAt)}
            </time>
          </div>
          {review.tags.length ? (
            <ul className="review__tags">
              {review.tags.map((tag) => (
                <li key={tag}>{t(`reviews:tags.${tag}`, { defaultValue: '' })}</li>
              ))}
            </ul>
          ) : null}
          {review.text ? <p className="detail__text">{review.text}</p> : null}
          {review.photos.length ? (
            <ul className="review__photos">
              {review.photos.map((url, index) => (
                <li key={url}>
                  <img
                    className="review__photo"
                    src={url}
                    alt={t('reviews:evaluate.photoAlt', { n: index + 1 })}
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          ) : null}
          {review.reply ? (
            <p className="review__reply">
              <strong>{t('reviews:evaluate.reply')}</strong> {review.reply}
            </p>
          ) : null}
          {extra?.(review)}
        </li>
      ))}
    </ul>
  );
}
