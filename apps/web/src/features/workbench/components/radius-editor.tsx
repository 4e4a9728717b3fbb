import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Stepper } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/feedback';
import { isApiError } from '../../../lib/api-client';
import { setServiceRadius, type WorkSettings, workbenchKeys } from '../api/workbench-api';

/** How far from their base the provider takes home visits, within the server's bounds. */
export function RadiusEditor({ settings }: { settings: WorkSettings }) {
  const { t } = useTranslation('workbench');
  const queryClient = useQueryClient();
  const labelId = useId();
  const [km, setKm] = useState(settings.serviceRadiusKm);
  const save = useMutation({
    mutationFn: setServiceRadius,
    onSuccess: (next) => {
      queryClient.setQueryData(workbenchKeys.settings, next);
      showToast(t('schedule.radiusSaved'));
    },
    onError: (error) => showToast(isApiError(error) ? error.message : t('common:errors.unknown'), 3000),
  });
  return (
    <section className="schedule-section" aria-labelledby={labelId}>
      <h2 id={labelId} className="wb-heading">
        {t('schedule.radius')}
      </h2>
      <p className="order-facts__hint">
        {t('schedule.radiusHint', { min: settings.serviceRadiusMinKm, max: settings.serviceRadiusMaxKm })}
      </p>
      <div className="inline-form">
        <Stepper
          min={settings.serviceRadiusMinKm}
          max={settings.serviceRadiusMaxKm}
          step={1}
          digits={0}
          value={km}
          onChange={(value) => setKm(value ?? settings.serviceRadiusKm)}
          aria-labelledby={labelId}
        />
        <span>{t('schedule.radiusValue', { km })}</span>
      </div>
      <Button
        block
        color="primary"
        fill="outline"
        disabled={km === settings.serviceRadiusKm}
        loading={save.isPending}
        onClick={() => save.mutate(km)}
      >
        {t('schedule.radiusSave')}
      </Button>
    </section>
  );
}
