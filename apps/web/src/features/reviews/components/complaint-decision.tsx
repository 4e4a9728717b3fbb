import { Button, TextArea } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, showToast } from '../../../components/ui/feedback';
import { isApiError } from '../../../lib/api-client';
import { type Complaint, useDecideComplaint } from '../api/reviews-api';

/** Customer service's answer to a pending complaint: a reply, then handled or rejected (confirmed). */
export function ComplaintDecision({ complaint }: { complaint: Complaint }) {
  const { t } = useTranslation('reviews');
  const decide = useDecideComplaint();
  const [reply, setReply] = useState('');
  const [isChecked, setChecked] = useState(false);
  const replyId = useId();
  const isReplyMissing = reply.trim() === '';

  const send = async (status: 'handled' | 'rejected') => {
    setChecked(true);
    if (isReplyMissing) return;
    const isSure = await confirm(t(`desk.confirm.${status}`), t(`desk.${status}`), t('desk.back'));
    if (!isSure) return;
    decide.mutate(
      { id: complaint.id, status, reply: reply.trim() },
      { onSuccess: () => showToast(t('desk.done')) },
    );
  };

  return (
    <div className="complaint-decision">
      <label className="care-form__label" htmlFor={replyId}>
        {t('desk.replyLabel')}
      </label>
      <TextArea id={replyId} value={reply} onChange={setReply} rows={2} maxLength={1000} />
      {isChecked && isReplyMissing ? (
        <p className="care-form__error" role="alert">
          {t('desk.replyNeeded')}
        </p>
      ) : null}
      {decide.error ? (
        <p className="care-form__error" role="alert">
          {isApiError(decide.error) ? decide.error.message : String(decide.error)}
        </p>
      ) : null}
      <div className="complaint-decision__buttons">
        <Button color="primary" loading={decide.isPending} onClick={() => send('handled')}>
          {t('desk.handled')}
        </Button>
        <Button color="danger" fill="outline" loading={decide.isPending} onClick={() => send('rejected')}>
          {t('desk.rejected')}
        </Button>
      </div>
    </div>
  );
}
