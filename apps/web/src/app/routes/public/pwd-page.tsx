import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/feedback';
import { Page } from '../../../components/ui/page';
import '../../../features/identity/identity.css';
import { changePassword } from '../../../features/identity/api/identity-api';
import { AuthForm, FieldRow } from '../../../features/identity/components/auth-form';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { ReauthField, reauthProblem, reauthProof } from '../../../features/identity/components/reauth-field';
import { useCurrentUser } from '../../../features/identity/hooks/use-identity';
import { useSubmit } from '../../../features/identity/hooks/use-submit';
import { useIsLoggedIn } from '../../../features/identity/session';
import { firstProblem, passwordProblem } from '../../../features/identity/validation';

/** public/pwd: change the password (the current one is asked for once one exists). */
export default function PwdPage() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const isLoggedIn = useIsLoggedIn();
  const user = useCurrentUser();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [proof, setProof] = useState('');
  const { isBusy, run } = useSubmit();
  const needsOld = user.data?.hasPassword !== false;

  const submit = () =>
    run(
      firstProblem(
        needsOld && !oldPassword ? 'password.currentRequired' : null,
        needsOld ? null : reauthProblem(user.data, proof),
        passwordProblem(newPassword),
        repeat === newPassword ? null : 'password.mismatch',
      ),
      async () => {
        // A first password needs a code to the phone (decision 013).
        await changePassword({
          ...(needsOld ? { oldPassword } : reauthProof(user.data, proof)),
          newPassword,
        });
        showToast(t('pwd.success'));
        await navigate(-1);
      },
    );

  return (
    <Page title={t('pwd.title')} backTo="/my/setting/accountManagement" className="auth-page">
      {isLoggedIn ? (
        <AuthForm subheading={t('pwd.subheading')} onSubmit={submit}>
          {needsOld ? (
            <FieldRow>
              <Input
                type="password"
                autoComplete="current-password"
                aria-label={t('password.currentLabel')}
                placeholder={t('password.currentLabel')}
                value={oldPassword}
                onChange={setOldPassword}
              />
            </FieldRow>
          ) : (
            <FieldRow>
              <ReauthField user={user.data} value={proof} onChange={setProof} />
            </FieldRow>
          )}
          <FieldRow>
            <Input
              type="password"
              autoComplete="new-password"
              aria-label={t('password.newLabel')}
              placeholder={t('password.rule')}
              value={newPassword}
              onChange={setNewPassword}
            />
          </FieldRow>
          <FieldRow>
            <Input
              type="password"
              autoComplete="new-password"
              aria-label={t('password.repeatLabel')}
              placeholder={t('password.repeatLabel')}
              value={repeat}
              onChange={setRepeat}
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
            {t('pwd.submit')}
          </Button>
        </AuthForm>
      ) : (
        <LoginRequired />
      )}
    </Page>
  );
}
