import type { Review } from '@sabai/shared/catalog/catalog.schemas';
import { Rate } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useDisplay } from '../hooks/use-display';

export function ReviewList({ reviews }: { reviews: Review[] }) {
  const { t } = useTranslation('discovery');
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
          <p className="detail__text">{review.text}</p>
        </li>
      ))}
    </ul>
  );
}
