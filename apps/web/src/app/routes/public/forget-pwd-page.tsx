import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/feedback';
import { Page } from '../../../components/ui/page';
import '../../../features/identity/identity.css';
import { resetPassword } from '../../../features/identity/api/identity-api';
import { AuthForm, FieldRow } from '../../../features/identity/components/auth-form';
import {
  DEFAULT_AREA_CODE,
  PhoneField,
  type PhoneValue,
} from '../../../features/identity/components/phone-field';
import { SmsCodeField } from '../../../features/identity/components/sms-code-field';
import { useSubmit } from '../../../features/identity/hooks/use-submit';
import { forgetSession } from '../../../features/identity/session';
import {
  codeProblem,
  firstProblem,
  passwordProblem,
  phoneProblem,
} from '../../../features/identity/validation';
import * as paths from '../../../lib/paths';

export default function ForgetPwdPage() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const [phone, setPhone] = useState<PhoneValue>({ areaCode: DEFAULT_AREA_CODE, phone: '' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const { isBusy, run } = useSubmit();

  const submit = () =>
    run(firstProblem(phoneProblem(phone), codeProblem(code), passwordProblem(password)), async () => {
      await resetPassword({ ...phone, code, password });
      // Every session ended on the server; this one too.
      forgetSession();
      showToast(t('forgot.success'));
      await navigate(paths.login.passwordHref(), { replace: true });
    });

  return (
    <Page title={t('forgot.title')} backTo={paths.login.href()} className="auth-page">
      <AuthForm subheading={t('forgot.subheading')} onSubmit={submit}>
        <FieldRow>
          <PhoneField value={phone} onChange={setPhone} />
        </FieldRow>
        <FieldRow>
          <SmsCodeField value={code} onChange={setCode} phone={phone} purpose="resetPassword" />
        </FieldRow>
        <FieldRow>
          <Input
            type="password"
            autoComplete="new-password"
            aria-label={t('password.newLabel')}
            placeholder={t('password.rule')}
            value={password}
            onChange={setPassword}
          />
        </FieldRow>
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          loading={isBusy}
          className="auth-form__submit"
        >
          {t('forgot.submit')}
        </Button>
      </AuthForm>
    </Page>
  );
}
