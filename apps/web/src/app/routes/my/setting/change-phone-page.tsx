import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SubmitButton, useZodForm } from '../../../../components/form/form';
import { showToast } from '../../../../components/ui/feedback';
import { Page } from '../../../../components/ui/page';
import '../../../../features/identity/identity.css';
import { changePhone } from '../../../../features/identity/api/identity-api';
import { AuthForm, FieldRow } from '../../../../features/identity/components/auth-form';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { DEFAULT_AREA_CODE, PhoneField } from '../../../../features/identity/components/phone-field';
import { ReauthField, reauthProof, reauthValue } from '../../../../features/identity/components/reauth-field';
import { SmsCodeField } from '../../../../features/identity/components/sms-code-field';
import { CURRENT_USER_KEY, useCurrentUser } from '../../../../features/identity/hooks/use-identity';
import { readStoredUser, saveUser, useIsLoggedIn } from '../../../../features/identity/session';
import { changePhoneForm } from '../../../../features/identity/validation';
import * as paths from '../../../../lib/paths';

/**
 * my/setting/changePhone: the code goes to the new number, which proves it is yours; the password
 * (or a code to the current phone) proves the account is (decision 013).
 */
export default function ChangePhonePage() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isLoggedIn = useIsLoggedIn();
  const user = useCurrentUser().data ?? readStoredUser();
  const form = useZodForm(changePhoneForm(reauthValue(user)), {
    areaCode: user?.areaCode || DEFAULT_AREA_CODE,
    phone: '',
    code: '',
    proof: '',
  });

  return (
    <Page title={t('changePhone.title')} backTo={paths.accountManagement.href()} className="auth-page">
      {isLoggedIn ? (
        <AuthForm
          subheading={
            user?.mobile
              ? t('changePhone.current', { phone: `+${user.areaCode} ${user.phone}` })
              : t('changePhone.subheading')
          }
          form={form}
          onSubmit={async ({ areaCode, phone, code, proof }) => {
            const updated = await changePhone({ areaCode, phone, code, ...reauthProof(user, proof) });
            saveUser(updated);
            queryClient.setQueryData(CURRENT_USER_KEY, updated);
            showToast(t('changePhone.success'));
            await navigate(-1);
          }}
        >
          <FieldRow>
            <PhoneField label={t('changePhone.newPhone')} />
          </FieldRow>
          <FieldRow>
            <SmsCodeField purpose="changePhone" />
          </FieldRow>
          <ReauthField user={user} />
          <SubmitButton className="auth-form__submit">{t('changePhone.submit')}</SubmitButton>
        </AuthForm>
      ) : (
        <LoginRequired />
      )}
    </Page>
  );
}
