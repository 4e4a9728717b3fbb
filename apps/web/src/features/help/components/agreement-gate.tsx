import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { showToast } from '../../../components/ui/feedback';
import { isApiError } from '../../../lib/api-error';
import * as paths from '../../../lib/paths';
import { useAcceptAgreements, useMyAgreements } from '../api/help-api';
import '../help-strings';
import '../help.css';

const PAGE_OF = {
  user: paths.userAgreement,
  privacy: paths.privacyPolicy,
  order: paths.orderAgreement,
} as const;
/** Reading an agreement must stay possible while the prompt waits. */
const READING_PATHS: readonly string[] = Object.values(PAGE_OF).map((page) => page.path);

/**
 * The blocking prompt after customer service published a new user agreement or privacy policy
 * (decision 054): the app is unusable until the signed-in user accepts the current versions; each
 * title opens its text, where the prompt steps aside.
 */
export function AgreementGate({ isLoggedIn }: { isLoggedIn: boolean }) {
  const { t } = useTranslation('help');
  const { pathname } = useLocation();
  const mine = useMyAgreements(isLoggedIn);
  const accept = useAcceptAgreements();
  const pending = (mine.data ?? []).filter((row) => row.mustAccept);
  const isVisible = isLoggedIn && pending.length > 0 && !READING_PATHS.includes(pathname);

  const onAccept = () =>
    accept.mutate(
      pending.map((row) => ({ kind: row.kind, version: row.currentVersion })),
      {
        onError: (error) => {
          showToast(isApiError(error) ? error.message : t('agreements.acceptFailed'));
          void mine.refetch();
        },
      },
    );

  return (
    // Dialog (not Modal): it is announced as a dialog to assistive technology.
    <Dialog
      visible={isVisible}
      closeOnMaskClick={false}
      aria-label={t('agreements.promptTitle')}
      title={t('agreements.promptTitle')}
      content={
        <div className="agreement-gate">
          <p>{t('agreements.promptIntro')}</p>
          <ul className="agreement-gate__list">
            {pending.map((row) => (
              <li key={row.kind}>
                <Link to={PAGE_OF[row.kind].href()}>{row.title}</Link>{' '}
                <span className="agreement-gate__version">
                  {t('agreements.version', { version: row.currentVersion })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      }
      actions={[
        {
          key: 'accept',
          text: t('agreements.accept'),
          bold: true,
          disabled: accept.isPending,
          onClick: onAccept,
        },
      ]}
    />
  );
}
