import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'antd-mobile';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/feedback';
import { isApiError } from '../../../lib/api-client';
import { setOnline, type WorkSettings, workbenchKeys } from '../api/workbench-api';

/** Online (customers can book) or offline (resting): the provider's main switch. */
export function OnlineSwitch({ settings }: { settings: WorkSettings }) {
  const { t } = useTranslation('workbench');
  const labelId = useId();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: setOnline,
    onSuccess: (next) => {
      queryClient.setQueryData(workbenchKeys.settings, next);
      showToast(next.isOnline ? t('online.wentOnline') : t('online.wentOffline'));
    },
    onError: (error) => showToast(isApiError(error) ? error.message : t('common:errors.unknown'), 3000),
  });
  const isOnline = mutation.isPending ? Boolean(mutation.variables) : settings.isOnline;
  return (
    <div className={isOnline ? 'online-switch is-online' : 'online-switch'}>
      <div>
        <span id={labelId} className="online-switch__label">
          {t('online.label')}
        </span>
        <span className="online-switch__state">{isOnline ? t('online.on') : t('online.off')}</span>
      </div>
      <Switch
        checked={isOnline}
        loading={mutation.isPending}
        onChange={(checked) => mutation.mutate(checked)}
        aria-labelledby={labelId}
      />
    </div>
  );
}
