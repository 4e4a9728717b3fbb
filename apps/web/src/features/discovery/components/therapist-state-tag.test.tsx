// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en/discovery.json';
import { renderPage } from '../../../test/render';
import { TherapistStateTag } from './therapist-state-tag';

afterEach(cleanup);

/** The server derives the state (decision 036); the tag words each case, a full week included. */
describe('therapist state tag', () => {
  it('says available now, resting, and fully booked when no free start is within the week', async () => {
    await renderPage(
      <div>
        <TherapistStateTag state="available" availableFrom={null} />
        <TherapistStateTag state="resting" availableFrom={null} />
        <TherapistStateTag state="bookable_later" availableFrom={null} />
      </div>,
    );
    expect(screen.getByText(en.therapist.state.available)).toBeTruthy();
    expect(screen.getByText(en.therapist.state.resting)).toBeTruthy();
    expect(screen.getByText(en.therapist.state.fully_booked)).toBeTruthy();
  });

  it('gives the earliest start when there is one', async () => {
    await renderPage(
      <TherapistStateTag
        state="bookable_later"
        availableFrom="2026-11-24T07:00:00.000Z"
        timeZone="Asia/Phnom_Penh"
      />,
    );
    const tag = screen.getByText(/Bookable from/);
    expect(tag.textContent).toMatch(/2:00|14:00/);
    expect(tag.textContent).not.toBe(en.therapist.state.fully_booked);
  });
});
