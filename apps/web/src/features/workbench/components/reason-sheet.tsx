import { Button, Popup, TextArea } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks the provider why (an off-site check-in, an early end) before the step is sent with it. */
export function ReasonSheet({
  title,
  intro,
  isBusy,
  onSubmit,
  onCancel,
}: {
  title: string;
  intro: string;
  isBusy: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('workbench');
  const titleId = useId();
  const fieldId = useId();
  const [reason, setReason] = useState('');
  const [isMissing, setMissing] = useState(false);
  const submit = () => {
    const text = reason.trim();
    if (!text) return setMissing(true);
    onSubmit(text);
  };
  return (
    <Popup visible onMaskClick={onCancel} bodyClassName="reason-sheet">
      <section role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        <p>{intro}</p>
        <label htmlFor={fieldId} className="reason-sheet__label">
          {t('reason.label')}
        </label>
        <TextArea
          id={fieldId}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setMissing(false);
          }}
          maxLength={300}
          rows={3}
          showCount
        />
        {isMissing ? (
          <p className="reason-sheet__error" role="alert">
            {t('reason.required')}
          </p>
        ) : null}
        <div className="reason-sheet__actions">
          <Button block color="primary" loading={isBusy} onClick={submit}>
            {t('actions.send')}
          </Button>
          <Button block fill="none" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
        </div>
      </section>
    </Popup>
  );
}
