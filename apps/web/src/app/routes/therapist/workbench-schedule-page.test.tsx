// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en/workbench.json';
import { answerWith, envelope, renderPage } from '../../../test/render';
import WorkbenchSchedulePage from './workbench-schedule-page';

/** The schedule editor against the server's answers: what it sends, what it refuses to send. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings = {
  isOnline: true,
  serviceRadiusKm: 10,
  serviceRadiusMinKm: 1,
  serviceRadiusMaxKm: 50,
  cityId: 1,
  timeZone: 'Asia/Phnom_Penh',
};
const timeOff = {
  id: 41,
  startsAt: '2026-11-27T02:00:00.000Z',
  endsAt: '2026-11-27T05:00:00.000Z',
  reason: 'Clinic',
};

function server() {
  let schedule = {
    weeklyShifts: [{ weekday: 1, start: '09:00', end: '21:00' }],
    daysOff: ['2026-12-24'],
    timeOff: [timeOff],
  };
  const sent: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = answerWith(async (method, path) => {
    const call = fetchMock.mock.calls.at(-1);
    const body = call?.[1]?.body ? JSON.parse(String(call[1].body)) : undefined;
    if (method !== 'GET') sent.push({ method, path, body });
    if (path === '/app/therapists/me/work-settings') return envelope(settings);
    if (path === '/app/therapists/me/schedule' && method === 'PUT') {
      schedule = { ...schedule, ...body };
      return envelope(schedule);
    }
    if (path === '/app/therapists/me/schedule') return envelope(schedule);
    if (path === '/app/therapists/me/time-off' && method === 'POST') {
      schedule = { ...schedule, timeOff: [...schedule.timeOff, { id: 42, ...body }] };
      return envelope(schedule);
    }
    if (path === '/app/therapists/me/time-off/41' && method === 'DELETE') {
      schedule = { ...schedule, timeOff: schedule.timeOff.filter((entry) => entry.id !== 41) };
      return envelope(schedule);
    }
    if (path === '/app/therapists/me/service-radius') return envelope({ ...settings, ...body });
    return envelope({ rates: [] });
  });
  return sent;
}

describe('the schedule editor', () => {
  it('adds and edits shifts and days off, and saves the whole week', async () => {
    const sent = server();
    await renderPage(<WorkbenchSchedulePage />);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: en.schedule.week });

    await user.click(screen.getByRole('button', { name: 'Add a shift on Wednesday' }));
    fireEvent.change(screen.getByLabelText('Wednesday, shift 1 starts'), { target: { value: '13:00' } });
    fireEvent.change(screen.getByLabelText('Wednesday, shift 1 ends'), { target: { value: '19:30' } });
    await user.click(screen.getByRole('button', { name: 'Remove day off 2026-12-24' }));
    fireEvent.change(screen.getByLabelText(en.schedule.dayOff), { target: { value: '2026-12-31' } });
    await user.click(screen.getByRole('button', { name: en.schedule.addDayOff }));
    await user.click(screen.getByRole('button', { name: en.schedule.save }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: '/app/therapists/me/schedule',
      body: {
        weeklyShifts: [
          { weekday: 1, start: '09:00', end: '21:00' },
          { weekday: 3, start: '13:00', end: '19:30' },
        ],
        daysOff: ['2026-12-31'],
      },
    });
  });

  it('refuses a shift that ends when it starts, and sends nothing', async () => {
    const sent = server();
    await renderPage(<WorkbenchSchedulePage />);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: en.schedule.week });
    fireEvent.change(screen.getByLabelText('Monday, shift 1 ends'), { target: { value: '09:00' } });
    await user.click(screen.getByRole('button', { name: en.schedule.save }));
    expect((await screen.findByRole('alert')).textContent).toBe('A shift must end after it starts (Monday).');
    expect(sent).toHaveLength(0);
  });

  it('adds time off typed on the city clock, and deletes one only after the confirmation', async () => {
    const sent = server();
    await renderPage(<WorkbenchSchedulePage />);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: en.schedule.timeOff });
    // antd's dialog keeps `pointer-events: none` while it animates in; a person waits, the test need not.
    const dialogUser = userEvent.setup({ pointerEventsCheck: 0 });

    // Phnom Penh is UTC+7: 14:00 there is 07:00 UTC, whatever the browser's own zone.
    fireEvent.change(screen.getByLabelText(en.schedule.timeOffStart), {
      target: { value: '2026-11-26T14:00' },
    });
    fireEvent.change(screen.getByLabelText(en.schedule.timeOffEnd), {
      target: { value: '2026-11-26T16:30' },
    });
    await user.type(screen.getByLabelText(en.schedule.timeOffReason), 'Family');
    await user.click(screen.getByRole('button', { name: en.schedule.addTimeOff }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/app/therapists/me/time-off',
      body: { startsAt: '2026-11-26T07:00:00.000Z', endsAt: '2026-11-26T09:30:00.000Z', reason: 'Family' },
    });

    const remove = screen.getAllByRole('button', { name: /^Delete time off/ })[0] as HTMLElement;
    await user.click(remove);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(en.schedule.removeTimeOffConfirm);
    await dialogUser.click(within(dialog).getByRole('button', { name: en.actions.cancel }));
    expect(sent).toHaveLength(1);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(remove);
    await dialogUser.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: en.actions.done }),
    );
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ method: 'DELETE', path: '/app/therapists/me/time-off/41' });
  });

  it('refuses a time off that ends before it starts', async () => {
    const sent = server();
    await renderPage(<WorkbenchSchedulePage />);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: en.schedule.timeOff });
    fireEvent.change(screen.getByLabelText(en.schedule.timeOffStart), {
      target: { value: '2026-11-26T14:00' },
    });
    fireEvent.change(screen.getByLabelText(en.schedule.timeOffEnd), {
      target: { value: '2026-11-26T13:00' },
    });
    await user.click(screen.getByRole('button', { name: en.schedule.addTimeOff }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.schedule.timeOffInvalid);
    expect(sent).toHaveLength(0);
  });
});
