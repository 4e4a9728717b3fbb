import { Checkbox } from 'antd-mobile';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as paths from '../../../lib/paths';
import '../booking-strings';

/** The form's `agreeTerms`: the order agreement must be accepted before booking (spec section 5). */
export function OrderAgreement() {
  const { t } = useTranslation('booking');
  const { field } = useController({ name: 'agreeTerms' });
  return (
    <div className="booking-agreement">
      <Checkbox checked={field.value === true} onChange={field.onChange} aria-label={t('agreement.label')} />
      <span className="booking-agreement__text">
        {t('agreement.before')}
        <Link to={paths.orderAgreement.href()}>{t('agreement.link')}</Link>
        {t('agreement.after')}
      </span>
    </div>
  );
}
