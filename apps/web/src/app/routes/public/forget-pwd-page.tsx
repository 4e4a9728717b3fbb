import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SubmitButton, useZodForm } from '../../../components/form/form';
import { PasswordField } from '../../../components/form/text-field';
import { showToast } from '../../../components/ui/feedback';
import { Page } from '../../../components/ui/page';
import '../../../features/identity/identity.css';
import { resetPassword } from '../../../features/identity/api/identity-api';
import { AuthForm, FieldRow } from '../../../features/identity/components/auth-form';
import { DEFAULT_AREA_CODE, PhoneField } from '../../../features/identity/components/phone-field';
import { SmsCodeField } from '../../../features/identity/components/sms-code-field';
import { forgetSession } from '../../../features/identity/session';
import { resetPasswordForm } from '../../../features/identity/validation';
import * as paths from '../../../lib/paths';

export default function ForgetPwdPage() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const form = useZodForm(resetPasswordForm, {
    areaCode: DEFAULT_AREA_CODE,
    phone: '',
    code: '',
    password: '',
  });

  return (
    <Page title={t('forgot.title')} backTo={paths.login.href()} className="auth-page">
      <AuthForm
        subheading={t('forgot.subheading')}
        form={form}
        onSubmit={async (values) => {
          await resetPassword(values);
          // Every session ended on the server; this one too.
          forgetSession();
          showToast(t('forgot.success'));
          await navigate(paths.login.passwordHref(), { replace: true });
        }}
      >
        <FieldRow>
          <PhoneField />
        </FieldRow>
        <FieldRow>
          <SmsCodeField purpose="resetPassword" />
        </FieldRow>
        <FieldRow>
          <PasswordField
            name="password"
            isNew
            label={t('password.newLabel')}
            placeholder={t('password.rule')}
          />
        </FieldRow>
        <SubmitButton className="auth-form__submit">{t('forgot.submit')}</SubmitButton>
      </AuthForm>
    </Page>
  );
}
