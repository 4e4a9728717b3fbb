import { MAX_REVIEW_TEXT } from '@sabai/shared/reviews/review-rules';
import { Button, TextArea } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, showToast } from '../../../components/ui/feedback';
import { isApiError } from '../../../lib/api-client';
import { useReplyToReview } from '../api/reviews-api';

/** The therapist's one reply to a review about them: confirmed first, since it cannot be changed. */
export function ReviewReplyForm({ reviewId }: { reviewId: number }) {
  const { t } = useTranslation('reviews');
  const replyTo = useReplyToReview();
  const [text, setText] = useState('');
  const [isChecked, setChecked] = useState(false);
  const fieldId = useId();
  const isMissing = text.trim() === '';

  const send = async () => {
    setChecked(true);
    if (isMissing) return;
    if (!(await confirm(t('manage.replyConfirm'), t('manage.replySend'), t('desk.back')))) return;
    replyTo.mutate({ id: reviewId, text: text.trim() }, { onSuccess: () => showToast(t('manage.replied')) });
  };

  return (
    <div className="review-manage">
      <label className="care-form__label" htmlFor={fieldId}>
        {t('manage.replyLabel')}
      </label>
      <TextArea
        id={fieldId}
        value={text}
        onChange={setText}
        rows={2}
        maxLength={MAX_REVIEW_TEXT}
        placeholder={t('manage.replyPlaceholder')}
      />
      {isChecked && isMissing ? (
        <p className="care-form__error" role="alert">
          {t('manage.replyNeeded')}
        </p>
      ) : null}
      {replyTo.error ? (
        <p className="care-form__error" role="alert">
          {isApiError(replyTo.error) ? replyTo.error.message : String(replyTo.error)}
        </p>
      ) : null}
      <Button color="primary" loading={replyTo.isPending} onClick={() => void send()}>
        {t('manage.replySend')}
      </Button>
    </div>
  );
}
