import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { SubmitButton, useZodForm } from '../../../components/form/form';
import { PasswordField, TextField } from '../../../components/form/text-field';
import { Page } from '../../../components/ui/page';
import '../../../features/identity/identity.css';
import { registerAccount } from '../../../features/identity/api/identity-api';
import { AgreementCheck } from '../../../features/identity/components/agreement-check';
import { AuthForm, FieldRow } from '../../../features/identity/components/auth-form';
import { DEFAULT_AREA_CODE, PhoneField } from '../../../features/identity/components/phone-field';
import { SmsCodeField } from '../../../features/identity/components/sms-code-field';
import { useLoginSuccess } from '../../../features/identity/hooks/use-login-success';
import { registerForm } from '../../../features/identity/validation';
import * as paths from '../../../lib/paths';
import { readStored, STORAGE_KEYS } from '../../../lib/storage';

export default function RegisterPage() {
  const { t } = useTranslation('identity');
  const { search } = useLocation();
  const [params] = useSearchParams();
  const form = useZodForm(registerForm, {
    areaCode: DEFAULT_AREA_CODE,
    phone: '',
    code: '',
    password: '',
    invitationCode: params.get('invitationCode') ?? readStored<string>(STORAGE_KEYS.invitationCode) ?? '',
    agreed: false,
  });
  const onRegistered = useLoginSuccess();

  return (
    <Page title={t('register.title')} backTo={paths.login.href()} className="auth-page">
      <AuthForm
        heading={t('register.heading')}
        subheading={t('register.subheading')}
        form={form}
        onSubmit={async ({ agreed, invitationCode, ...values }) => {
          const session = await registerAccount({
            ...values,
            agreeTerms: agreed,
            ...(invitationCode ? { invitationCode } : {}),
          });
          await onRegistered(session, t('register.success'));
        }}
      >
        <FieldRow>
          <PhoneField />
        </FieldRow>
        <FieldRow>
          <SmsCodeField purpose="register" />
        </FieldRow>
        <FieldRow>
          <PasswordField
            name="password"
            isNew
            label={t('password.newLabel')}
            placeholder={t('password.rule')}
          />
        </FieldRow>
        <FieldRow>
          <TextField
            name="invitationCode"
            label={t('register.invitationLabel')}
            placeholder={t('register.invitationPlaceholder')}
          />
        </FieldRow>
        <AgreementCheck />
        <SubmitButton className="auth-form__submit">{t('register.submit')}</SubmitButton>
        <div className="auth-form__links">
          <Link to={paths.login.href({ search })}>{t('register.haveAccount')}</Link>
        </div>
      </AuthForm>
    </Page>
  );
}
