import { Button, Input, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import '../../../features/identity/identity.css';
import { loginByPassword, loginBySms } from '../../../features/identity/api/identity-api';
import { AgreementCheck } from '../../../features/identity/components/agreement-check';
import { AuthForm, FieldRow } from '../../../features/identity/components/auth-form';
import {
  DEFAULT_AREA_CODE,
  PhoneField,
  type PhoneValue,
} from '../../../features/identity/components/phone-field';
import { SmsCodeField } from '../../../features/identity/components/sms-code-field';
import { useAccountGuard } from '../../../features/identity/hooks/use-account-guard';
import { useLoginSuccess } from '../../../features/identity/hooks/use-login-success';
import { useSubmit } from '../../../features/identity/hooks/use-submit';
import { codeProblem, firstProblem, phoneProblem } from '../../../features/identity/validation';
import * as paths from '../../../lib/paths';

type Mode = 'sms' | 'password';

/** public/login, with public/loginmsg (SMS code) and public/loginphone (password) opening a tab. */
export default function LoginPage() {
  const { t } = useTranslation('identity');
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const initial: Mode =
    pathname.endsWith('loginphone') || params.get('tab') === 'password' ? 'password' : 'sms';
  const [mode, setMode] = useState<Mode>(initial);
  const [phone, setPhone] = useState<PhoneValue>({ areaCode: DEFAULT_AREA_CODE, phone: '' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [hasAgreed, setAgreed] = useState(false);
  const onLoggedIn = useLoginSuccess();
  const guard = useAccountGuard();
  const { isBusy, run } = useSubmit();

  const submit = () =>
    run(
      firstProblem(
        phoneProblem(phone),
        mode === 'sms' ? codeProblem(code) : password ? null : 'password.required',
        hasAgreed ? null : 'agreement.required',
      ),
      async () => {
        const session =
          mode === 'sms'
            ? await loginBySms({ ...phone, code })
            : await loginByPassword({ ...phone, password });
        await onLoggedIn(session);
      },
      async (error) => !(await guard({ error })),
    );

  return (
    <Page title={t('login.title')} backTo={paths.my.href()} className="auth-page">
      <Tabs activeKey={mode} onChange={(key) => setMode(key as Mode)} className="auth-tabs">
        <Tabs.Tab title={t('login.bySms')} key="sms" />
        <Tabs.Tab title={t('login.byPassword')} key="password" />
      </Tabs>
      <AuthForm heading={t('login.heading')} subheading={t('login.subheading')} onSubmit={submit}>
        <FieldRow>
          <PhoneField value={phone} onChange={setPhone} />
        </FieldRow>
        {mode === 'sms' ? (
          <FieldRow>
            <SmsCodeField value={code} onChange={setCode} phone={phone} purpose="login" />
          </FieldRow>
        ) : (
          <FieldRow>
            <Input
              type="password"
              autoComplete="current-password"
              aria-label={t('password.label')}
              placeholder={t('password.placeholder')}
              value={password}
              onChange={setPassword}
            />
          </FieldRow>
        )}
        <AgreementCheck checked={hasAgreed} onChange={setAgreed} />
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          loading={isBusy}
          className="auth-form__submit"
        >
          {t('login.submit')}
        </Button>
        <div className="auth-form__links">
          <Link to={paths.register.href({ search })}>{t('register.link')}</Link>
          <Link to={paths.forgotPassword.href()}>{t('forgot.link')}</Link>
        </div>
      </AuthForm>
    </Page>
  );
}
