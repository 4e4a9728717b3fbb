import '../identity-strings';
import { Checkbox } from 'antd-mobile';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as paths from '../../../lib/paths';

/**
 * The form's `agreed` field: "I have read and agree to the User Agreement and the Privacy Policy"
 * (spec section 5). The sentence is assembled from parts rather than react-i18next's <Trans>, which
 * would join the first-load bundle.
 */
export function AgreementCheck() {
  const { t } = useTranslation('identity');
  const { field } = useController({ name: 'agreed' });
  return (
    <div className="agreement-check">
      <Checkbox
        checked={Boolean(field.value)}
        onChange={field.onChange}
        aria-label={t('agreement.checkboxLabel')}
      />
      <span className="agreement-check__text">
        {t('agreement.before')}
        <Link to={paths.userAgreement.href()}>{t('agreement.userLink')}</Link>
        {t('agreement.between')}
        <Link to={paths.privacyPolicy.href()}>{t('agreement.privacyLink')}</Link>
        {t('agreement.after')}
      </span>
    </div>
  );
}
