import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/feedback';
import { Page } from '../../../components/ui/page';
import '../../../features/identity/identity.css';
import { bindPhone } from '../../../features/identity/api/identity-api';
import { AuthForm, FieldRow } from '../../../features/identity/components/auth-form';
import { LoginRequired } from '../../../features/identity/components/login-required';
import {
  DEFAULT_AREA_CODE,
  PhoneField,
  type PhoneValue,
} from '../../../features/identity/components/phone-field';
import { SmsCodeField } from '../../../features/identity/components/sms-code-field';
import { useSubmit } from '../../../features/identity/hooks/use-submit';
import { saveUser, useIsLoggedIn } from '../../../features/identity/session';
import { codeProblem, firstProblem, phoneProblem } from '../../../features/identity/validation';
import * as paths from '../../../lib/paths';

/** public/bind: give an account without a phone number one (checked with a code). */
export default function BindPage() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const isLoggedIn = useIsLoggedIn();
  const [phone, setPhone] = useState<PhoneValue>({ areaCode: DEFAULT_AREA_CODE, phone: '' });
  const [code, setCode] = useState('');
  const { isBusy, run } = useSubmit();

  const submit = () =>
    run(firstProblem(phoneProblem(phone), codeProblem(code)), async () => {
      saveUser(await bindPhone({ ...phone, code }));
      showToast(t('bind.success'));
      await navigate(paths.my.href(), { replace: true });
    });

  return (
    <Page title={t('bind.title')} backTo={paths.my.href()} className="auth-page">
      {isLoggedIn ? (
        <AuthForm subheading={t('bind.subheading')} onSubmit={submit}>
          <FieldRow>
            <PhoneField value={phone} onChange={setPhone} />
          </FieldRow>
          <FieldRow>
            <SmsCodeField value={code} onChange={setCode} phone={phone} purpose="bindPhone" />
          </FieldRow>
          <Button
            block
            color="primary"
            size="large"
            type="submit"
            loading={isBusy}
            className="auth-form__submit"
          >
            {t('bind.submit')}
          </Button>
        </AuthForm>
      ) : (
        <LoginRequired />
      )}
    </Page>
  );
}
