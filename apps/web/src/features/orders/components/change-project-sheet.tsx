import '../orders-strings';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import { type OrderDetail, useTherapistProjects } from '../api/orders-api';

/**
 * Another project of the same therapist. The difference shown is the service price of the new
 * project for the same number of sessions against what this order's service costs; the server
 * computes the real charge (a dearer project is charged, a cheaper one is not refunded).
 */
export function ChangeProjectSheet({
  order,
  isOpen,
  isSubmitting,
  error,
  onChoose,
  onClose,
}: {
  order: OrderDetail;
  isOpen: boolean;
  isSubmitting: boolean;
  error: unknown;
  onChoose: (projectId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const format = useFormatting();
  const [chosen, setChosen] = useState<number>();
  const projects = useTherapistProjects(order.therapistId, isOpen);
  const others = (projects.data ?? []).filter((project) => project.id !== order.projectId);
  const differenceOf = (unitPrice: number) => unitPrice * order.quote.clocks - order.quote.service;
  const currency = order.quote.currency;
  return (
    <Popup visible={isOpen} onMaskClick={onClose} bodyClassName="order-sheet">
      <div role="dialog" aria-labelledby="change-title">
        <h2 id="change-title" className="order-dialog__title">
          {t('changeProject.title')}
        </h2>
        {projects.isPending ? (
          <CardSkeletons count={2} />
        ) : projects.isError ? (
          <LoadError error={projects.error} onRetry={() => projects.refetch()} />
        ) : others.length === 0 ? (
          <p>{t('changeProject.none')}</p>
        ) : (
          <ul className="order-choices" aria-label={t('changeProject.title')}>
            {others.map((project) => {
              const difference = differenceOf(project.price.amount);
              return (
                <li key={project.id}>
                  <button
                    type="button"
                    className={chosen === project.id ? 'order-choice is-chosen' : 'order-choice'}
                    aria-pressed={chosen === project.id}
                    onClick={() => setChosen(project.id)}
                  >
                    <span className="order-choice__name">{project.name}</span>
                    <span className="order-choice__meta">
                      {format.price({ amount: project.price.amount, currency: project.price.currency })}
                    </span>
                    <span className="order-choice__difference">
                      {difference > 0
                        ? t('changeProject.difference', {
                            amount: format.price({ amount: difference, currency }),
                          })
                        : difference < 0
                          ? t('changeProject.noRefund')
                          : t('changeProject.same')}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {error ? (
          <p className="order-dialog__error" role="alert">
            {isApiError(error) ? error.message : String(error)}
          </p>
        ) : null}
        <div className="order-dialog__actions">
          <Button block onClick={onClose}>
            {t('actions.back')}
          </Button>
          <Button
            block
            color="primary"
            disabled={chosen === undefined}
            loading={isSubmitting}
            onClick={() => {
              if (chosen !== undefined) onChoose(chosen);
            }}
          >
            {t('actions.changeProject')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
