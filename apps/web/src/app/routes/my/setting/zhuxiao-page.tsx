import { IS_LOGOUT } from '@sabai/shared/identity/identity.rules';
import { Button } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CheckboxField } from '../../../../components/form/checkbox-field';
import { Form, SubmitButton, useZodForm } from '../../../../components/form/form';
import { confirm, showToast } from '../../../../components/ui/feedback';
import { Page } from '../../../../components/ui/page';
import '../../../../features/identity/identity.css';
import { PageLoading } from '../../../../components/ui/page-loading';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { ReauthField, reauthProof, reauthValue } from '../../../../features/identity/components/reauth-field';
import {
  useCancellation,
  useCancellationActions,
  useCurrentUser,
  useLogout,
} from '../../../../features/identity/hooks/use-identity';
import { readStoredUser, useIsLoggedIn } from '../../../../features/identity/session';
import { cancellationForm } from '../../../../features/identity/validation';
import { useFormatting } from '../../../../hooks/use-formatting';
import { VIEWER_ZONE } from '../../../../lib/format-dates';
import * as paths from '../../../../lib/paths';

/**
 * my/setting/zhuxiao: request account cancellation (understood, the password or a code to the phone
 * typed again (decision 013), then confirmed); `?setup=3` shows the pending request, when it completes, and lets the user withdraw it during the three days.
 */
export default function ZhuxiaoPage() {
  const { t } = useTranslation('identity');
  const format = useFormatting();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isLoggedIn = useIsLoggedIn();
  const status = useCancellation();
  const { request, revoke } = useCancellationActions();
  const logout = useLogout();
  const user = useCurrentUser().data ?? readStoredUser();
  const form = useZodForm(cancellationForm(reauthValue(user)), { understood: false, proof: '' });
  const isPending = status.data?.isLogout === IS_LOGOUT.pending;
  const showStatus = params.get('setup') === '3' || isPending;

  if (!isLoggedIn) {
    return (
      <Page title={t('cancel.title')} backTo={paths.accountManagement.href()}>
        <LoginRequired />
      </Page>
    );
  }

  // The account's own dates are on the viewer's clock (it belongs to no city).
  const formatDate = (iso: string | null | undefined) => (iso ? format.dateTime(iso, VIEWER_ZONE) : '');

  const submit = async ({ proof }: { proof: string }) => {
    if (!(await confirm(t('cancel.confirmQuestion'), t('cancel.confirmYes'), t('cancel.confirmNo')))) return;
    await request.mutateAsync(reauthProof(user, proof));
    await navigate(paths.cancelAccount.href({ step: 3 }), { replace: true });
  };

  const withdraw = async () => {
    try {
      await revoke.mutateAsync();
      showToast(t('cancel.withdrawn'));
      await navigate(paths.my.href(), { replace: true });
    } catch (error) {
      showToast((error as Error).message);
    }
  };

  const logOut = async () => {
    await logout();
    await navigate(paths.my.href(), { replace: true });
  };

  if (status.isPending) {
    return (
      <Page title={t('cancel.title')} backTo={paths.accountManagement.href()}>
        <PageLoading />
      </Page>
    );
  }

  return (
    <Page title={t('cancel.title')} backTo={paths.accountManagement.href()} className="cancel-page">
      {showStatus && isPending ? (
        <section className="cancel-status" aria-live="polite">
          <ExclamationCircleOutline className="cancel-status__icon" aria-hidden="true" />
          <h2>{t('cancel.pendingTitle')}</h2>
          <p>{t('cancel.pendingBody', { date: formatDate(status.data?.dueAt) })}</p>
          <p className="cancel-status__requested">
            {t('cancel.requestedAt', { date: formatDate(status.data?.requestedAt) })}
          </p>
          <div className="page-actions">
            <Button block color="primary" size="large" onClick={withdraw} loading={revoke.isPending}>
              {t('cancel.withdraw')}
            </Button>
            <Button block fill="outline" size="large" onClick={logOut}>
              {t('account.logout')}
            </Button>
          </div>
        </section>
      ) : (
        <section className="cancel-intro">
          <h2>{t('cancel.introTitle')}</h2>
          <ul>
            <li>{t('cancel.point1')}</li>
            <li>{t('cancel.point2')}</li>
            <li>{t('cancel.point3')}</li>
            <li>{t('cancel.point4')}</li>
          </ul>
          <Form form={form} onSubmit={submit}>
            <CheckboxField name="understood" className="cancel-intro__check">
              {t('cancel.understand')}
            </CheckboxField>
            <ReauthField user={user} />
            <div className="page-actions">
              <SubmitButton color="danger">{t('cancel.submit')}</SubmitButton>
            </div>
          </Form>
        </section>
      )}
    </Page>
  );
}
