import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SubmitButton, useZodForm } from '../../../components/form/form';
import { PasswordField } from '../../../components/form/text-field';
import { showToast } from '../../../components/ui/feedback';
import { Page } from '../../../components/ui/page';
import '../../../features/identity/identity.css';
import { changePassword } from '../../../features/identity/api/identity-api';
import { AuthForm, FieldRow } from '../../../features/identity/components/auth-form';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { ReauthField, reauthProof, reauthValue } from '../../../features/identity/components/reauth-field';
import { useCurrentUser } from '../../../features/identity/hooks/use-identity';
import { useIsLoggedIn } from '../../../features/identity/session';
import { changePasswordForm } from '../../../features/identity/validation';
import * as paths from '../../../lib/paths';

/**
 * public/pwd: change the password. The current one is asked for once one exists; a first password
 * needs a login code to the phone instead (decision 013).
 */
export default function PwdPage() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const isLoggedIn = useIsLoggedIn();
  const user = useCurrentUser();
  const needsOld = user.data?.hasPassword !== false;
  const form = useZodForm(changePasswordForm(needsOld ? null : reauthValue(user.data)), {
    oldPassword: '',
    proof: '',
    newPassword: '',
    repeat: '',
  });

  return (
    <Page title={t('pwd.title')} backTo={paths.accountManagement.href()} className="auth-page">
      {isLoggedIn ? (
        <AuthForm
          subheading={t('pwd.subheading')}
          form={form}
          onSubmit={async ({ oldPassword, proof, newPassword }) => {
            await changePassword({
              ...(needsOld ? { oldPassword } : reauthProof(user.data, proof)),
              newPassword,
            });
            showToast(t('pwd.success'));
            await navigate(-1);
          }}
        >
          {needsOld ? (
            <FieldRow>
              <PasswordField name="oldPassword" label={t('password.currentLabel')} />
            </FieldRow>
          ) : (
            <ReauthField user={user.data} />
          )}
          <FieldRow>
            <PasswordField
              name="newPassword"
              isNew
              label={t('password.newLabel')}
              placeholder={t('password.rule')}
            />
          </FieldRow>
          <FieldRow>
            <PasswordField name="repeat" isNew label={t('password.repeatLabel')} />
          </FieldRow>
          <SubmitButton className="auth-form__submit">{t('pwd.submit')}</SubmitButton>
        </AuthForm>
      ) : (
        <LoginRequired />
      )}
    </Page>
  );
}
