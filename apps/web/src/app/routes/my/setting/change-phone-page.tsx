import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../../components/ui/feedback';
import { Page } from '../../../../components/ui/page';
import '../../../../features/identity/identity.css';
import { changePhone } from '../../../../features/identity/api/identity-api';
import { AuthForm, FieldRow } from '../../../../features/identity/components/auth-form';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import {
  DEFAULT_AREA_CODE,
  PhoneField,
  type PhoneValue,
} from '../../../../features/identity/components/phone-field';
import { SmsCodeField } from '../../../../features/identity/components/sms-code-field';
import { CURRENT_USER_KEY, useCurrentUser } from '../../../../features/identity/hooks/use-identity';
import { useSubmit } from '../../../../features/identity/hooks/use-submit';
import { readStoredUser, saveUser, useIsLoggedIn } from '../../../../features/identity/session';
import { codeProblem, firstProblem, phoneProblem } from '../../../../features/identity/validation';
import * as paths from '../../../../lib/paths';

/** my/setting/changePhone: the code goes to the new number, which proves it is yours. */
export default function ChangePhonePage() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isLoggedIn = useIsLoggedIn();
  const user = useCurrentUser().data ?? readStoredUser();
  const [phone, setPhone] = useState<PhoneValue>({
    areaCode: user?.areaCode || DEFAULT_AREA_CODE,
    phone: '',
  });
  const [code, setCode] = useState('');
  const { isBusy, run } = useSubmit();

  const submit = () =>
    run(firstProblem(phoneProblem(phone), codeProblem(code)), async () => {
      const updated = await changePhone({ ...phone, code });
      saveUser(updated);
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
      showToast(t('changePhone.success'));
      await navigate(-1);
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
          onSubmit={submit}
        >
          <FieldRow>
            <PhoneField value={phone} onChange={setPhone} label={t('changePhone.newPhone')} />
          </FieldRow>
          <FieldRow>
            <SmsCodeField value={code} onChange={setCode} phone={phone} purpose="changePhone" />
          </FieldRow>
          <Button
            block
            color="primary"
            size="large"
            type="submit"
            loading={isBusy}
            className="auth-form__submit"
          >
            {t('changePhone.submit')}
          </Button>
        </AuthForm>
      ) : (
        <LoginRequired />
      )}
    </Page>
  );
}
