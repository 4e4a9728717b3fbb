import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/feedback';
import { isApiError } from '../../../lib/api-client';
import { type Schedule, type ScheduleBody, saveSchedule, workbenchKeys } from '../api/workbench-api';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
type Shift = ScheduleBody['weeklyShifts'][number];

/** A shift is kept only when it has both ends and they differ (an end before the start runs past midnight). */
const isShiftValid = (shift: Shift) => Boolean(shift.start && shift.end) && shift.start !== shift.end;

/** The weekly shifts (ISO weekdays, local times) and the days off, saved together as the server keeps them. */
export function WeekEditor({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation('workbench');
  const queryClient = useQueryClient();
  const dayOffId = useId();
  const [shifts, setShifts] = useState<Shift[]>(schedule.weeklyShifts);
  const [daysOff, setDaysOff] = useState<string[]>(schedule.daysOff);
  const [newDayOff, setNewDayOff] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const dayName = (weekday: number) => t(`weekdays.${weekday}`);

  const save = useMutation({
    mutationFn: saveSchedule,
    onSuccess: (saved) => {
      queryClient.setQueryData(workbenchKeys.schedule, saved);
      setShifts(saved.weeklyShifts);
      setDaysOff(saved.daysOff);
      showToast(t('schedule.saved'));
    },
    onError: (error) => setProblem(isApiError(error) ? error.message : t('common:errors.unknown')),
  });

  const update = (index: number, change: Partial<Shift>) =>
    setShifts((all) => all.map((shift, at) => (at === index ? { ...shift, ...change } : shift)));
  const submit = () => {
    const invalid = shifts.find((shift) => !isShiftValid(shift));
    if (invalid) return setProblem(t('schedule.invalidShift', { day: dayName(invalid.weekday) }));
    setProblem(null);
    save.mutate({ weeklyShifts: shifts, daysOff: [...daysOff].sort() });
  };

  return (
    <section className="schedule-section" aria-labelledby="week-title">
      <h2 id="week-title" className="wb-heading">
        {t('schedule.week')}
      </h2>
      <p className="order-facts__hint">{t('schedule.weekHint')}</p>
      <ul className="week-editor">
        {WEEKDAYS.map((weekday) => {
          const day = dayName(weekday);
          const ofDay = shifts
            .map((shift, index) => ({ shift, index }))
            .filter(({ shift }) => shift.weekday === weekday);
          return (
            <li key={weekday} className="week-editor__day">
              <span className="week-editor__name">{day}</span>
              <div className="week-editor__shifts">
                {ofDay.length === 0 ? (
                  <span className="order-facts__hint">{t('schedule.closed')}</span>
                ) : null}
                {ofDay.map(({ shift, index }, position) => (
                  <div key={index} className="week-editor__shift">
                    <input
                      type="time"
                      value={shift.start}
                      aria-label={t('schedule.shiftStart', { day, index: position + 1 })}
                      onChange={(event) => update(index, { start: event.target.value })}
                    />
                    <span aria-hidden="true">–</span>
                    <input
                      type="time"
                      value={shift.end === '24:00' ? '23:59' : shift.end}
                      aria-label={t('schedule.shiftEnd', { day, index: position + 1 })}
                      onChange={(event) => update(index, { end: event.target.value })}
                    />
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('schedule.removeShift', { day, index: position + 1 })}
                      onClick={() => setShifts((all) => all.filter((_, at) => at !== index))}
                    >
                      <CloseOutline aria-hidden="true" />
                    </button>
                  </div>
                ))}
              </div>
              <button
                type="button"
                className="icon-button"
                aria-label={t('schedule.addShift', { day })}
                onClick={() => setShifts((all) => [...all, { weekday, start: '09:00', end: '18:00' }])}
              >
                <AddOutline aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>

      <h3 className="schedule-subheading">{t('schedule.daysOff')}</h3>
      <ul className="chip-list">
        {daysOff.map((date) => (
          <li key={date} className="chip">
            <span>{date}</span>
            <button
              type="button"
              className="icon-button"
              aria-label={t('schedule.removeDayOff', { date })}
              onClick={() => setDaysOff((all) => all.filter((value) => value !== date))}
            >
              <CloseOutline aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <div className="inline-form">
        <label htmlFor={dayOffId}>{t('schedule.dayOff')}</label>
        <input
          id={dayOffId}
          type="date"
          value={newDayOff}
          onChange={(event) => setNewDayOff(event.target.value)}
        />
        <Button
          size="small"
          disabled={!newDayOff || daysOff.includes(newDayOff)}
          onClick={() => {
            setDaysOff((all) => [...all, newDayOff]);
            setNewDayOff('');
          }}
        >
          {t('schedule.addDayOff')}
        </Button>
      </div>
      {problem ? (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <Button block color="primary" loading={save.isPending} onClick={submit}>
        {t('schedule.save')}
      </Button>
    </section>
  );
}
