import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { SubmitButton, useZodForm } from '../../../components/form/form';
import { PasswordField } from '../../../components/form/text-field';
import { Page } from '../../../components/ui/page';
import '../../../features/identity/identity.css';
import { loginByPassword, loginBySms } from '../../../features/identity/api/identity-api';
import { AgreementCheck } from '../../../features/identity/components/agreement-check';
import { AuthForm, FieldRow } from '../../../features/identity/components/auth-form';
import { DEFAULT_AREA_CODE, PhoneField } from '../../../features/identity/components/phone-field';
import { SmsCodeField } from '../../../features/identity/components/sms-code-field';
import { useAccountGuard } from '../../../features/identity/hooks/use-account-guard';
import { useLoginSuccess } from '../../../features/identity/hooks/use-login-success';
import { passwordLoginForm, smsLoginForm } from '../../../features/identity/validation';
import * as paths from '../../../lib/paths';

type Mode = 'sms' | 'password';

/** public/login, with public/loginmsg (SMS code) and public/loginphone (password) opening a tab. */
export default function LoginPage() {
  const { t } = useTranslation('identity');
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const initial: Mode =
    pathname.endsWith(paths.login.passwordPath) || params.get('tab') === 'password' ? 'password' : 'sms';
  const [mode, setMode] = useState<Mode>(initial);
  const form = useZodForm(mode === 'sms' ? smsLoginForm : passwordLoginForm, {
    areaCode: DEFAULT_AREA_CODE,
    phone: '',
    code: '',
    password: '',
    agreed: false,
  });
  const onLoggedIn = useLoginSuccess();
  const guard = useAccountGuard();

  // The schema of the tab shown validates; its output names the way in.
  const submit = async (values: z.output<typeof smsLoginForm> | z.output<typeof passwordLoginForm>) => {
    const { areaCode, phone } = values;
    const session =
      'code' in values
        ? await loginBySms({ areaCode, phone, code: values.code })
        : await loginByPassword({ areaCode, phone, password: values.password });
    await onLoggedIn(session);
  };

  return (
    <Page title={t('login.title')} backTo={paths.my.href()} className="auth-page">
      <Tabs activeKey={mode} onChange={(key) => setMode(key as Mode)} className="auth-tabs">
        <Tabs.Tab title={t('login.bySms')} key="sms" />
        <Tabs.Tab title={t('login.byPassword')} key="password" />
      </Tabs>
      <AuthForm
        heading={t('login.heading')}
        subheading={t('login.subheading')}
        form={form}
        onSubmit={submit}
        onError={async (error) => !(await guard({ error }))}
      >
        <FieldRow>
          <PhoneField />
        </FieldRow>
        <FieldRow>
          {mode === 'sms' ? (
            <SmsCodeField purpose="login" />
          ) : (
            <PasswordField
              name="password"
              label={t('password.label')}
              placeholder={t('password.placeholder')}
            />
          )}
        </FieldRow>
        <AgreementCheck />
        <SubmitButton className="auth-form__submit">{t('login.submit')}</SubmitButton>
        <div className="auth-form__links">
          <Link to={paths.register.href({ search })}>{t('register.link')}</Link>
          <Link to={paths.forgotPassword.href()}>{t('forgot.link')}</Link>
        </div>
      </AuthForm>
    </Page>
  );
}
