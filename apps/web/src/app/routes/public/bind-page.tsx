import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SubmitButton, useZodForm } from '../../../components/form/form';
import { showToast } from '../../../components/ui/feedback';
import { Page } from '../../../components/ui/page';
import '../../../features/identity/identity.css';
import { bindPhone } from '../../../features/identity/api/identity-api';
import { AuthForm, FieldRow } from '../../../features/identity/components/auth-form';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { DEFAULT_AREA_CODE, PhoneField } from '../../../features/identity/components/phone-field';
import { SmsCodeField } from '../../../features/identity/components/sms-code-field';
import { saveUser, useIsLoggedIn } from '../../../features/identity/session';
import { phoneWithCodeForm } from '../../../features/identity/validation';
import * as paths from '../../../lib/paths';

/** public/bind: give an account without a phone number one (checked with a code). */
export default function BindPage() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const isLoggedIn = useIsLoggedIn();
  const form = useZodForm(phoneWithCodeForm, { areaCode: DEFAULT_AREA_CODE, phone: '', code: '' });

  return (
    <Page title={t('bind.title')} backTo={paths.my.href()} className="auth-page">
      {isLoggedIn ? (
        <AuthForm
          subheading={t('bind.subheading')}
          form={form}
          onSubmit={async (values) => {
            saveUser(await bindPhone(values));
            showToast(t('bind.success'));
            await navigate(paths.my.href(), { replace: true });
          }}
        >
          <FieldRow>
            <PhoneField />
          </FieldRow>
          <FieldRow>
            <SmsCodeField purpose="bindPhone" />
          </FieldRow>
          <SubmitButton className="auth-form__submit">{t('bind.submit')}</SubmitButton>
        </AuthForm>
      ) : (
        <LoginRequired />
      )}
    </Page>
  );
}
