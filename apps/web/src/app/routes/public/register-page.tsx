import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import '../../../features/identity/identity.css';
import { registerAccount } from '../../../features/identity/api/identity-api';
import { AgreementCheck } from '../../../features/identity/components/agreement-check';
import { AuthForm, FieldRow } from '../../../features/identity/components/auth-form';
import {
  DEFAULT_AREA_CODE,
  PhoneField,
  type PhoneValue,
} from '../../../features/identity/components/phone-field';
import { SmsCodeField } from '../../../features/identity/components/sms-code-field';
import { useLoginSuccess } from '../../../features/identity/hooks/use-login-success';
import { useSubmit } from '../../../features/identity/hooks/use-submit';
import {
  codeProblem,
  firstProblem,
  passwordProblem,
  phoneProblem,
} from '../../../features/identity/validation';
import * as paths from '../../../lib/paths';
import { readStored, STORAGE_KEYS } from '../../../lib/storage';

export default function RegisterPage() {
  const { t } = useTranslation('identity');
  const { search } = useLocation();
  const [params] = useSearchParams();
  const [phone, setPhone] = useState<PhoneValue>({ areaCode: DEFAULT_AREA_CODE, phone: '' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [invitationCode, setInvitationCode] = useState(
    () => params.get('invitationCode') ?? readStored<string>(STORAGE_KEYS.invitationCode) ?? '',
  );
  const [hasAgreed, setAgreed] = useState(false);
  const onRegistered = useLoginSuccess();
  const { isBusy, run } = useSubmit();

  const submit = () =>
    run(
      firstProblem(
        phoneProblem(phone),
        codeProblem(code),
        passwordProblem(password),
        hasAgreed ? null : 'agreement.required',
      ),
      async () => {
        const session = await registerAccount({
          ...phone,
          code,
          password,
          agreeTerms: hasAgreed,
          ...(invitationCode.trim() ? { invitationCode: invitationCode.trim() } : {}),
        });
        await onRegistered(session, t('register.success'));
      },
    );

  return (
    <Page title={t('register.title')} backTo={paths.login.href()} className="auth-page">
      <AuthForm heading={t('register.heading')} subheading={t('register.subheading')} onSubmit={submit}>
        <FieldRow>
          <PhoneField value={phone} onChange={setPhone} />
        </FieldRow>
        <FieldRow>
          <SmsCodeField value={code} onChange={setCode} phone={phone} purpose="register" />
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
        <FieldRow>
          <Input
            aria-label={t('register.invitationLabel')}
            placeholder={t('register.invitationPlaceholder')}
            value={invitationCode}
            onChange={setInvitationCode}
          />
        </FieldRow>
        <AgreementCheck checked={hasAgreed} onChange={setAgreed} />
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          loading={isBusy}
          className="auth-form__submit"
        >
          {t('register.submit')}
        </Button>
        <div className="auth-form__links">
          <Link to={paths.login.href({ search })}>{t('register.haveAccount')}</Link>
        </div>
      </AuthForm>
    </Page>
  );
}
