import '../orders-strings';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { type AlternativeProvider, useAlternatives } from '../api/orders-api';

/**
 * When the therapist declined or gave the order back: the free therapists nearby with the order's
 * new total and the difference; one tap gives them the order. Cancelling (for a full refund) sits
 * beside it in the action bar.
 */
export function AlternativesList({
  orderId,
  isSubmitting,
  onChoose,
}: {
  orderId: number;
  isSubmitting: boolean;
  onChoose: (provider: AlternativeProvider) => void;
}) {
  const { t } = useTranslation('orders');
  const format = useFormatting();
  const alternatives = useAlternatives(orderId, true);
  return (
    <section className="order-section" aria-labelledby="alternatives-title">
      <h3 id="alternatives-title" className="order-section__title">
        {t('alternatives.title')}
      </h3>
      {alternatives.isPending ? (
        <CardSkeletons count={2} />
      ) : alternatives.isError ? (
        <LoadError error={alternatives.error} onRetry={() => alternatives.refetch()} />
      ) : alternatives.data.length === 0 ? (
        <p className="order-section__text">{t('alternatives.none')}</p>
      ) : (
        <ul className="order-choices">
          {alternatives.data.map((provider) => {
            const money = (amount: number) => format.price({ amount, currency: provider.quote.currency });
            return (
              <li key={provider.therapist.id} className="order-choice order-choice--row">
                <div className="order-choice__text">
                  <span className="order-choice__name">{provider.therapist.name}</span>
                  <span className="order-choice__meta">
                    {t('alternatives.distance', {
                      distance: format.distance(provider.therapist.distanceMetres / 1000),
                    })}
                  </span>
                  <span className="order-choice__meta">
                    {t('alternatives.newTotal', { amount: money(provider.quote.payable) })}
                  </span>
                  <span className="order-choice__difference">
                    {provider.difference > 0
                      ? t('alternatives.more', { amount: money(provider.difference) })
                      : provider.difference < 0
                        ? t('alternatives.less', { amount: money(-provider.difference) })
                        : t('alternatives.same')}
                  </span>
                </div>
                <Button
                  color="primary"
                  size="small"
                  loading={isSubmitting}
                  aria-label={t('alternatives.choose', { name: provider.therapist.name })}
                  onClick={() => onChoose(provider)}
                >
                  {t('alternatives.pick')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
