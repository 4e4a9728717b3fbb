import '../identity-strings';
import { Checkbox } from 'antd-mobile';
import { useId } from 'react';
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
  const inputId = useId();
  return (
    <div className="agreement-check">
      {/* antd's Checkbox puts other props on its <label>, where ARIA names are not allowed: the
          checkbox's own <input> (given the id) is named by this label instead. */}
      <label htmlFor={inputId} className="visually-hidden">
        {t('agreement.checkboxLabel')}
      </label>
      <Checkbox id={inputId} checked={Boolean(field.value)} onChange={field.onChange} />
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
