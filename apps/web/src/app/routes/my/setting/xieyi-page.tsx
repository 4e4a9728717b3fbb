import { AGREEMENT_KINDS } from '@sabai/shared/help/help-rules';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../../components/ui/page';
import { useMyAgreements } from '../../../../features/help/api/help-api';
import { formatDay } from '../../../../features/help/components/rich-text';
import '../../../../features/help/help-strings';
import '../../../../features/help/help.css';
import { useIsLoggedIn } from '../../../../features/identity/session';
import * as paths from '../../../../lib/paths';

const PAGE_OF = {
  user: paths.userAgreement,
  privacy: paths.privacyPolicy,
  order: paths.orderAgreement,
} as const;

/** my/setting/xieyi: the three agreements, and (signed in) which version the user accepted and when. */
export default function AgreementsPage() {
  const { t, i18n } = useTranslation('help');
  const isLoggedIn = useIsLoggedIn();
  const mine = useMyAgreements(isLoggedIn);
  const standing = (kind: string) => mine.data?.find((row) => row.kind === kind);

  return (
    <Page title={t('agreements.title')} backTo={paths.settings.href()} className="help-page">
      <List>
        {AGREEMENT_KINDS.map((kind) => {
          const row = standing(kind);
          const meta = !row
            ? null
            : row.mustAccept
              ? t('agreements.newVersion')
              : row.acceptedVersion !== null && row.acceptedAt
                ? t('agreements.acceptedOn', {
                    version: row.acceptedVersion,
                    date: formatDay(row.acceptedAt, i18n.language),
                  })
                : kind === 'order'
                  ? t('agreements.version', { version: row.currentVersion })
                  : t('agreements.acceptedAtSignUp');
          return (
            <List.Item
              key={kind}
              arrowIcon
              description={
                meta ? (
                  <span
                    className={
                      row?.mustAccept
                        ? 'agreements-list__meta agreements-list__meta--new'
                        : 'agreements-list__meta'
                    }
                  >
                    {meta}
                  </span>
                ) : undefined
              }
            >
              <Link className="stretched-action" to={PAGE_OF[kind].href()}>
                {row?.title ?? t(`agreements.${kind}`)}
              </Link>
            </List.Item>
          );
        })}
      </List>
    </Page>
  );
}
