import { instantOfLocal, parseTimeOfDay } from '@sabai/shared/booking/zoned-time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, showToast } from '../../../components/ui/feedback';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import { addTimeOff, removeTimeOff, type Schedule, workbenchKeys } from '../api/workbench-api';

/** "2026-11-25T14:30" typed on the city's clock → the instant, as the server takes it. */
export function cityLocalToIso(value: string, timeZone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  if (!match) return null;
  const [, date, time] = match as unknown as [string, string, string];
  return new Date(instantOfLocal(date, parseTimeOfDay(time), timeZone)).toISOString();
}

/** One-off time off: the coming list, a form to add one, delete with a confirmation. */
export function TimeOffEditor({ schedule, timeZone }: { schedule: Schedule; timeZone: string }) {
  const { t } = useTranslation('workbench');
  const format = useFormatting();
  const queryClient = useQueryClient();
  const ids = { start: useId(), end: useId(), reason: useId() };
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const saved = (next: Schedule) => queryClient.setQueryData(workbenchKeys.schedule, next);
  const failed = (error: unknown) =>
    setProblem(isApiError(error) ? error.message : t('common:errors.unknown'));

  const add = useMutation({
    mutationFn: addTimeOff,
    onSuccess: (next) => {
      saved(next);
      setStartsAt('');
      setEndsAt('');
      setReason('');
      showToast(t('schedule.timeOffAdded'));
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: removeTimeOff,
    onSuccess: (next) => {
      saved(next);
      showToast(t('schedule.timeOffRemoved'));
    },
    onError: failed,
  });

  const submit = () => {
    const start = cityLocalToIso(startsAt, timeZone);
    const end = cityLocalToIso(endsAt, timeZone);
    if (!start || !end || Date.parse(end) <= Date.parse(start))
      return setProblem(t('schedule.timeOffInvalid'));
    setProblem(null);
    add.mutate({ startsAt: start, endsAt: end, reason: reason.trim() });
  };
  const askRemove = async (id: number) => {
    if (await confirm(t('schedule.removeTimeOffConfirm'), t('actions.done'), t('actions.cancel')))
      remove.mutate(id);
  };

  return (
    <section className="schedule-section" aria-labelledby="time-off-title">
      <h2 id="time-off-title" className="wb-heading">
        {t('schedule.timeOff')}
      </h2>
      <p className="order-facts__hint">{t('schedule.timeOffHint', { zone: timeZone })}</p>
      {schedule.timeOff.length === 0 ? <p>{t('schedule.timeOffEmpty')}</p> : null}
      <ul className="time-off-list">
        {schedule.timeOff.map((entry) => {
          const range = `${format.dateTime(entry.startsAt, timeZone)} – ${format.dateTime(entry.endsAt, timeZone)}`;
          return (
            <li key={entry.id}>
              <span>
                {range}
                {entry.reason ? <small> · {entry.reason}</small> : null}
              </span>
              <button
                type="button"
                className="icon-button"
                aria-label={t('schedule.removeTimeOff', { range })}
                onClick={() => void askRemove(entry.id)}
              >
                <DeleteOutline aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
      <div className="stacked-form">
        <label htmlFor={ids.start}>{t('schedule.timeOffStart')}</label>
        <input
          id={ids.start}
          type="datetime-local"
          value={startsAt}
          onChange={(event) => setStartsAt(event.target.value)}
        />
        <label htmlFor={ids.end}>{t('schedule.timeOffEnd')}</label>
        <input
          id={ids.end}
          type="datetime-local"
          value={endsAt}
          onChange={(event) => setEndsAt(event.target.value)}
        />
        <label htmlFor={ids.reason}>{t('schedule.timeOffReason')}</label>
        <Input id={ids.reason} value={reason} onChange={setReason} maxLength={200} />
      </div>
      {problem ? (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <Button block fill="outline" color="primary" loading={add.isPending} onClick={submit}>
        {t('schedule.addTimeOff')}
      </Button>
    </section>
  );
}
