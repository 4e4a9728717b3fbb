import {
  MAX_REVIEW_PHOTOS,
  MAX_REVIEW_TAGS,
  REVIEW_TAGS,
  type ReviewTag,
} from '@sabai/shared/reviews/review-rules';
import { Button, Checkbox, type ImageUploadItem, Selector, TextArea } from 'antd-mobile';
import { StarFill } from 'antd-mobile-icons';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import type { MyReview } from '../api/reviews-api';
import { ImagePicker, keysOf } from './image-picker';

export interface ReviewFormValues {
  rating: number;
  tags: ReviewTag[];
  text: string;
  photoKeys: string[];
  isAnonymous: boolean;
  includesTherapist: boolean;
}

/**
 * The evaluate form: stars, 1–3 tags from the localised list, optional text, up to 6 photos and
 * anonymity. The same rules as the server (a zero rating, no tag or a fourth tag are refused here
 * first); the server's message shows in place when it refuses anyway.
 */
export function ReviewForm({
  initial,
  canIncludeTherapist,
  isSubmitting,
  error,
  onSubmit,
}: {
  initial: MyReview | null;
  canIncludeTherapist: boolean;
  isSubmitting: boolean;
  error: unknown;
  onSubmit: (values: ReviewFormValues) => void;
}) {
  const { t } = useTranslation('reviews');
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [tags, setTags] = useState<ReviewTag[]>((initial?.tags ?? []) as ReviewTag[]);
  const [text, setText] = useState(initial?.text ?? '');
  const [photos, setPhotos] = useState<ImageUploadItem[]>(
    initial?.photos.map((photo) => ({ key: photo.key, url: photo.url })) ?? [],
  );
  const [isAnonymous, setAnonymous] = useState(initial?.isAnonymous ?? false);
  const [includesTherapist, setIncludesTherapist] = useState(initial ? initial.therapistId !== null : true);
  const [isChecked, setChecked] = useState(false);
  const ratingError = isChecked && rating < 1 ? t('evaluate.ratingNeeded') : null;
  const tagsError =
    isChecked && (tags.length < 1 || tags.length > MAX_REVIEW_TAGS) ? t('evaluate.tagsNeeded') : null;
  const textId = useId();
  const tagsId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (rating < 1 || tags.length < 1 || tags.length > MAX_REVIEW_TAGS) return;
    onSubmit({ rating, tags, text, photoKeys: keysOf(photos), isAnonymous, includesTherapist });
  };

  return (
    <form className="care-form" onSubmit={submit} noValidate>
      <fieldset className="care-form__row">
        <legend className="care-form__label">{t('evaluate.ratingLabel')}</legend>
        <div className="care-form__stars">
          {[1, 2, 3, 4, 5].map((star) => (
            <button
              key={star}
              type="button"
              className={`care-star${star <= rating ? ' care-star--on' : ''}`}
              aria-pressed={star === rating}
              aria-label={t('evaluate.stars', { count: star })}
              onClick={() => setRating(star)}
            >
              <StarFill aria-hidden="true" />
            </button>
          ))}
          <span className="care-form__hint" aria-live="polite">
            {rating > 0 ? t('evaluate.stars', { count: rating }) : ''}
          </span>
        </div>
        {ratingError ? (
          <p className="care-form__error" role="alert">
            {ratingError}
          </p>
        ) : null}
      </fieldset>
      <div className="care-form__row">
        <span className="care-form__label" id={tagsId}>
          {t('evaluate.tagsLabel')}
        </span>
        <Selector
          aria-labelledby={tagsId}
          multiple
          value={tags}
          onChange={(next) => setTags(next.slice(0, MAX_REVIEW_TAGS) as ReviewTag[])}
          options={REVIEW_TAGS.map((tag) => ({
            label: t(`tags.${tag}`),
            value: tag,
            disabled: tags.length >= MAX_REVIEW_TAGS && !tags.includes(tag),
          }))}
        />
        {tagsError ? (
          <p className="care-form__error" role="alert">
            {tagsError}
          </p>
        ) : null}
      </div>
      <div className="care-form__row">
        <label className="care-form__label" htmlFor={textId}>
          {t('evaluate.textLabel')}
        </label>
        <TextArea
          id={textId}
          value={text}
          onChange={setText}
          placeholder={t('evaluate.textPlaceholder')}
          maxLength={500}
          showCount
          rows={3}
        />
      </div>
      <ImagePicker
        label={t('evaluate.photosLabel')}
        value={photos}
        onChange={setPhotos}
        maxCount={MAX_REVIEW_PHOTOS}
      />
      {canIncludeTherapist ? (
        <Checkbox checked={includesTherapist} onChange={setIncludesTherapist} disabled={initial !== null}>
          {t('evaluate.includesTherapist')}
        </Checkbox>
      ) : null}
      <Checkbox checked={isAnonymous} onChange={setAnonymous}>
        {t('evaluate.anonymous')}
      </Checkbox>
      {error ? (
        <p className="care-form__error" role="alert">
          {isApiError(error) ? error.message : String(error)}
        </p>
      ) : null}
      <Button block color="primary" type="submit" loading={isSubmitting}>
        {initial ? t('evaluate.save') : t('evaluate.submit')}
      </Button>
    </form>
  );
}
