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
import { useCurrentUser } from '../../../features/identity/hooks/use-identity';
import { useSubmit } from '../../../features/identity/hooks/use-submit';
import { useIsLoggedIn } from '../../../features/identity/session';
import { firstProblem, passwordProblem } from '../../../features/identity/validation';
import * as paths from '../../../lib/paths';

/** public/pwd: change the password (the current one is asked for once one exists). */
export default function PwdPage() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const isLoggedIn = useIsLoggedIn();
  const user = useCurrentUser();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { isBusy, run } = useSubmit();
  const needsOld = user.data?.hasPassword !== false;

  const submit = () =>
    run(
      firstProblem(
        needsOld && !oldPassword ? 'password.currentRequired' : null,
        passwordProblem(newPassword),
        repeat === newPassword ? null : 'password.mismatch',
      ),
      async () => {
        await changePassword({ ...(needsOld ? { oldPassword } : {}), newPassword });
        showToast(t('pwd.success'));
        await navigate(-1);
      },
    );

  return (
    <Page title={t('pwd.title')} backTo={paths.accountManagement.href()} className="auth-page">
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
          ) : null}
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
