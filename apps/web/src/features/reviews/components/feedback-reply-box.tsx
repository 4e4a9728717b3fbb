import { MAX_FEEDBACK_REPLY } from '@sabai/shared/feedback/feedback-rules';
import { Button, TextArea } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/feedback';
import { isApiError } from '../../../lib/api-client';

/** A reply under a feedback, for the customer or customer service; cleared once sent. */
export function FeedbackReplyBox({
  label,
  placeholder,
  submitLabel,
  doneMessage,
  isSending,
  error,
  onSend,
}: {
  label: string;
  placeholder?: string;
  submitLabel: string;
  doneMessage: string;
  isSending: boolean;
  error: unknown;
  onSend: (text: string, done: () => void) => void;
}) {
  const { t } = useTranslation('feedback');
  const [text, setText] = useState('');
  const [isChecked, setChecked] = useState(false);
  const id = useId();
  const isMissing = text.trim() === '';
  return (
    <form
      className="feedback-reply-box"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
        if (isMissing) return;
        onSend(text.trim(), () => {
          setText('');
          setChecked(false);
          showToast(doneMessage);
        });
      }}
    >
      <label className="care-form__label" htmlFor={id}>
        {label}
      </label>
      <TextArea
        id={id}
        value={text}
        onChange={setText}
        placeholder={placeholder}
        rows={2}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={MAX_FEEDBACK_REPLY}
      />
      {isChecked && isMissing ? (
        <p className="care-form__error" role="alert">
          {t('details.replyNeeded')}
        </p>
      ) : null}
      {error ? (
        <p className="care-form__error" role="alert">
          {isApiError(error) ? error.message : String(error)}
        </p>
      ) : null}
      <Button color="primary" type="submit" loading={isSending}>
        {submitLabel}
      </Button>
    </form>
  );
}
