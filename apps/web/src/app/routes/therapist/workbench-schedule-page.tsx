import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import { useSchedule, useWorkSettings } from '../../../features/workbench/api/workbench-api';
import { RadiusEditor } from '../../../features/workbench/components/radius-editor';
import { TimeOffEditor } from '../../../features/workbench/components/time-off-editor';
import { WeekEditor } from '../../../features/workbench/components/week-editor';
import * as paths from '../../../lib/paths';
import '../../../features/workbench/workbench-strings';
import '../../../features/workbench/workbench.css';

/** Working hours, days off, time off and the service radius (/therapist/workbench/schedule). */
export default function WorkbenchSchedulePage() {
  const { t } = useTranslation('workbench');
  const schedule = useSchedule();
  const settings = useWorkSettings();
  const failed = schedule.error ?? settings.error;
  return (
    <Page title={t('schedule.title')} backTo={paths.therapist.href()}>
      {failed ? (
        <LoadError error={failed} onRetry={() => Promise.all([schedule.refetch(), settings.refetch()])} />
      ) : !schedule.data || !settings.data ? (
        <CardSkeletons count={3} />
      ) : (
        <div className="schedule-page">
          <WeekEditor schedule={schedule.data} />
          <TimeOffEditor schedule={schedule.data} timeZone={settings.data.timeZone} />
          <RadiusEditor settings={settings.data} />
        </div>
      )}
    </Page>
  );
}
