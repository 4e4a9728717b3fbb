import '../identity-strings';
import { SMS_RESEND_SECONDS } from '@sabai/shared/identity/identity.rules';
import type { SmsPurpose } from '@sabai/shared/identity/identity.schemas';
import { Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/feedback';
import { sendSmsCode } from '../api/identity-api';

/**
 * The form's `name` field (`code` by default): the 6-digit input and its "Send code" button, which
 * sends to the form's `areaCode` + `phone`, or to a fixed `phone` (the account's current one, for
 * re-authentication), and counts down 60 s before a resend.
 */
export function SmsCodeField({
  purpose,
  name = 'code',
  phone: fixedPhone,
}: {
  purpose: SmsPurpose;
  name?: string;
  phone?: { areaCode: string; phone: string };
}) {
  const { t } = useTranslation('identity');
  const { field } = useController({ name });
  const watched = useWatch({ name: ['areaCode', 'phone'] }) as [string, string];
  const [areaCode, phone] = fixedPhone ? [fixedPhone.areaCode, fixedPhone.phone] : watched;
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [isSending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    if (!phone?.trim()) {
      showToast(t('phone.required'));
      return;
    }
    setSending(true);
    try {
      const result = await sendSmsCode({ areaCode, phone, purpose });
      setSecondsLeft(result.resendAfterSeconds || SMS_RESEND_SECONDS);
      showToast(t('code.sent'));
    } catch (error) {
      showToast((error as Error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="sms-code-field">
      <Input
        ref={field.ref}
        className="sms-code-field__input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        aria-label={t('code.label')}
        placeholder={t('code.placeholder')}
        value={field.value ?? ''}
        onChange={(next) => field.onChange(next.replace(/\D/g, ''))}
        onBlur={field.onBlur}
      />
      <button
        type="button"
        className="sms-code-field__send"
        onClick={send}
        disabled={secondsLeft > 0 || isSending}
      >
        {secondsLeft > 0 ? t('code.resendIn', { seconds: secondsLeft }) : t('code.send')}
      </button>
    </div>
  );
}
