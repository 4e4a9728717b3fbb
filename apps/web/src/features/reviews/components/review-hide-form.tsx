import { Button, TextArea } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, showToast } from '../../../components/ui/feedback';
import { isApiError } from '../../../lib/api-client';
import { useHideReview } from '../api/reviews-api';

/** Customer service hides a review that breaks the rules: a reason, then a confirmation. */
export function ReviewHideForm({ reviewId }: { reviewId: number }) {
  const { t } = useTranslation('reviews');
  const hide = useHideReview();
  const [reason, setReason] = useState('');
  const [isChecked, setChecked] = useState(false);
  const fieldId = useId();
  const isMissing = reason.trim() === '';

  const send = async () => {
    setChecked(true);
    if (isMissing) return;
    if (!(await confirm(t('manage.hideConfirm'), t('manage.hide'), t('desk.back')))) return;
    hide.mutate({ id: reviewId, reason: reason.trim() }, { onSuccess: () => showToast(t('manage.hidden')) });
  };

  return (
    <div className="review-manage">
      <label className="care-form__label" htmlFor={fieldId}>
        {t('manage.hideReason')}
      </label>
      <TextArea
        id={fieldId}
        value={reason}
        onChange={setReason}
        rows={2}
        maxLength={300}
        placeholder={t('manage.hidePlaceholder')}
      />
      {isChecked && isMissing ? (
        <p className="care-form__error" role="alert">
          {t('manage.hideReasonNeeded')}
        </p>
      ) : null}
      {hide.error ? (
        <p className="care-form__error" role="alert">
          {isApiError(hide.error) ? hide.error.message : String(hide.error)}
        </p>
      ) : null}
      <Button color="danger" fill="outline" loading={hide.isPending} onClick={() => void send()}>
        {t('manage.hide')}
      </Button>
    </div>
  );
}
